import type { ReactNode } from 'react';
import { ErrorBox } from './ErrorBox';
import { ErrorText } from './ErrorText';
import { ClusterLink } from '@/components/shell/ClusterName';

/**
 * A page's "No such …" for a namespaced name that does not exist: the name as typed, then where to look instead. In
 * a namespace the asker may not read (`namespaces`, theirs), memdash answers the same whether it is there or not, and
 * says so instead of calling it gone.
 */
export function NoSuch({
  title,
  namespace,
  name,
  namespaces = 'all',
  children,
}: {
  title: string;
  namespace: string;
  name: string;
  namespaces?: 'all' | readonly string[];
  children: ReactNode;
}) {
  const yours = namespaces === 'all' || namespaces.includes(namespace);
  return (
    <ErrorBox data-testid="error-state" data-error="not-found" data-yours={yours ? 'yes' : 'no'}>
      <ErrorText as="h1" deep className="text-base font-semibold">
        {yours ? title : 'Not found, or not yours to read'}
      </ErrorText>
      <p className="mt-1 font-mono">
        {namespace}/{name}
      </p>
      <p className="mt-2 text-zinc-700">
        {yours ? (
          children
        ) : (
          <>
            You may not list pods in {namespace}, so memdash answers the same whether it is there or not. Ask for a RoleBinding there, or
            look in <ClusterLink href="/pods">the namespaces you can read</ClusterLink>.
          </>
        )}
      </p>
    </ErrorBox>
  );
}
