'use client';

import { useQuery } from '@tanstack/react-query';
import type { SignedIn } from '@/lib/access-types';
import { fetchJson, queryKeys } from '@/lib/client/query';

/**
 * The person signed in, asked by the browser (GET /api/viewer): the pages themselves are shared by everyone with the
 * same rights, so no page is rendered with a name in it. With a part of the cluster, its namespaces on hover.
 */
export function SignedInAs() {
  const read = useQuery({
    queryKey: queryKeys.viewer(),
    queryFn: ({ signal }) => fetchJson<SignedIn>('/api/viewer', signal),
    staleTime: 60_000,
    retry: false,
  });
  const person = read.data?.person;
  if (!person) return null;
  const namespaces = read.data!.namespaces;
  const reads = namespaces === 'all' ? 'every namespace' : namespaces.length === 0 ? 'no namespace' : namespaces.join(', ');
  return (
    <span className="text-sm text-zinc-700" data-testid="signed-in-as" title={`Reads pods in ${reads}`}>
      Signed in as <strong className="font-medium text-zinc-900">{person}</strong>
    </span>
  );
}
