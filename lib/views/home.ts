import 'server-only';
import type { Rights } from '@/lib/domain/rights';
import type { Cluster } from '@/lib/cluster/cluster';
import { readiness } from '@/lib/k8s/health';
import { readTable } from '@/lib/k8s/table';
import { readRegistration } from '@/lib/k8s/webhook';
import type { HomeSummary } from './home-types';
import { tableStateFor } from './webhook-health';

/** The home page's summary for one person: the API server, the table (its size and last write if theirs), the webhook. */
export async function readHomeSummary(cluster: Cluster, rights: Rights): Promise<HomeSummary> {
  const [ready, table, registration] = await Promise.all([readiness(cluster), readTable(cluster), readRegistration(cluster)]);
  return {
    version: ready.version,
    table: tableStateFor(rights, {
      exists: table.exists,
      loaded: table.parsed.loaded,
      rows: table.parsed.count,
      lastWriteAt: table.lastWriteAt,
    }),
    registered: registration.present,
  };
}
