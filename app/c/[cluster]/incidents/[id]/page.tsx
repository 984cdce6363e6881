import type { Metadata } from 'next';
import { connection } from 'next/server';
import { IncidentDetail } from '@/components/incidents/IncidentDetail';
import { ErrorState } from '@/components/ui/ErrorState';
import { failureOf, isNotThere } from '@/lib/errors';
import { notFound } from 'next/navigation';
import { clusterOfPage } from '@/lib/http/cluster';
import { parseIncidentId } from '@/lib/http/params';
import { rightsOfPage } from '@/lib/http/viewer';
import { segmentAsTyped } from '@/lib/routes';
import { readIncident } from '@/lib/views/incidents';
import type { IncidentView } from '@/lib/views/incidents-types';
import { ClusterLink } from '@/components/shell/ClusterName';

export const metadata: Metadata = { title: 'Incident · memdash' };

/** One incident's timeline, the pods created meanwhile, its follow-ups and exports. */
export default async function IncidentPage({ params }: { params: Promise<{ id: string; cluster: string }> }) {
  await connection();
  const segments = await params;
  const cluster = clusterOfPage(segments);
  const id = segmentAsTyped(segments.id);
  let view: IncidentView;
  try {
    view = await readIncident(cluster, parseIncidentId(id), await rightsOfPage());
  } catch (err) {
    const error = failureOf(err);
    // an id that names no incident (or is no incident id at all): a real 404, rendered by ./not-found.tsx
    if (isNotThere(error)) notFound();
    return <ErrorState error={error} page />;
  }
  return (
    <div className="space-y-3">
      <p className="text-sm">
        <ClusterLink href="/incidents">All incidents</ClusterLink>
      </p>
      <h1 className="text-lg font-semibold">
        {view.incident.kind === 'drill' ? 'Drill' : 'Break-glass'} <span className="font-mono">{view.incident.id}</span>
      </h1>
      <IncidentDetail view={view} />
    </div>
  );
}
