import 'server-only';
import type { V1Container, V1Pod } from '@kubernetes/client-node';
import type { Cluster } from '@/lib/cluster/cluster';
import {
  evictionOf,
  heapCeilings,
  heapFlags,
  rowKey,
  terminationsOf,
  UNTOUCHED_VERDICTS,
  type ContainerExplanation,
  type Termination,
} from '@/lib/domain';
import { sizedFrom } from '@/lib/domain/container-facts';
import { historiesAtCreation } from '@/lib/history/reads';
import { listEvictions, listTerminations } from '@/lib/history/terminations';
import { readFailedCreatesOf, readOomKillsOn, readPodEndEventsOf } from '@/lib/k8s/events';
import { podKey, type PodRef } from '@/lib/k8s/names';
import { sharedInFlight } from '@/lib/shared-in-flight';
import type { CachedEvent } from '@/lib/k8s/slim';
import type { ExplainedPod } from './explain';
import type { Explanation } from './explain-types';
import { attempt, attemptStore } from './part';
import type { ContainerEnds, EndSeen, PodEnds, PodEvent, RowThen } from './pod-terminations-types';

export type { PodEnds };

// How the pod's containers ended and whether it was evicted, beside its explanation: the pod's status now, the
// terminations the recorder kept (the status holds only the last), the row in force at each end (the history), the
// pod's own events and its controller's FailedCreate, and the heap ceilings its env and args set.

/**
 * Reasons of the events the section lists: what ends or refuses a pod for memory, and restarts. The pod's own are read
 * by POD_END_REASONS (lib/k8s/caches.ts); FailedCreate is on its owner, OOMKilling and SystemOOM on its node.
 */
const EVENT_REASONS = new Set(['Evicted', 'OOMKilling', 'OOMKilled', 'FailedCreate', 'Killing', 'BackOff', 'Preempted', 'SystemOOM']);

/**
 * The ends of the pod its explanation was made from (read once for both), once per pod and version of it while in
 * flight: a team's pages of one pod list its events once.
 */
export const readPodEnds: (cluster: Cluster, ref: PodRef, explained: ExplainedPod) => Promise<PodEnds> = sharedInFlight(
  (cluster: Cluster, ref: PodRef, explained: ExplainedPod) =>
    `${cluster.name}/${podKey(ref)}@${explained.pod.metadata?.resourceVersion ?? ''}`,
  (cluster: Cluster, ref: PodRef, { explanation, pod }: ExplainedPod) => podEnds(cluster, ref, explanation, pod),
);

async function podEnds(cluster: Cluster, ref: PodRef, explanation: Explanation, pod: V1Pod): Promise<PodEnds> {
  const notes: string[] = [];
  const uid = pod.metadata?.uid ?? '';
  const [recorded, events] = await Promise.all([recordedOf(cluster, uid, notes), eventsOf(cluster, pod, explanation, notes)]);
  const fromStatus = terminationsOf(pod.status);
  const eviction = evictionOf(pod.status, null) ?? recorded.eviction;
  const all = distinct([...fromStatus, ...recorded.terminations]);
  const times = [...all.map((t) => t.at), ...(eviction?.at ? [eviction.at] : [])];
  const tables = await tablesAt(cluster, times, notes);
  const rowThen = (container: string, at: string | null): RowThen => {
    const key = explanation.workload ? rowKey(ref.namespace, explanation.workload.name, container) : null;
    if (key === null) return { state: 'no-workload', key, bytes: null };
    const table = at ? tables.get(at) : undefined;
    if (!table) return { state: 'unknown', key, bytes: null };
    const row = table.parsed.rows[key];
    return row ? { state: 'found', key, bytes: row.bytes } : { state: 'none', key, bytes: null };
  };
  const specs = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
  const containers = explanation.containers.map((c) =>
    containerEnds(
      c,
      specs.find((s) => s.name === c.name),
      restartsOf(pod, c.name),
      all,
      rowThen,
    ),
  );
  return {
    containers,
    eviction: eviction && {
      message: eviction.message,
      at: eviction.at,
      row: explanation.containers.map((c) => rowThen(c.name, eviction.at)),
    },
    events,
    notes,
  };
}

