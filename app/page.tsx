import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { clusters } from '@/lib/cluster/registry';
import { rightsByClusterOfPage } from '@/lib/http/viewer';
import { FleetPage } from './fleet-page';

/** `/`: with more than one cluster, the fleet's page; with one, that cluster's home. */
export default async function Root() {
  await connection(); // asked afresh on every visit: which clusters, and the person's rights in each
  const every = clusters().all;
  if (every.length > 1) return <FleetPage rights={await rightsByClusterOfPage(every.map((c) => c.name))} />;
  redirect(`/c/${encodeURIComponent(clusters().defaultCluster.name)}`);
}
