import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { partFailed, type Part } from '@/lib/domain';
import { fleetOrder, fleetSeverity, tableOverdue, type FleetRow } from '@/lib/domain/fleet';
import { NOTHING, seesCluster, visible, type Rights, type RightsByCluster } from '@/lib/domain/rights';
import { sharedInFlight } from '@/lib/shared-in-flight';
import { readClusterForAll, type ClusterRead, type ClusterReadProgress } from './fleet-read';
import type { FleetRowView, FleetView } from './fleet-types';
import { answeredBy } from './part';

// The fleet: one row per cluster the asker sees, worst first. Each cluster's row is read once for everyone (one read
// per cluster in flight, keyed by its name) and cut to each person afterwards. The rows are read in parallel, each
// within its own deadline: a cluster that does not answer in time gets a row of what came and what did not, and its
// read goes on, so its caches are warm and its answer is there for the next poll; the other rows never wait for it.

/** How long a cluster's row is waited for. */
export const FLEET_DEADLINE_MS = 3_000;

/** A row that came is handed out again this long (the page polls every 10 s; a team opens it together). */
const KEPT_MS = 2_000;

export type ReadCluster = (cluster: Cluster, now: Date, got: ClusterReadProgress) => Promise<ClusterRead>;

/**
 * The fleet reader over `read` (readClusterForAll; a test's own): the clusters in `every` whose rights say the asker
 * sees them (seesCluster), each read within `deadlineMs`; one whose rights could not be asked (null) as not answering.
 */
export function fleetReader(read: ReadCluster, deadlineMs: number) {
  const progress = new Map<string, ClusterReadProgress>(); // what each cluster's read in flight has got so far
  const shared = sharedInFlight(
    (cluster: Cluster, _now: Date) => cluster.name,
    async (cluster: Cluster, now: Date) => {
      const got: ClusterReadProgress = {};
      progress.set(cluster.name, got);
      try {
        return await read(cluster, now, got);
      } finally {
        if (progress.get(cluster.name) === got) progress.delete(cluster.name);
      }
    },
    // a row whose API server did not answer is read afresh each time: it says now, not two seconds ago
    { forMs: KEPT_MS, when: (row) => row.apiServer.ok },
  );
  const rowOf = async (cluster: Cluster, rights: Rights, now: Date): Promise<FleetRow> => {
    // no signal: the read goes on after this request has its answer, for the next one
    const reading = shared(cluster, now);
    const came = await answeredBy(reading, Date.now() + deadlineMs).catch((err: unknown) => {
      console.error(`memdash: the fleet's read of cluster ${cluster.name} failed:`, err);
      return { value: lateRead({}, 'could not be read (see the server log)') };
    });
    const read = came ? came.value : lateRead(progress.get(cluster.name) ?? {}, `did not answer within ${deadlineMs / 1000} s`);
    return rowFor(cluster.name, read, rights, now);
  };
  return async function readFleet(every: readonly Cluster[], rights: RightsByCluster, now = new Date()): Promise<FleetView> {
    const seen = every.filter((cluster) => seesCluster(rights[cluster.name] ?? null));
    // a cluster whose API server did not answer the gate's rights check is shown as that, and nothing of it is read:
    // at 3 a.m. a cluster that is down must not vanish from the fleet, and its name is all the row says
    const unknown = every.filter((cluster) => cluster.name in rights && rights[cluster.name] === null);
    const rows = [
      ...(await Promise.all(seen.map((cluster) => rowOf(cluster, rights[cluster.name]!, now)))),
      ...unknown.map((cluster) => rowFor(cluster.name, lateRead({}, RIGHTS_UNKNOWN), NOTHING, now)),
    ];
    const ordered = fleetOrder(rows).map((row): FleetRowView => ({ ...row, severity: fleetSeverity(row) }));
    return { readAt: now.toISOString(), deadlineMs, rows: ordered };
  };
}

const RIGHTS_UNKNOWN = 'was not read: its API server did not answer when your rights there were asked';

/** The fleet for one person: `rights` is theirs in each cluster (the gate's RIGHTS_BY_CLUSTER_HEADER). */
export const readFleet = fleetReader(readClusterForAll, FLEET_DEADLINE_MS);

const PARTS: ReadonlyArray<keyof ClusterRead> = [
  'apiServer',
  'podCreation',
  'kyverno',
  'policy',
  'table',
  'schedule',
  'drift',
  'oomKills24h',
  'openIncident',
];

/** A row that missed its deadline: the parts that came, and each that did not saying so. */
function lateRead(got: ClusterReadProgress, why: string): ClusterRead {
  const late = Object.fromEntries(PARTS.map((key) => [key, got[key] ?? partFailed('unreachable', `${NAMES[key]} ${why}`)]));
  return late as unknown as ClusterRead;
}

const NAMES: Record<keyof ClusterRead, string> = {
  apiServer: 'The API server',
  podCreation: "The admission controller's Deployment and the registrations",
  kyverno: "The admission controller's Deployment",
  policy: 'The MutatingPolicy and the GlobalContextEntry',
  table: 'The table',
  schedule: 'The snapshot CronJob',
  drift: "The pods' verdicts",
  oomKills24h: 'The history store',
  openIncident: 'The history store',
};

/**
 * The row for one person: the table's figures for those who may get the table, the last run for those who may read
 * the snapshot runs, drift and OOM kills summed over the namespaces they may list pods in.
 */
export function rowFor(cluster: string, read: ClusterRead, rights: Rights, now: Date): FleetRow {
  return {
    cluster,
    apiServer: read.apiServer,
    podCreation: mapPart(read.podCreation, ({ state, reason, probe }) => ({
      state,
      reason,
      probeOutcome: probe?.outcome ?? null,
      probeAgeSeconds: probe ? Math.max(0, Math.round((now.getTime() - Date.parse(probe.at)) / 1000)) : null,
    })),
    kyverno: read.kyverno,
    policy: read.policy,
    table: mapPart(read.table, (table) => {
      const spec = read.schedule.ok ? read.schedule.value.spec : null;
      return {
        rows: rights.table ? (table.exists ? table.rows : 0) : null,
        lastWriteAt: rights.table ? table.lastWriteAt : null,
        overdue: rights.table && spec ? tableOverdue(spec, table.lastWriteAt, now) : null,
        lastRun: rights.kyvernoLogs && read.schedule.ok ? read.schedule.value.lastRun : null,
      };
    }),
    drift: mapPart(read.drift, (byNamespace) =>
      sumOver(rights, byNamespace, (sum, d) => ({ pods: sum.pods + d.pods, bytes: sum.bytes + d.bytes }), { pods: 0, bytes: 0 }),
    ),
    oomKills24h: mapPart(read.oomKills24h, (byNamespace) => sumOver(rights, byNamespace, (sum, n) => sum + n, 0)),
    openIncident: read.openIncident.ok ? read.openIncident.value : null,
  };
}

function mapPart<T, U>(part: Part<T>, f: (value: T) => U): Part<U> {
  return part.ok ? { ok: true, value: f(part.value) } : part;
}

/** Per-namespace figures summed over the namespaces they may list pods in. */
function sumOver<T, S>(rights: Rights, byNamespace: ReadonlyMap<string, T>, add: (sum: S, value: T) => S, zero: S): S {
  const seen = visible(rights, [...byNamespace.keys()], (namespace) => namespace);
  return seen.reduce((sum, namespace) => add(sum, byNamespace.get(namespace)!), zero);
}
