import type { ComponentProps } from 'react';

// memdash's buttons, by what they are for. A button's `type` is the caller's: in a form, a button without one submits.
const LOOKS = {
  /** An action of a form or of a result on the page: Filter, Stop, Download. */
  grey: 'rounded border bg-zinc-100 px-3 py-1',
  /** An action that stands on its own: apply the filters, try again. */
  white: 'rounded border border-zinc-400 bg-white px-3 py-1 hover:bg-zinc-100',
  /** A small one beside what it acts on: Copy, Forget. */
  small: 'rounded border border-zinc-300 bg-white px-2 py-0.5 text-xs hover:bg-zinc-100',
  /** A form's submit beside its one field, as tall as the field: List. */
  field: 'rounded border border-zinc-400 bg-zinc-50 px-2 py-1 hover:bg-zinc-100',
  /** A read asked for again, in a panel's title: Run the probe. */
  quiet: 'rounded border border-zinc-400 bg-zinc-50 px-2 py-0.5 hover:bg-zinc-100 disabled:opacity-50',
  /** A write to the cluster. */
  write:
    'rounded border px-3 py-1 font-medium text-white disabled:border-zinc-300 disabled:bg-zinc-200 disabled:text-zinc-500 border-blue-700 bg-blue-700',
  /** A write that stops pod creation while it holds. */
  danger:
    'rounded border px-3 py-1 font-medium text-white disabled:border-zinc-300 disabled:bg-zinc-200 disabled:text-zinc-500 border-red-700 bg-red-700',
} as const;

export type ButtonLook = keyof typeof LOOKS;

export function Button({ look, className = '', ...rest }: { look: ButtonLook } & ComponentProps<'button'>) {
  return <button className={`${LOOKS[look]} ${className}`} {...rest} />;
}
