import { FleetView } from '@/components/fleet/FleetView';
import { clusters } from '@/lib/cluster/registry';
import type { RightsByCluster } from '@/lib/domain/rights';
import { readFleet } from '@/lib/views/fleet';

/**
 * The fleet (`/`, with more than one cluster): a row per cluster the person sees, worst first, each read within its
 * own deadline, so a cluster that does not answer says so on its row and the page never waits for it. `rights`: the
 * asker's in each cluster, as app/page.tsx asked for them.
 */
export async function FleetPage({ rights }: { rights: RightsByCluster }) {
  const fleet = await readFleet(clusters().all, rights);
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold">The fleet: is pod creation safe in each cluster, and is its table current?</h1>
      <FleetView initial={fleet} />
    </div>
  );
}
