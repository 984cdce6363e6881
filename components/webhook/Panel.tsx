import type { ReactNode } from 'react';
import { Card } from '@/components/ui/Card';
import { ErrorBox } from '@/components/ui/ErrorBox';
import type { Part } from '@/lib/views/webhook-health-types';
import { ErrorText } from '@/components/ui/ErrorText';

/** A panel of the webhook page: its content, or its own failure with the permission its read needs. */
export function Panel<T>({
  title,
  part,
  id,
  children,
}: {
  title: string;
  part: Part<T> | undefined;
  id: string;
  children: (value: T) => ReactNode;
}) {
  return (
    <Card data-testid={id}>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {!part ? (
        <p className="text-zinc-500">reading…</p>
      ) : part.ok ? (
        children(part.value)
      ) : (
        <ErrorBox compact data-testid="panel-error" data-error={part.error.code}>
          <ErrorText as="p" deep className="font-mono break-words">
            {part.error.message}
          </ErrorText>
          {part.error.code === 'forbidden' && part.needs && (
            <p className="mt-1 text-zinc-700">memdash&apos;s read credential needs: {part.needs}</p>
          )}
        </ErrorBox>
      )}
    </Card>
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
