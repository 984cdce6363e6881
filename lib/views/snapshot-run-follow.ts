import 'server-only';
import { failureOf } from '@/lib/errors';
import type { Cluster } from '@/lib/cluster/cluster';
import type { KubeClients } from '@/lib/k8s/client';
import { newLines, sinceSecondsAfter, type LogMark } from '@/lib/k8s/log-since';
import { readRunLog } from '@/lib/k8s/snapshot-runs';
import { sharedRun } from '@/lib/shared-in-flight';
import { perCluster } from './per-cluster';
import { readSnapshotRun } from './snapshot-run';
import type { RunEvent } from './snapshot-run-types';

/** How often the run is read again; a closed page is noticed at once (the abort), not at the next tick. */
const TICK_MS = 1000;
/** A run followed for longer than this is left to the page's reload (the Job's own deadline is far shorter). */
const MAX_FOLLOW_MS = 30 * 60_000;
/**
 * Ticks to wait, once the Job has ended, for its last log line (a try killed before it logged has none) and, after a
 * success, for the recorder to see the new table.
 */
const END_GRACE_TICKS = 10;

/** The most of one try's log a follower gathers: past it, the run goes on being followed without its new lines. */
const MAX_GATHERED_BYTES = 4 * 1024 * 1024;

/**
 * One follower per cluster and Job, shared by everyone who follows it: a newcomer gets the run as it stands and every
 * log line so far, then what comes. It stops when the last of them has gone (sharedRun). The key carries the cluster:
 * two clusters' runs of the same name (their CronJobs are alike) are two runs.
 */
const followersIn = perCluster((cluster) =>
  sharedRun<RunEvent, void>(
    // the key is `{cluster}/{job}` (followerOf): the Job's name is what follows the cluster's
    (key, signal, emit) => follow(cluster, key.slice(cluster.name.length + 1), signal, emit),
    (event) => (event.type === 'log' ? null : event.type),
  ),
);

/** The follower of `job` in `cluster`, joined (started by the first to ask). */
export function followerOf(cluster: Cluster, job: string, signal: AbortSignal, send: (event: RunEvent) => void): Promise<void> {
  return followersIn(cluster)(`${cluster.name}/${job}`, signal, send);
}

/**
 * The run as server-sent events. The follower reads the Job, its pods and the new part of their logs with the read
 * credential and an AbortSignal of its own: when the last page following it closes, the in-flight call is aborted and
 * nothing more is asked.
 */
export function followSnapshotRun(cluster: Cluster, job: string, closed: AbortSignal): ReadableStream<Uint8Array> {
  const left = new AbortController();
  const signal = AbortSignal.any([closed, left.signal]);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: RunEvent) => {
        if (!signal.aborted) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      };
      void followerOf(cluster, job, signal, send).finally(() => {
        if (!signal.aborted) controller.close();
      });
    },
    cancel() {
      left.abort(); // this page went away; the follower goes on for the others
    },
  });
}

async function follow(cluster: Cluster, job: string, signal: AbortSignal, send: (event: RunEvent) => void): Promise<void> {
  const k = cluster.clients(undefined, signal);
  const gathered = gatheredLogs(cluster);
  const sent = new Map<string, number>(); // lines of each try's log already sent
  let lastRun = '';
  const until = Date.now() + MAX_FOLLOW_MS;
  let ticksSinceEnd = 0;
  try {
    while (!signal.aborted && Date.now() < until) {
      const { run, logs } = await readSnapshotRun(cluster, job, k, gathered);
      for (const [pod, log] of logs) {
        const lines = log.split('\n');
        if (lines.at(-1) === '') lines.pop(); // a line is sent once it is whole
        const from = sent.get(pod) ?? 0;
        if (lines.length > from) send({ type: 'log', pod, lines: lines.slice(from) });
        sent.set(pod, lines.length);
      }
      const json = JSON.stringify(run);
      if (json !== lastRun) send({ type: 'run', run });
      lastRun = json;
      // ended, with its result read and (after a success) the table's change recorded; a result or a change
      // that does not come within the grace ticks is left out rather than waited for
      if (run.state !== 'running') {
        const complete = run.result.kind !== 'unknown' && !(run.result.kind === 'success' && run.diff === null);
        if (complete || ++ticksSinceEnd > END_GRACE_TICKS) break;
      }
      await sleep(TICK_MS, signal);
    }
    send({ type: 'end' });
  } catch (err) {
    if (!signal.aborted) {
      const error = failureOf(err);
      send({ type: 'error', code: error.code, message: error.message });
    }
  }
}

/**
 * Each try's log as gathered so far: read whole (up to its bound) until it has lines, then only its last seconds, of
 * which the lines not yet taken are added.
 */
function gatheredLogs(cluster: Cluster): (k: KubeClients, pod: string) => Promise<string> {
  const logs = new Map<string, { text: string; mark: LogMark | null; readAt: number }>();
  return async (k, pod) => {
    const log = logs.get(pod);
    if (log && log.text.length > MAX_GATHERED_BYTES) return log.text;
    const readAt = performance.now();
    // only once a line was taken: a log that could not be read yet may already hold lines when it can
    const stamped = await readRunLog(cluster, k, pod, log?.mark ? { sinceSeconds: sinceSecondsAfter(readAt - log.readAt) } : {});
    const { lines, mark } = newLines(stamped, log?.mark ?? null);
    const text = (log?.text ?? '') + lines.map((l) => `${l}\n`).join('');
    logs.set(pod, { text, mark, readAt });
    return text;
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
