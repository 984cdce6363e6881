'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/Link';
import { HEALTH_EVERY_MS, PROBE_EVERY_MS } from '@/components/webhook/useWebhookHealth';
import {
  PROBE_FRESH_MS,
  WEBHOOK_STATE_WORDS,
  webhookVerdict,
  type ProbeAnswer,
  type WebhookState,
  type WebhookStateCode,
} from '@/lib/domain';
import { incidentHref } from '@/lib/routes';
import { fetchJson, postJson, queryKeys } from '@/lib/client/query';
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
      <Link href="/webhook" className="text-zinc-700!" title={why} data-testid="pod-creation-state" data-state="unknown">
        ● pod creation: unknown
      </Link>
    );
  }
  const open = read.data?.openIncident;
  return (
    <>
      <PodCreationState state={state.value} probe={probe.data ?? null} />
      {open && (
        <Link
          href={incidentHref(open.id)}
          className="ml-2 font-semibold text-amber-800!"
          data-testid="open-incident-state"
          data-id={open.id}
          title="Open until the probe is admitted through Kyverno's registration again"
        >
          ● {open.kind === 'drill' ? 'drill' : 'incident'} open
        </Link>
      )}
    </>
  );
}

function PodCreationState({ state, probe }: { state: WebhookState; probe: ProbeAnswer | null }) {
  const { state: verdict, probe: weighed } = webhookVerdict(state, probe, new Date());
  if (weighed?.outcome === 'denied' && fresh(weighed.at))
    return <StateLink code="denied" href="/webhook" words="● Pods denied by the policy →" title={weighed.explanation} />;
  if (verdict.code === 'refusing')
    return <StateLink code="refusing" href="/break-glass" words="● Pod creation refused: break-glass →" title={verdict.reason} />;
  const words = `● pod creation: ${WEBHOOK_STATE_WORDS[verdict.code].toLowerCase()}`;
  return <StateLink code={verdict.code} href="/webhook" words={words} title={verdict.reason} />;
}

// Links take the link colour from the global style, so the tones here are marked important. Red is only for pods
// refused; every other state that wants a look is amber.
const LINK_TONE: Record<WebhookStateCode | 'denied', string> = {
  healthy: 'text-green-800! no-underline',
  degraded: 'font-semibold text-amber-800!',
  starting: 'font-semibold text-amber-800!',
  orphaned: 'font-semibold text-amber-800!',
  'break-glass': 'font-semibold text-amber-800!',
  refusing: 'rounded border border-red-400 bg-red-100 px-2 py-0.5 font-semibold text-red-900!',
  denied: 'rounded border border-red-400 bg-red-100 px-2 py-0.5 font-semibold text-red-900!',
};

function StateLink({ code, href, words, title }: { code: WebhookStateCode | 'denied'; href: string; words: string; title: string }) {
  return (
    <Link href={href} className={LINK_TONE[code]} title={title} data-testid="pod-creation-state" data-state={code}>
      {words}
    </Link>
  );
}

const fresh = (at: string) => Date.now() - new Date(at).getTime() <= PROBE_FRESH_MS;
