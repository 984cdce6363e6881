import type { ReactNode } from 'react';
import type { Part } from '@/lib/views/webhook-health-types';

/** A panel of the webhook page: its content, or its own failure with the permission its read needs. */
export function Panel<T>({ title, part, id, children }: { title: string; part: Part<T> | undefined; id: string; children: (value: T) => ReactNode }) {
  return (
    <section className="rounded border border-zinc-200 bg-white p-3" data-testid={id}>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {!part ? (
        <p className="text-zinc-500">reading…</p>
      ) : part.ok ? (
        children(part.value)
      ) : (
        <div className="rounded border border-red-300 bg-red-50 p-2" data-testid="panel-error" data-error={part.error.code}>
          <p className="font-mono break-words text-red-900">{part.error.message}</p>
          {part.error.code === 'forbidden' && <p className="mt-1 text-zinc-700">memdash&apos;s read credential needs: {part.needs}</p>}
        </div>
      )}
    </section>
  );
}

/** A line of facts: label and value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-600">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function Tag({ tone, children }: { tone: 'good' | 'warn' | 'bad' | 'plain'; children: ReactNode }) {
  const tones = {
    good: 'bg-green-100 text-green-900 border-green-300',
    warn: 'bg-amber-100 text-amber-900 border-amber-300',
    bad: 'bg-red-100 text-red-900 border-red-300',
    plain: 'bg-zinc-100 text-zinc-800 border-zinc-300',
  };
  return <span className={`inline-block rounded border px-1.5 py-0.5 text-xs ${tones[tone]}`}>{children}</span>;
}
