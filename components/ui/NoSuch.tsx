import type { ReactNode } from 'react';
import { ErrorBox } from './ErrorBox';
import { ErrorText } from './ErrorText';

/** A page's "No such …" for a namespaced name that does not exist: the name as typed, then where to look instead. */
export function NoSuch({ title, namespace, name, children }: { title: string; namespace: string; name: string; children: ReactNode }) {
  return (
    <ErrorBox data-testid="error-state" data-error="not-found">
      <ErrorText as="h1" deep className="text-base font-semibold">
        {title}
      </ErrorText>
      <p className="mt-1 font-mono">
        {namespace}/{name}
      </p>
      <p className="mt-2 text-zinc-700">{children}</p>
    </ErrorBox>
  );
}
