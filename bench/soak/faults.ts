// The faults the soak causes, each on the local cluster's own daemons through the harness that started them: the
// API server stopped and started again, etcd compacted, Prometheus and PostgreSQL restarted. Each gives the seconds
// its service was away, so the readers' errors can be matched with it.
import { ensureApiserver } from '../../e2e/cluster/lib/control-plane.ts';
import { ensurePostgres } from '../../e2e/cluster/lib/postgres.ts';
import { isRunning, stopDaemon, waitFor } from '../../e2e/cluster/lib/processes.ts';
import { restartPrometheus } from '../../e2e/cluster/lib/prometheus.ts';
import { readState, writeState, type ClusterState } from '../../e2e/cluster/lib/state.ts';

export interface Outage {
  fault: string;
  from: number;
  to: number;
  /** Why the fault could not be caused, if it could not: a finding of the soak's, shown with it. */
  error?: string;
}

function current(): ClusterState {
  const state = readState();
  if (!state) throw new Error('no local cluster state: run npm run cluster:up -- --scale 20000');
  return state;
}

async function outage(fault: string, work: () => Promise<void>): Promise<Outage> {
  const from = Date.now();
  await work();
  return { fault, from, to: Date.now() };
}

export const restartApiServer = (fault: string) =>
  outage(fault, async () => {
    const state = current();
    await stopDaemon(state, 'kube-apiserver');
    await ensureApiserver(state);
  });

export const restartPrometheusFault = () => outage('Prometheus restarted', () => restartPrometheus(current()));

/**
 * PostgreSQL's fast shutdown (SIGINT: it ends every session and removes its pid file), then a start on the same
 * data. The harness's SIGTERM is the smart shutdown, which waits for the replicas' sessions to end on their own.
 */
export const restartPostgres = () =>
  outage('PostgreSQL restarted', async () => {
    const state = current();
    const record = state.processes.postgres;
    if (record && isRunning(record)) {
      process.kill(record.pid, 'SIGINT');
      if (!(await waitFor(() => !isRunning(record), 30_000))) throw new Error('PostgreSQL did not stop within 30 s of SIGINT');
    }
    delete state.processes.postgres;
    writeState(state);
    await ensurePostgres(state);
  });

/**
 * Compacts etcd's whole history up to its current revision (its JSON gateway, as `etcdctl compaction --physical`
 * would): a watch resumed from an older resourceVersion than the API server's watch cache holds then gets 410 Gone.
 * Gives the revision compacted at.
 */
export async function compactEtcd(): Promise<number> {
  const etcd = `http://127.0.0.1:${current().ports.etcd}`;
  const post = async (path: string, body: object) => {
    const answer = await fetch(`${etcd}${path}`, { method: 'POST', body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`etcd ${path}: HTTP ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as { header?: { revision?: string } };
  };
  // any key: the answer's header carries the store's current revision
  const revision = Number((await post('/v3/kv/range', { key: Buffer.from('/').toString('base64') })).header?.revision);
  if (!Number.isFinite(revision)) throw new Error('etcd gave no revision');
  await post('/v3/kv/compaction', { revision, physical: true });
  return revision;
}
