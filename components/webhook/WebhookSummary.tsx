'use client';

import { StateBanner } from './StateBanner';
import { useWebhookHealth } from './useWebhookHealth';
import { ClusterLink } from '@/components/shell/ClusterName';

/** The home page's compact webhook verdict, live, linking to the full page. */
export function WebhookSummary() {
  const { health, probe, verdict } = useWebhookHealth();
  return (
    <div className="space-y-1" data-testid="webhook-summary">
      {verdict && health.data ? (
        <StateBanner verdict={verdict} readAt={health.data.readAt} compact />
      ) : (
        <p className="text-zinc-500">{health.error ? `Webhook state unknown: ${health.error.message}` : 'Reading the webhook…'}</p>
      )}
      <p className="text-sm">
        {probe.data && <span>Probe: {probe.data.outcome}. </span>}
        <ClusterLink href="/webhook">Webhook health: registration, replicas, probe, refusals →</ClusterLink>
      </p>
    </div>
  );
}
