'use client';

import { useEffect } from 'react';
import { ErrorState } from '@/components/ui/ErrorState';
import { RenderNowProvider } from '@/components/ui/RenderNow';
import { toAppError } from '@/lib/errors';
import { AdmissionPanel } from './AdmissionPanel';
import { AuditPanel } from './AuditPanel';
import { FailedCreatesPanel } from './FailedCreatesPanel';
import { QuotaRefusals } from '@/components/fit/QuotaRefusals';
import { Card } from '@/components/ui/Card';
import { KyvernoRegistrationsPanel } from './KyvernoRegistrationsPanel';
import { LogsPanel } from './LogsPanel';
import { PolicyPanel } from './PolicyPanel';
import { ProbePanel } from './ProbePanel';
import { RegistrationPanel } from './RegistrationPanel';
import { StateBanner } from './StateBanner';
import { TablePanel } from './TablePanel';
import type { WebhookHealth } from '@/lib/views/webhook-health-types';
import { webhookTitle } from './title';
import { useWebhookHealth } from './useWebhookHealth';
import { Time } from '@/components/ui/Time';
import { ErrorText } from '@/components/ui/ErrorText';

/**
 * The webhook page: one verdict on top, the probe, then every panel the runbook's commands would show. `initial`: the
 * server's read, so the page arrives with its content (absent when that read failed: the browser reads then).
 */
export function WebhookHealthView({ guarded, table, initial }: { guarded: string; table: string; initial?: WebhookHealth }) {
  const { health, probe, verdict } = useWebhookHealth(initial);
  const data = health.data;
  const code = verdict?.state.code;
  // The server's HTML has the title of its read; this follows the refreshes and the probe.
  useEffect(() => {
    document.title = webhookTitle(code);
  }, [code]);
  if (!data) {
    return health.error ? <ErrorState error={toAppError(health.error)} /> : <p className="text-zinc-500">Reading the cluster…</p>;
  }
  const n = data.names;
  const urgent = code !== undefined && code !== 'healthy';
  const failedCreates = <FailedCreatesPanel part={data.failedCreates} entry={n.entry} />;
  return (
    <RenderNowProvider agreed={data.readAt}>
      <div className="space-y-3">
        {verdict && <StateBanner verdict={verdict} readAt={data.readAt} />}
        {health.error && (
          <ErrorText as="p" data-testid="refresh-error">
            The last refresh failed ({health.error.message}); showing the read of <Time at={data.readAt} />.
          </ErrorText>
        )}
        {/* In an incident the refusals come first: what pod creation is holding up now. */}
        {urgent && failedCreates}
        <ProbePanel probe={probe} namespace={n.probeNamespace} kubectl={n.kubectl} pod={n.probePod} image={n.probeImage} />
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          <RegistrationPanel part={data.registration} name={n.registration} owner={n.owner} />
          <AdmissionPanel
            replicas={data.replicas}
            pods={data.pods}
            budgets={data.budgets}
            name={`${n.namespace}/${n.deployment}`}
            namespace={n.namespace}
          />
        </div>
        {!urgent && failedCreates}
        <QuotaRefusalsCard part={data.quotaRefusals} readAt={data.readAt} />
        <KyvernoRegistrationsPanel part={data.kyvernoRegistrations} />
        <AuditPanel part={data.audit} guarded={guarded} />
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          <PolicyPanel policy={data.mutatingPolicy} entry={data.globalContextEntry} />
          <TablePanel table={data.table} runs={data.snapshotRuns} name={table} />
        </div>
        <LogsPanel selector={n.podSelector} namespace={n.namespace} />
      </div>
    </RenderNowProvider>
  );
}

/** Shown only when a quota refused a create: those are not the webhook's, and say so. */
function QuotaRefusalsCard({ part, readAt }: { part: WebhookHealth['quotaRefusals'] | undefined; readAt: string }) {
  if (part?.ok && part.value.length === 0) return null;
  return (
    <Card data-testid="quota-refusals-panel">
      <QuotaRefusals part={part} now={new Date(readAt)} />
    </Card>
  );
}
