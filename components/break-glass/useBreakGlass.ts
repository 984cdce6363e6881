'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProbeAnswer } from '@/lib/domain';
import { fetchJson, postJson, postWrite, queryKeys, serverRead } from '@/lib/client/query';
import type { BreakGlassView, DrillView, PodsCreatedView, StepAnswer } from '@/lib/views/break-glass-types';
import type { WriteCredential } from '@/lib/write-credential';
import { useClusterName } from '@/components/shell/ClusterName';
import { clusterHref } from '@/lib/routes';

// Read often: the wait for the pods and the registration's return are watched live.
export const BREAK_GLASS_EVERY_MS = 2_000;

/** Where the break-glass stands; `initial`: the server's read the page was rendered with, until the first refresh. */
export function useBreakGlass(initial?: BreakGlassView) {
  const cluster = useClusterName();
  return useQuery({
    queryKey: queryKeys.breakGlass.state(cluster),
    queryFn: ({ signal }) => fetchJson<BreakGlassView>(clusterHref(cluster, '/api/break-glass'), signal),
    refetchInterval: BREAK_GLASS_EVERY_MS,
    staleTime: 0,
    ...serverRead(initial),
  });
}

export function useDrill() {
  const cluster = useClusterName();
  return useQuery({
    queryKey: queryKeys.breakGlass.drill(cluster),
    queryFn: ({ signal }) => fetchJson<DrillView>(clusterHref(cluster, '/api/break-glass/drill'), signal),
    refetchInterval: BREAK_GLASS_EVERY_MS,
    staleTime: 0,
  });
}

/** The evidence's probe: the webhook page's (read credential, no record); the probe step is the recorded one. */
export function useEvidenceProbe() {
  const cluster = useClusterName();
  return useQuery({
    queryKey: queryKeys.webhook.probe(cluster),
    queryFn: ({ signal }) => postJson<ProbeAnswer>(clusterHref(cluster, '/api/webhook/probe'), signal),
    refetchInterval: 20_000,
    staleTime: 0,
  });
}

export function usePodsCreated(since: string) {
  const cluster = useClusterName();
  return useQuery({
    queryKey: queryKeys.breakGlass.podsCreated(cluster, since),
    queryFn: ({ signal }) =>
      fetchJson<PodsCreatedView>(
        clusterHref(cluster, `/api/break-glass/pods-created${since ? `?since=${encodeURIComponent(since)}` : ''}`),
        signal,
      ),
    refetchInterval: 10_000,
  });
}

/**
 * Runs a break-glass or drill step with the tab's write credential, then rereads where the steps stand (the drill's
 * too: its next button then replaces this one at once, rather than this one standing pressable until the next read).
 */
export function useStepRunner() {
  const client = useQueryClient();
  const cluster = useClusterName();
  return async (path: string, body: object, credential: WriteCredential | null): Promise<StepAnswer> => {
    try {
      return await postWrite<StepAnswer>(clusterHref(cluster, path), body, credential);
    } finally {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.breakGlass.state(cluster) }),
        client.invalidateQueries({ queryKey: queryKeys.breakGlass.drill(cluster) }),
      ]);
    }
  };
}