function containerEnds(
  c: ContainerExplanation,
  spec: V1Container | undefined,
  restarts: number,
  all: Termination[],
  rowThen: (container: string, at: string | null) => RowThen,
): ContainerEnds {
  const ends: EndSeen[] = all
    .filter((t) => t.container === c.name)
    .sort((a, b) => b.at.localeCompare(a.at))
    .map((t) => ({ reason: t.reason, exitCode: t.exitCode, at: t.at, restartCount: t.restartCount, row: rowThen(c.name, t.at) }));
  // the next pod keeps what this one has when the webhook leaves it untouched; else it gets the row, capped at the limit
  const next = UNTOUCHED_VERDICTS.has(c.verdict) || c.row === null ? c.request : sizedFrom(c.row, c.limit);
  const flags = spec ? heapFlags(heapCeilings(runtimeOf(spec), c.limit), c.request, next) : [];
  return { name: c.name, init: c.init, restarts, request: c.request, limit: c.limit, ends, heapFlags: flags.map((f) => f.line) };
}

const runtimeOf = (spec: V1Container) => ({
  env: spec.env?.map((e) => ({ name: e.name, value: e.value })),
  args: spec.args,
  command: spec.command,
});

function restartsOf(pod: V1Pod, container: string): number {
  const all = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
  return all.find((s) => s.name === container)?.restartCount ?? 0;
}

/** One of each (container, time): the status and the recorder see the same end. */
function distinct(ends: Termination[]): Termination[] {
  const seen = new Map<string, Termination>();
  for (const t of ends) if (!seen.has(`${t.container} ${t.at}`)) seen.set(`${t.container} ${t.at}`, t);
  return [...seen.values()];
}

async function recordedOf(cluster: Cluster, uid: string, notes: string[]) {
  const read = await attemptStore(async () => {
    const db = await cluster.history();
    const [terminations, evictions] = await Promise.all([listTerminations(db, { uid }), listEvictions(db, { uid })]);
    return { terminations, eviction: evictions[0] ?? null };
  });
  if (read.ok) return read.value;
  notes.push(`The history store could not be read (${read.error.message}): only the ends the pod's status still holds are shown.`);
  return { terminations: [], eviction: null };
}

/** The table in force at each time (absent: not recorded then, or the store could not be read). */
async function tablesAt(cluster: Cluster, times: string[], notes: string[]) {
  const distinctTimes = [...new Set(times)];
  const read = await attemptStore(async () => historiesAtCreation(await cluster.history(), distinctTimes));
  if (!read.ok) {
    if (distinctTimes.length > 0)
      notes.push(`The rows in force then cannot be told: the history store could not be read (${read.error.message}).`);
    return new Map();
  }
  return new Map(distinctTimes.map((t, i) => [t, read.value[i]!.table] as const).filter(([, table]) => table !== null));
}

async function eventsOf(cluster: Cluster, pod: V1Pod, explanation: Explanation, notes: string[]): Promise<PodEvent[]> {
  const k = cluster.clients();
  const caches = cluster.caches();
  const namespace = pod.metadata?.namespace ?? '';
  const name = pod.metadata?.name ?? '';
  const owner = explanation.ownerChain[0];
  const uid = pod.metadata?.uid ?? '';
  const node = pod.spec?.nodeName;
  const reads: Array<Promise<Array<{ e: CachedEvent; object: string }>>> = [
    readPodEndEventsOf(k, namespace, name, caches).then((es) => es.map((e) => ({ e, object: 'pod' }))),
  ];
  if (owner)
    reads.push(
      readFailedCreatesOf(k, namespace, owner.name, caches).then((es) => es.map((e) => ({ e, object: `${owner.kind}/${owner.name}` }))),
    );
  // node-problem-detector's OOMKilling is on the node; its kernel line names the pod's cgroup, which holds its uid
  if (node && uid)
    reads.push(
      readOomKillsOn(k, node, caches).then((es) =>
        es
          .filter((e) => e.message?.includes(uid) || e.message?.includes(uid.replaceAll('-', '_')))
          .map((e) => ({ e, object: `Node/${node}` })),
      ),
    );
  const read = await attempt(async () => (await Promise.all(reads)).flat());
  if (!read.ok) {
    notes.push(`The pod's events could not be read: ${read.error.message}`);
    return [];
  }
  return read.value
    .filter(({ e }) => EVENT_REASONS.has(e.reason ?? ''))
    .map(({ e, object }) => ({
      reason: e.reason ?? '',
      type: e.type ?? 'Normal',
      message: e.message ?? '',
      at: e.lastTimestamp ?? e.eventTime ?? e.firstTimestamp ?? null,
      count: e.count ?? 1,
      object,
    }))
    .sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''));
}
