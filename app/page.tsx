import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { SiteHeader } from '@/components/shell/SiteHeader';
import { clusters } from '@/lib/cluster/registry';
import { headerOfPage } from '@/lib/http/header';
import { rightsByClusterOfPage } from '@/lib/http/viewer';
import { clusterHref } from '@/lib/routes';
import { FleetPage } from './fleet-page';

/** `/`: with more than one cluster, the fleet's page; with one, that cluster's home. */
export default async function Root() {
  await connection(); // asked afresh on every visit: which clusters, and the person's rights in each
  const every = clusters().all;
  if (every.length <= 1) redirect(clusterHref(clusters().defaultCluster.name, '/'));
  const rights = await rightsByClusterOfPage(every.map((c) => c.name));
  return (
    <>
      {/* about every cluster: the header without one cluster's pills, navigation and Ctrl-K */}
      <SiteHeader {...await headerOfPage()} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-4 outline-none">
        <FleetPage rights={rights} />
      </main>
    </>
  );
}
