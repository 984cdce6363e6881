'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProbeAnswer } from '@/lib/domain';
import { fetchJson, postJson, postWrite, queryKeys, serverRead } from '@/lib/client/query';
import type { BreakGlassView, DrillView, PodsCreatedView, StepAnswer } from '@/lib/views/break-glass-types';
import type { WriteCredential } from '@/lib/write-credential';

// Read often: the wait for the pods and the registration's return are watched live.
export const BREAK_GLASS_EVERY_MS = 2_000;

/** Where the break-glass stands; `initial`: the server's read the page was rendered with, until the first refresh. */
export function useBreakGlass(initial?: BreakGlassView) {
  return useQuery({
    queryKey: queryKeys.breakGlass.state(),
    queryFn: ({ signal }) => fetchJson<BreakGlassView>('/api/break-glass', signal),
    refetchInterval: BREAK_GLASS_EVERY_MS,
    staleTime: 0,
    ...serverRead(initial),
  });
}

export function useDrill() {
  return useQuery({
    queryKey: queryKeys.breakGlass.drill(),
    queryFn: ({ signal }) => fetchJson<DrillView>('/api/break-glass/drill', signal),
    refetchInterval: BREAK_GLASS_EVERY_MS,
    staleTime: 0,
  });
}

/** The evidence's probe: the webhook page's (read credential, no record); the probe step is the recorded one. */
export function useEvidenceProbe() {
  return useQuery({
    queryKey: queryKeys.webhook.probe(),
    queryFn: ({ signal }) => postJson<ProbeAnswer>('/api/webhook/probe', signal),
    refetchInterval: 20_000,
    staleTime: 0,
  });
}

export function usePodsCreated(since: string) {
  return useQuery({
    queryKey: queryKeys.breakGlass.podsCreated(since),
    queryFn: ({ signal }) =>
      fetchJson<PodsCreatedView>(`/api/break-glass/pods-created${since ? `?since=${encodeURIComponent(since)}` : ''}`, signal),
    refetchInterval: 10_000,
  });
}

/**
 * Runs a break-glass or drill step with the tab's write credential, then rereads where the steps stand (the drill's
 * too: its next button then replaces this one at once, rather than this one standing pressable until the next read).
 */
export function useStepRunner() {
  const client = useQueryClient();
  return async (url: string, body: object, credential: WriteCredential | null): Promise<StepAnswer> => {
    try {
      return await postWrite<StepAnswer>(url, body, credential);
    } finally {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.breakGlass.state() }),
        client.invalidateQueries({ queryKey: queryKeys.breakGlass.drill() }),
      ]);
    }
  };
}
