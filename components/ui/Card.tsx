import type { ComponentProps } from 'react';

/** A white bordered box around one part of a page. */
export function Card({ className = '', ...rest }: ComponentProps<'section'>) {
  return <section className={`rounded border border-zinc-200 bg-white p-3 ${className}`} {...rest} />;
}
