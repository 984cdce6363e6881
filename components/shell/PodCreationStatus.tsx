'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/Link';
import { HEALTH_EVERY_MS, PROBE_EVERY_MS } from '@/components/webhook/useWebhookHealth';
import { lastProbeFailure, lastState } from '@/components/webhook/verdict-inputs';
import { PROBE_FRESH_MS, WEBHOOK_STATE_WORDS, verdictOf, type ProbeAnswer, type WebhookStateCode, type WebhookVerdict } from '@/lib/domain';
import { clusterHref, controlPlaneFallbackHref, incidentHref } from '@/lib/routes';
import { useClusterName } from '@/components/shell/ClusterName';
import { fetchJson, postJson, queryKeys } from '@/lib/client/query';
import type { WebhookStateRead } from '@/lib/views/webhook-health-types';

/**
 * Whether pods can be created, in the header of every page: the webhook's one state, weighed against the probe as
 * the webhook page weighs it (the same probe query, so a tab on /webhook asks once). "The API server answers" is
 * not that: a cluster can answer every read and refuse every pod. Nor is the last state read, once the API server or
 * memdash stops answering: then it is unknown, and links to the control-plane fallback.
 */
export function PodCreationStatus() {
  const cluster = useClusterName();
  const read = useQuery({
    queryKey: queryKeys.webhook.state(cluster),
    queryFn: ({ signal }) => fetchJson<WebhookStateRead>(clusterHref(cluster, '/api/webhook/state'), signal),
    refetchInterval: HEALTH_EVERY_MS,
    retry: false,
  });
  const probe = useQuery({
    queryKey: queryKeys.webhook.probe(cluster),
    queryFn: ({ signal }) => postJson<ProbeAnswer>(clusterHref(cluster, '/api/webhook/probe'), signal),
    refetchInterval: PROBE_EVERY_MS,
    staleTime: 0,
    retry: false,
  });
  const state = lastState(read);
  if (read.isPending || !state) return <span className="text-zinc-600">pod creation: checking…</span>;
  const verdict = verdictOf(state, probe.data ?? null, new Date(), lastProbeFailure(probe));
  const open = read.data?.openIncident;
  return (
    <>
      <PodCreationState verdict={verdict} />
      {open && (
        <Link
          href={incidentHref(cluster, open.id)}
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

function PodCreationState({ verdict: { state: verdict, probe: weighed } }: { verdict: WebhookVerdict }) {
  const cluster = useClusterName();
  if (verdict.code === 'unknown')
    return <StateLink code="unknown" href={controlPlaneFallbackHref(cluster)} words="● pod creation: unknown" title={verdict.reason} />;
  if (weighed?.outcome === 'denied' && fresh(weighed.at))
    return (
      <StateLink code="denied" href={clusterHref(cluster, '/webhook')} words="● Pods denied by the policy →" title={weighed.explanation} />
    );
  if (verdict.code === 'refusing')
    return (
      <StateLink
        code="refusing"
        href={clusterHref(cluster, '/break-glass')}
        words="● Pod creation refused: break-glass →"
        title={verdict.reason}
      />
    );
  const words = `● pod creation: ${WEBHOOK_STATE_WORDS[verdict.code].toLowerCase()}`;
  return <StateLink code={verdict.code} href={clusterHref(cluster, '/webhook')} words={words} title={verdict.reason} />;
}

// Links take the link colour from the global style, so the tones here are marked important. Red is only for pods
// refused; every other state that wants a look is amber.
const LINK_TONE: Record<WebhookStateCode | 'denied', string> = {
  healthy: 'text-green-800! no-underline',
  degraded: 'font-semibold text-amber-800!',
  starting: 'font-semibold text-amber-800!',
  orphaned: 'font-semibold text-amber-800!',
  'break-glass': 'font-semibold text-amber-800!',
  unknown: 'font-semibold text-amber-800!',
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
