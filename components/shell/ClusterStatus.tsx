'use client';

import { useQuery } from '@tanstack/react-query';
import { fetchJson, queryKeys } from '@/lib/client/query';
import type { Readiness } from '@/lib/views/readiness-types';

/** A small live "API server answers" dot for the header, polling /readyz. */
export function ClusterStatus() {
  const { data, error, isPending } = useQuery({
    queryKey: queryKeys.ready(),
    queryFn: ({ signal }) => fetchJson<Readiness>('/readyz', signal),
    refetchInterval: 15_000,
    retry: false,
  });
  if (isPending) return <span className="text-zinc-500">cluster: checking…</span>;
  if (error || !data) {
    return (
      <span className="font-medium text-red-700" title={error instanceof Error ? error.message : undefined} data-testid="cluster-status">
        ● cluster unreachable
      </span>
    );
  }
  return (
    <span className="text-green-800" data-testid="cluster-status">
      ● cluster {data.version}
    </span>
  );
}
