import type { Metadata } from 'next';
import { connection } from 'next/server';
import { IncidentList } from '@/components/incidents/IncidentList';
import { ErrorState } from '@/components/ui/ErrorState';
import { failureOf } from '@/lib/errors';
import { clusterOfPage } from '@/lib/http/cluster';
import { rightsOfPage } from '@/lib/http/viewer';
import { readIncidents } from '@/lib/views/incidents';
import type { IncidentsView } from '@/lib/views/incidents-types';

export const metadata: Metadata = { title: 'Incidents · memdash' };

/** Every break-glass and drill memdash carried out, as incidents. */
export default async function IncidentsPage({ params }: { params: Promise<{ cluster: string }> }) {
  await connection();
  const cluster = clusterOfPage(await params);
  let view: IncidentsView;
  try {
    view = await readIncidents(cluster, await rightsOfPage());
  } catch (err) {
    return <ErrorState error={failureOf(err)} page />;
  }
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">Incidents</h1>
      <p className="text-zinc-700">
        Each break-glass and drill of the last {view.recordsDays} days: it opens at its first step and closes when the probe is admitted
        through Kyverno&apos;s registration again. Times are counted from its first sign (a refused create or probe).
      </p>
      <IncidentList incidents={view.incidents} />
    </div>
  );
}
