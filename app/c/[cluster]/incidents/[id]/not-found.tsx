'use client';

import { useParams } from 'next/navigation';
import { ErrorBox } from '@/components/ui/ErrorBox';
import { ErrorText } from '@/components/ui/ErrorText';
import { segmentAsTyped } from '@/lib/routes';
import { ClusterLink } from '@/components/shell/ClusterName';

/** "No such incident", with the id as typed and where to look instead. */
export default function IncidentNotFound() {
  const id = segmentAsTyped(useParams<{ id: string }>().id);
  return (
    <ErrorBox data-testid="error-state" data-error="not-found">
      <ErrorText as="h1" deep className="text-base font-semibold">
        No such incident
      </ErrorText>
      <p className="mt-1 font-mono">{id}</p>
      <p className="mt-2 text-zinc-700">
        memdash recorded no break-glass or drill by that id. <ClusterLink href="/incidents">Every incident</ClusterLink>
      </p>
    </ErrorBox>
  );
}
