'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/Link';
import { BOX_TONE, TEXT_TONE, WEBHOOK_STATE_TONE } from '@/components/ui/tone';
import { HEALTH_EVERY_MS, PROBE_EVERY_MS } from '@/components/webhook/useWebhookHealth';
import { PROBE_FRESH_MS, WEBHOOK_STATE_WORDS, webhookVerdict, type ProbeAnswer } from '@/lib/domain';
import { fetchJson, postJson, queryKeys } from '@/lib/query';
import type { WebhookStateRead } from '@/lib/views/webhook-health-types';

/**
 * Whether pods can be created, in the header of every page: the webhook's one state, weighed against the probe as
 * the webhook page weighs it (the same probe query, so a tab on /webhook asks once). "The API server answers" is
 * not that: a cluster can answer every read and refuse every pod.
 */
export function PodCreationStatus() {
  const read = useQuery({
    queryKey: queryKeys.webhook.state(),
    queryFn: ({ signal }) => fetchJson<WebhookStateRead>('/api/webhook/state', signal),
    refetchInterval: HEALTH_EVERY_MS,
    retry: false,
  });
  const probe = useQuery({
    queryKey: queryKeys.webhook.probe(),
    queryFn: ({ signal }) => postJson<ProbeAnswer>('/api/webhook/probe', signal),
    refetchInterval: PROBE_EVERY_MS,
    staleTime: 0,
    retry: false,
  });
  const state = read.data?.state;
  if (read.isPending) return <span className="text-zinc-600">pod creation: checking…</span>;
  if (!state?.ok) {
    const why = read.error instanceof Error ? read.error.message : state?.ok === false ? state.error.message : undefined;
    return (
      <Link href="/webhook" className="text-zinc-700 underline" title={why} data-testid="pod-creation-state" data-state="unknown">
        ● pod creation: unknown
      </Link>
    );
  }
  const { state: verdict, probe: weighed } = webhookVerdict(state.value, probe.data ?? null, new Date());
  if (weighed?.outcome === 'denied' && fresh(weighed.at))
    return (
      <Link
        href="/webhook"
        className={`rounded border px-2 py-0.5 font-semibold underline ${BOX_TONE.bad}`}
        data-testid="pod-creation-state"
        data-state="denied"
      >
        ● Pods denied by the policy →
      </Link>
    );
  const words = `● pod creation: ${WEBHOOK_STATE_WORDS[verdict.code].toLowerCase()}`;
  if (verdict.code === 'healthy')
    return (
      <Link href="/webhook" className={TEXT_TONE.good} title={verdict.reason} data-testid="pod-creation-state" data-state="healthy">
        {words}
      </Link>
    );
  const refusing = verdict.code === 'refusing';
  return (
    <Link
      href={refusing ? '/break-glass' : '/webhook'}
      className={`font-semibold underline ${refusing ? `rounded border px-2 py-0.5 ${BOX_TONE.bad}` : TEXT_TONE[WEBHOOK_STATE_TONE[verdict.code]]}`}
      title={verdict.reason}
      data-testid="pod-creation-state"
      data-state={verdict.code}
    >
      {refusing ? '● Pod creation refused: break-glass →' : words}
    </Link>
  );
}

const fresh = (at: string) => Date.now() - new Date(at).getTime() <= PROBE_FRESH_MS;
