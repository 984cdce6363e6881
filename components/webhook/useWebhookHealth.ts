'use client';

import { useQuery } from '@tanstack/react-query';
import { verdictOf, type ProbeAnswer, type WebhookVerdict } from '@/lib/domain';
import { fetchJson, postJson, queryKeys, serverRead } from '@/lib/client/query';
import type { WebhookHealth } from '@/lib/views/webhook-health-types';
import { lastProbeFailure, lastState } from './verdict-inputs';
import { useClusterName } from '@/components/shell/ClusterName';
import { clusterHref } from '@/lib/routes';

export const HEALTH_EVERY_MS = 5_000;
// The probe goes through admission each time, so it runs less often than the reads; the button runs it now.
export const PROBE_EVERY_MS = 20_000;

/**
 * The webhook's reads, refreshed every few seconds, and the probe; the verdict weighs one against the other.
 * `initial`: the reads the server made to render the page, shown until the first refresh (a page that reads the
 * cluster only after hydrating paints nothing contentful until those reads come back, long at production size).
 */
export function useWebhookHealth(initial?: WebhookHealth) {
  const cluster = useClusterName();
  const health = useQuery({
    queryKey: queryKeys.webhook.health(cluster),
    queryFn: ({ signal }) => fetchJson<WebhookHealth>(clusterHref(cluster, '/api/webhook'), signal),
    refetchInterval: HEALTH_EVERY_MS,
    staleTime: 0,
    ...serverRead(initial),
  });
  const probe = useQuery({
    queryKey: queryKeys.webhook.probe(cluster),
    queryFn: ({ signal }) => postJson<ProbeAnswer>(clusterHref(cluster, '/api/webhook/probe'), signal),
    refetchInterval: PROBE_EVERY_MS,
    staleTime: 0,
  });
  // a failed refresh or probe makes it unknown: the last read's objects say nothing of now
  const state = lastState(health);
  const verdict: WebhookVerdict | null = state ? verdictOf(state, probe.data ?? null, new Date(), lastProbeFailure(probe)) : null;
  return { health, probe, verdict };
}
