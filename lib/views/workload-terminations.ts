import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { countOf, mergeMarks, OOM_KILLED, parseMemory, workloadFromPodName, type TerminationMark } from '@/lib/domain';
import type { Rights } from '@/lib/domain/rights';
import { variableOf } from '@/lib/config';
import { listEvictions, listTerminations, requestsAtCreation, type ContainerSizes } from '@/lib/history/terminations';
import { listPods } from '@/lib/k8s/pods';
import { PrometheusError } from '@/lib/prometheus/client';
import { prometheusEnds, workingSetAt } from '@/lib/prometheus/terminations';
import { attempt, attemptStore } from './part';
import { requireWorkload } from './workload-history';
import type { WorkloadRef } from './workload-history-types';
import type { SourceState, WorkloadEnd, WorkloadEnds } from './workload-terminations-types';

export type { WorkloadEnds };

// A workload's OOM kills and evictions over the snapshot's window: what the recorder kept, and what Prometheus's
// kube-state-metrics and cAdvisor series hold, merged (one event seen by both counts once); for the newest, the
// request the pod had and the working set then. Either source failing or absent is said in a line; the other stands.

/** How many of the newest events get their request and working set looked up. */
const DETAILED = 20;

/** `signal`: the page's (lib/http/page-signal.ts); its Prometheus reads stop when the browser leaves. */
export async function readWorkloadEnds(
  cluster: Cluster,
  ref: WorkloadRef,
  rights: Rights,
  { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {},
): Promise<WorkloadEnds> {
  requireWorkload(cluster, rights, ref);
  const { start, end, marks, messages, recorder, prometheus } = await workloadEndMarks(cluster, ref, { now, signal });
  const ends = await detailed(cluster, ref, marks.slice(-DETAILED).reverse(), messages, signal);
  return {
    start,
    end,
    marks,
    ends,
    oomKills: marks.filter((m) => m.kind === 'oom-kill').length,
    evictions: marks.filter((m) => m.kind === 'eviction').length,
    recorder,
    prometheus,
  };
}

/**
 * The OOM kills and evictions over the snapshot's window, each once across the recorder and Prometheus, and where
 * each source stood; without the details of the newest (the workload across clusters counts them only). The
 * caller checks the asker's rights first.
 */
export async function workloadEndMarks(
  cluster: Cluster,
  ref: WorkloadRef,
  { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {},
) {
  const s = cluster.facts;
  const end = Math.floor(now.getTime() / 1000);
  const start = end - s.snapshotWindowDays * 86_400;
  const [recorded, fromPrometheus] = await Promise.all([
    recordedMarks(cluster, ref, start),
    prometheusMarks(cluster, ref, start, end, s.snapshotStepSeconds, signal),
  ]);
  const marks = mergeMarks([recorded.marks, fromPrometheus.marks], 2 * s.snapshotStepSeconds);
  return { start, end, marks, messages: recorded.messages, recorder: recorded.state, prometheus: fromPrometheus.state };
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

async function recordedMarks(cluster: Cluster, ref: WorkloadRef, start: number) {
  const read = await attemptStore(async () => {
    const db = await cluster.history();
    const where = { ...ref, from: new Date(start * 1000).toISOString() };
    return Promise.all([listTerminations(db, where), listEvictions(db, where)]);
  });
  if (!read.ok)
    return { marks: [], messages: new Map<string, string>(), state: failed(`The history store could not be read: ${read.error.message}`) };
  const [terminations, evictions] = read.value;
  const marks: TerminationMark[] = [
    ...terminations
      .filter((t) => t.reason === OOM_KILLED)
      .map((t): TerminationMark => ({ kind: 'oom-kill', pod: t.pod, container: t.container, t: seconds(t.at), source: 'recorder' })),
    ...evictions.map((e): TerminationMark => ({ kind: 'eviction', pod: e.pod, container: null, t: seconds(e.at), source: 'recorder' })),
  ];
  const state: SourceState = {
    state: 'read',
    line: `memdash's recorder saw ${countOf(marks.length, 'OOM kill or eviction', 'OOM kills and evictions')} of these pods in the window (it sees only what happens while it runs).`,
  };
  return { marks, messages: new Map(evictions.map((e) => [e.pod, e.message])), state };
}

async function prometheusMarks(cluster: Cluster, ref: WorkloadRef, start: number, end: number, step: number, signal?: AbortSignal) {
  try {
    const read = await prometheusEnds(cluster, { ...ref, start, end, step, signal }, (pod) => workloadFromPodName(pod) === ref.workload);
    const s = cluster.facts;
    const ksm = [s.restartsMetric, s.lastTerminatedMetric, s.podReasonMetric];
    const ksmMissing = ksm.filter((m) => read.missing.includes(m));
    const cadvisor = read.found.includes(s.oomEventsMetric) ? "cAdvisor's OOM events were read" : `no ${s.oomEventsMetric} (cAdvisor)`;
    if (read.found.length === 0)
      return {
        marks: [],
        state: missing(
          `Prometheus holds no kube-state-metrics or cAdvisor series of these pods in the window (${[...ksm, s.oomEventsMetric].join(', ')}; names set by ${variableOf('restartsMetric')} and the like): only the recorder's history is shown.`,
        ),
      };
    const ksmWords =
      ksmMissing.length === 0 ? "kube-state-metrics' series were read" : `kube-state-metrics' ${ksmMissing.join(', ')} missing`;
    return { marks: read.marks, state: { state: 'read' as const, line: `From Prometheus: ${ksmWords}; ${cadvisor}.` } };
  } catch (err) {
    if (err instanceof PrometheusError) return { marks: [], state: failed(`Prometheus could not be read: ${err.message}`) };
    throw err;
  }
}

const failed = (line: string): SourceState => ({ state: 'failed', line });
const missing = (line: string): SourceState => ({ state: 'missing', line });

/** The request each pod had (the recorder's, else the pod's now) and the working set at each event. */
async function detailed(
  cluster: Cluster,
  ref: WorkloadRef,
  marks: TerminationMark[],
  messages: Map<string, string>,
  signal?: AbortSignal,
): Promise<WorkloadEnd[]> {
  const sizes = await sizesOf(cluster, ref, [...new Set(marks.map((m) => m.pod))]);
  return Promise.all(
    marks.map(async (m): Promise<WorkloadEnd> => {
      const containers = sizes.get(m.pod) ?? null;
      const request = containers === null ? null : requestOf(containers, m.container);
      const ws = await attempt(() => workingSetAt(cluster, ref.namespace, m.pod, m.container, m.t, signal));
      return { ...m, request, workingSet: ws.ok ? ws.value : null, message: m.kind === 'eviction' ? (messages.get(m.pod) ?? null) : null };
    }),
  );
}

function requestOf(containers: ContainerSizes[], container: string | null): number | null {
  if (container !== null) return containers.find((c) => c.name === container)?.request ?? null;
  const requests = containers.filter((c) => !c.init).map((c) => c.request);
  return requests.some((r) => r === null) ? null : requests.reduce<number>((a, b) => a + b!, 0);
}

/** Each pod's containers' sizes: as the recorder saw them at its creation, else as the pod has them now. */
async function sizesOf(cluster: Cluster, ref: WorkloadRef, pods: string[]): Promise<Map<string, ContainerSizes[]>> {
  const recorded = await attemptStore(async () => requestsAtCreation(await cluster.history(), ref.namespace, pods));
  const sizes = recorded.ok ? recorded.value : new Map<string, ContainerSizes[]>();
  const unknown = pods.filter((p) => !sizes.has(p));
  if (unknown.length === 0) return sizes;
  const now = await attempt(() => listPods(cluster, ref.namespace));
  for (const pod of now.ok ? now.value : []) {
    const name = pod.metadata?.name ?? '';
    if (!unknown.includes(name)) continue;
    const bytes = (q: string | undefined) => (q ? parseMemory(q) : null);
    sizes.set(
      name,
      (pod.spec?.containers ?? []).map((c) => {
        const limit = bytes(c.resources?.limits?.memory);
        return { name: c.name, request: bytes(c.resources?.requests?.memory) ?? limit, limit };
      }),
    );
  }
  return sizes;
}
