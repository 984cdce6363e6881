'use client';

import { useSearchParams } from 'next/navigation';
import { ErrorBox } from '@/components/ui/ErrorBox';
import { ErrorText } from '@/components/ui/ErrorText';
import { ClusterLink } from '@/components/shell/ClusterName';

/** "No such version", naming the versions the URL asked for and leading to the recorded ones. */
export default function DiffNotFound() {
  const query = useSearchParams();
  const asked = (['from', 'to'] as const).filter((k) => query.has(k)).map((k) => `${k} ${query.get(k)}`);
  return (
    <ErrorBox data-testid="error-state" data-error="not-found">
      <ErrorText as="h1" deep className="text-base font-semibold">
        No such version of the table
      </ErrorText>
      <p className="mt-1 font-mono break-words">{asked.length ? asked.join(', ') : '(no versions named)'}</p>
      <p className="mt-2 text-zinc-700">
        These are not both recorded version numbers. <ClusterLink href="/table/snapshots">Recorded versions</ClusterLink>
      </p>
    </ErrorBox>
  );
}
