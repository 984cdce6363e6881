'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson, postWrite, queryKeys, serverRead } from '@/lib/client/query';
import { clusterHref, lifecycleApi } from '@/lib/routes';
import { useClusterName } from '@/components/shell/ClusterName';
import type { LifecycleView, RemovalAnswer } from '@/lib/views/lifecycle-types';
import type { WriteCredential } from '@/lib/write-credential';

// Read every few seconds: during a removal the registrations and the pods go while the operator watches.
const LIFECYCLE_EVERY_MS = 5_000;

/** The upgrade check and what a removal leaves; `initial`: the server's read the page was rendered with. */
export function useLifecycle(initial?: LifecycleView) {
  const cluster = useClusterName();
  return useQuery({
    queryKey: queryKeys.lifecycle(cluster),
    queryFn: ({ signal }) => fetchJson<LifecycleView>(lifecycleApi(cluster), signal),
    refetchInterval: LIFECYCLE_EVERY_MS,
    staleTime: 0,
    ...serverRead(initial),
  });
}

/** Runs a removal delete with the tab's write credential, then reads the page again. */
export function useRemovalRunner() {
  const client = useQueryClient();
  const cluster = useClusterName();
  return async (path: string, body: object, credential: WriteCredential | null): Promise<RemovalAnswer> => {
    try {
      return await postWrite<RemovalAnswer>(clusterHref(cluster, path), body, credential);
    } finally {
      await client.invalidateQueries({ queryKey: queryKeys.lifecycle(cluster) });
    }
  };
}
