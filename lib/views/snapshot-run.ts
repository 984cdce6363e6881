import 'server-only';
import type { V1Job, V1Pod } from '@kubernetes/client-node';
import type { Cluster } from '@/lib/cluster/cluster';
import { diffCounts, diffTables, versionsAroundWrite, workloadsDropped } from '@/lib/domain';
import { snapshotResultOf, type SnapshotResult } from '@/lib/domain/snapshot-result';
import { MANUAL_ANNOTATION } from '@/lib/domain/snapshot-job';
import { snapshotRunCommands } from '@/lib/domain/write-commands';
import { listVersions, readVersion } from '@/lib/history/store';
import type { KubeClients } from '@/lib/k8s/client';
import { listRunJobs, readRunLog, readRunPods, requireRunJob } from '@/lib/k8s/snapshot-runs';
import type { Rights } from '@/lib/domain/rights';
import { requireSnapshotRuns, requireTable } from '@/lib/http/viewer';
import type { RunDiff, RunState, SnapshotRunList, SnapshotRunView, SnapshotTry } from './snapshot-run-types';

// A run of the snapshot as the operator follows it: its tries, each try's log and result, and after a success the
// change it made to the table. Reads with memdash's read credential (following a run writes nothing).

export interface RunWithLogs {
  run: SnapshotRunView;
  /** Each try's log (its last lines, up to a bound), by pod name. */
  logs: Map<string, string>;
}

/** The run as it stands; `readLog` gives each try's log (a follower passes what it has gathered so far). */
export async function readSnapshotRun(
  cluster: Cluster,
  job: string,
  k: KubeClients = cluster.clients(),
  readLog: (k: KubeClients, pod: string) => Promise<string> = (k, pod) => readRunLog(cluster, k, pod),
): Promise<RunWithLogs> {
  const found = await requireRunJob(cluster, k, job);
  const pods = await readRunPods(cluster, k, job);
  const logs = new Map<string, string>();
  await Promise.all(pods.map(async (p) => logs.set(p.metadata?.name ?? '', await readLog(k, p.metadata?.name ?? ''))));
  const tries = pods.map((p) => tryOf(p, logs.get(p.metadata?.name ?? '') ?? ''));
  const state = stateOf(found);
  const result: SnapshotResult = tries.at(-1)?.result ?? { kind: 'unknown', lastLine: null };
  const createdAt = found.metadata?.creationTimestamp?.toISOString() ?? null;
  return {
    run: {
      job,
      namespace: cluster.facts.kyvernoNamespace,
      createdAt,
      manual: found.metadata?.annotations?.[MANUAL_ANNOTATION] === 'manual',
      state,
      retries: found.spec?.backoffLimit ?? null,
      tries,
      result,
      diff: result.kind === 'success' ? await diffOfRun(cluster, tries.at(-1)!, createdAt, result.rows) : null,
      commands: snapshotRunCommands(cluster.facts, job),
    },
    logs,
  };
}

/** Recent runs, newest first, each with the result its newest try's log ends with. */
export async function readSnapshotRunList(cluster: Cluster, limit = 10): Promise<SnapshotRunList> {
  const k = cluster.clients();
  const jobs = (await listRunJobs(cluster)).slice(0, limit);
  const runs = await Promise.all(
    jobs.map(async (job) => {
      const name = job.metadata?.name ?? '';
      const pods = await readRunPods(cluster, k, name);
      const newest = pods.at(-1)?.metadata?.name;
      return {
        job: name,
        createdAt: job.metadata?.creationTimestamp?.toISOString() ?? null,
        manual: job.metadata?.annotations?.[MANUAL_ANNOTATION] === 'manual',
        state: stateOf(job),
        tries: pods.length,
        result: newest ? snapshotResultOf(await readRunLog(cluster, k, newest)) : ({ kind: 'unknown', lastLine: null } as const),
      };
    }),
  );
  return { runs };
}

function stateOf(job: V1Job): RunState {
  const done = (type: string) => job.status?.conditions?.some((c) => c.type === type && c.status === 'True');
  return done('Complete') ? 'succeeded' : done('Failed') ? 'failed' : 'running';
}

function tryOf(pod: V1Pod, log: string): SnapshotTry {
  const terminated = pod.status?.containerStatuses?.[0]?.state?.terminated;
  return {
    pod: pod.metadata?.name ?? '',
    phase: pod.status?.phase ?? 'Pending',
    startedAt: (pod.status?.startTime ?? terminated?.startedAt)?.toISOString() ?? null,
    finishedAt: terminated?.finishedAt?.toISOString() ?? null,
    exitCode: terminated?.exitCode ?? null,
    result: snapshotResultOf(log),
  };
}

/**
 * The change the run wrote: the version its successful try wrote against the version with data in force before it
 * (never the newest version since, which may be anyone's later write). Null until the recorder has seen the write.
 */
async function diffOfRun(cluster: Cluster, last: SnapshotTry, createdAt: string | null, rows: number): Promise<RunDiff | null> {
  const startedAt = last.startedAt ?? createdAt;
  if (!startedAt) return null;
  const db = await cluster.history();
  const around = versionsAroundWrite(await listVersions(db), { startedAt, endedAt: last.finishedAt, rows });
  if (!around) return null;
  const [from, to] = await Promise.all([readVersion(db, around.before.id), readVersion(db, around.written.id)]);
  if (!from || !to) return null;
  const diff = diffTables(from.data, to.data);
  return {
    from: from.id,
    to: to.id,
    counts: diffCounts(diff),
    lostRows: workloadsDropped(diff.gone, to.data).map((w) => `${w.namespace}/${w.workload}`),
  };
}

/** One run as its page and routes show it: its tries' logs, and after a success the table's change. */
export function requireRun(cluster: Cluster, rights: Rights): void {
  requireSnapshotRuns(cluster, rights);
  requireTable(cluster, rights);
}
