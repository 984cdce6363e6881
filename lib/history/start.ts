import 'server-only';
import { settings, type Settings } from '@/lib/config';
import type { Cluster } from '@/lib/cluster/cluster';
import { clusters } from '@/lib/cluster/registry';
import { recorderLeader } from '@/lib/metrics/metrics';
import { historyDb, storeDescription } from './index';
import { startRecorder, type HeldRecorder } from './recorder';
import { recordWhileLeading } from './recorder-lease';

const KEY = Symbol.for('memdash.recorder');
type WithRecorder = typeof globalThis & { [KEY]?: { stop(): void } };

/**
 * Opens the store (running its migrations) and starts a recorder for each cluster unless MEMDASH_RECORDER=off: at
 * once, or, with MEMDASH_RECORDER_LEASE, whenever this replica holds that cluster's Lease. Once per process.
 */
export async function startHistory(): Promise<void> {
  await historyDb();
  const s = settings();
  const g = globalThis as WithRecorder;
  if (s.recorder === 'off' || g[KEY]) return;
  g[KEY] = await startRecorders(clusters().all, s);
}

export type RecorderSettings = Pick<Settings, 'recorderLease' | 'recorderLeaseSeconds'>;

/**
 * One recorder per cluster, each following that cluster's caches and facts into that cluster's store. With a Lease
 * each takes its own, in its own cluster (the same namespace/name in each): replicas of one memdash then record each
 * cluster once, and one replica may record one cluster while another records the next. A recorder that does not
 * start (a kubeconfig that does not load) leaves the others recording; that cluster's pages still serve, its history
 * simply stops growing.
 */
export async function startRecorders(
  all: readonly Cluster[],
  s: RecorderSettings,
  lead: typeof recordWhileLeading = recordWhileLeading,
): Promise<{ stop(): void; started: string[] }> {
  const stops: Array<() => void> = [];
  const started: string[] = [];
  for (const cluster of all) {
    try {
      stops.push(await startFor(cluster, s, lead));
      started.push(cluster.name);
    } catch (err) {
      console.error(`memdash: the recorder of cluster ${cluster.name} did not start:`, err instanceof Error ? err.message : err);
    }
  }
  return { stop: () => stops.forEach((stop) => stop()), started };
}

async function startFor(cluster: Cluster, s: RecorderSettings, lead: typeof recordWhileLeading): Promise<() => void> {
  const db = await cluster.history();
  if (!s.recorderLease) {
    const recorder = recording(cluster, db, false);
    recorderLeader.set({ cluster: cluster.name }, 1);
    return recorder.stop;
  }
  const [namespace, name] = s.recorderLease.split('/') as [string, string];
  const kc = cluster.kubeConfig();
  // follows the caches from now on, writing nothing until it holds the Lease: then what it saw meanwhile first
  const recorder = recording(cluster, db, true);
  const election = lead(kc, { namespace, name, cluster: cluster.name }, s.recorderLeaseSeconds, () => {
    // a held write that fails is reported like a live one, not left as an unhandled rejection
    recorder.release().catch((err) => console.error(`memdash recorder (${cluster.name}): a held write failed`, err));
    return { stop: () => recorder.hold(), done: recorder.done };
  });
  console.log(`memdash: recording cluster ${cluster.name} whenever this replica holds its Lease ${s.recorderLease}`);
  return () => (election.stop(), recorder.stop());
}

function recording(cluster: Cluster, db: Awaited<ReturnType<Cluster['history']>>, held: boolean): HeldRecorder {
  const f = cluster.facts;
  const recorder = startRecorder(db, cluster.caches(), f, held);
  recorder.done.catch((err) => console.error(`memdash recorder (${cluster.name}) stopped`, err));
  // a replica waiting for the Lease says so itself; this line is for one that records now
  if (!held)
    console.log(
      `memdash: recording cluster ${cluster.name}: the table ${f.kyvernoNamespace}/${f.tableConfigMap}, the registration ${f.webhookConfiguration} and ${f.admissionDeployment} into ${storeDescription()}`,
    );
  return recorder;
}
