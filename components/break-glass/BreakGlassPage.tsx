'use client';

import { Link } from '@/components/ui/Link';
import { Time } from '@/components/ui/Time';
import { incidentHref } from '@/lib/routes';
import { breakGlassIndication } from '@/lib/domain';
import { ErrorState } from '@/components/ui/ErrorState';
import { RenderNowProvider } from '@/components/ui/RenderNow';
import { AppError } from '@/lib/errors';
import { Evidence } from './Evidence';
import { Fallback } from './Fallback';
import { PodsCreated } from './PodsCreated';
import { Steps } from './Steps';
import { useBreakGlass, useEvidenceProbe } from './useBreakGlass';
import type { BreakGlassView } from '@/lib/views/break-glass-types';
import { ClusterLink, useClusterName } from '@/components/shell/ClusterName';

/** The incident page: evidence, the steps (resumed from the cluster and the records), the pods created meanwhile. */
export function BreakGlassPage({
  kubectl,
  fallback,
  initial,
}: {
  kubectl: string;
  fallback: BreakGlassView['fallback'];
  /** The server's read, so that the page arrives with the evidence and the steps. */
  initial?: BreakGlassView;
}) {
  const cluster = useClusterName();
  const view = useBreakGlass(initial);
  const probe = useEvidenceProbe();
  if (view.error && !view.data) {
    return (
      <div className="space-y-3">
        <ErrorState error={view.error instanceof AppError ? view.error : new AppError('internal', view.error.message)} />
        <p>memdash cannot read its own API: use the control-plane fallback.</p>
        <Fallback fallback={fallback} />
      </div>
    );
  }
  if (!view.data) return <p className="text-zinc-500">reading…</p>;
  const data = view.data;
  const state = data.evidence.state.ok ? data.evidence.state.value : null;
  const failed = data.evidence.failedCreates.ok ? data.evidence.failedCreates.value.length : 0;
  const indication = breakGlassIndication(state, failed, probe.data?.outcome ?? null);
  const steps = <Steps key="steps" view={data} indication={indication} />;
  const evidence = <Evidence key="evidence" view={data} probe={probe} indication={indication} />;
  return (
    <RenderNowProvider agreed={data.readAt}>
      <div className="space-y-4">
        {data.openIncident && (
          <p
            className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900"
            data-testid="open-incident"
            data-id={data.openIncident.id}
          >
            {data.openIncident.kind === 'drill' ? 'A drill' : 'An incident'} is open since <Time at={data.openIncident.openedAt} />: it
            closes when the probe is admitted through Kyverno&apos;s registration again.{' '}
            <Link href={incidentHref(cluster, data.openIncident.id)}>Its timeline →</Link>
          </p>
        )}
        {/* keyed in one list, so that the order changes without remounting either (the steps keep their last result) */}
        {stepFirst(data, indication) ? [steps, evidence] : [evidence, steps]}
        <PodsCreated recordedSince={data.gap?.since ?? null} kubectl={kubectl} />
        <Fallback fallback={fallback} />
        <p className="text-sm">
          <ClusterLink href="/break-glass/drill">Drill it, with Kyverno healthy →</ClusterLink>
        </p>
      </div>
    </RenderNowProvider>
  );
}

/**
 * Whether the step to take leads the page: while pod creation is refused (the evidence calls for the break-glass) or
 * a break-glass is under way, the button comes before the evidence, within a phone's first screen; otherwise the
 * evidence leads, as the reason to start at all.
 */
function stepFirst(view: BreakGlassView, indication: ReturnType<typeof breakGlassIndication>): boolean {
  if (!view.progress.ok) return false;
  const calm = view.progress.value.phase === 'idle' || view.progress.value.phase === 'back';
  return !calm || indication.code === 'yes' || indication.code === 'policy';
}
