import 'server-only';
import type { V1Pod } from '@kubernetes/client-node';
import { nextTableFit, parseMemory, skipReason, withNameLabel, type FitFocus, type FitInput, type FitPod } from '@/lib/domain';
import { EVERYTHING, seesNamespace, seesPart, type Rights } from '@/lib/domain/rights';
import type { Cluster } from '@/lib/cluster/cluster';
import { listFitLimits, listFitNodes, listFitQuotas } from '@/lib/k8s/fit';
import { listPods } from '@/lib/k8s/pods';
import { judgingAt, type Judging } from './pod-verdicts';
import { listedPod } from './pods';
import type { FitSource, FitView } from './next-table-fit-types';

// The next table's fit, read for the preview (its own rows) and for the home and workload pages (the preview's last
// rows when this server computed one, else today's table: what the pods' replacements get now).

// Kept on globalThis (Next may load this module more than once in one server), one per cluster by its name: a
// preview of one cluster is never another's next table.
const KEY = Symbol.for('memdash.last-preview-rows');
type LastRows = { rows: Record<string, string>; computedAt: string };
type WithLast = typeof globalThis & { [KEY]?: Map<string, LastRows> };

const lastRows = (): Map<string, LastRows> => ((globalThis as WithLast)[KEY] ??= new Map());

/** The preview's rows, kept for the cluster's panels until its next preview. */
export function rememberPreviewRows(cluster: Cluster, rows: Record<string, string>, computedAt: string): void {
  lastRows().set(cluster.name, { rows, computedAt });
}

/** The fit of `next` (everything: the preview's asker may read the whole table). */
export async function fitOfRows(
  cluster: Cluster,
  next: Record<string, string>,
  source: FitSource,
  now: Date,
  rights: Rights = EVERYTHING,
  focus?: FitFocus['workload'],
): Promise<FitView> {
  const started = performance.now();
  const input = await fitInput(cluster, next, now);
  const report = nextTableFit(input, { sees: (ns) => seesNamespace(rights, ns), ...(focus ? { workload: focus } : {}) });
  return { source, report, partial: seesPart(rights), tookMs: Math.round(performance.now() - started) };
}

/** The panels' fit: of the preview's last rows, or of today's table. */
export async function readNextTableFit(cluster: Cluster, rights: Rights, now = new Date(), focus?: FitFocus['workload']): Promise<FitView> {
  const last = lastRows().get(cluster.name);
  if (last) return fitOfRows(cluster, last.rows, { kind: 'preview', computedAt: last.computedAt }, now, rights, focus);
  return readTodaysFit(cluster, rights, now, focus);
}

/**
 * The fit of today's table: what a restart gives the pods' replacements now, whatever preview was computed. The pod
 * page's advice weighs a restart with it.
 */
export async function readTodaysFit(cluster: Cluster, rights: Rights, now = new Date(), focus?: FitFocus['workload']): Promise<FitView> {
  const judging = await judgingAt(cluster, now);
  const rows = Object.fromEntries(Object.values(judging.table.parsed.rows).map((r) => [r.key, r.value]));
  // when the table was last written is the table's: withheld from those who may not get it
  const lastWriteAt = rights.table ? judging.table.lastWriteAt : null;
  return fitOfRows(cluster, rows, { kind: 'today', lastWriteAt }, now, rights, focus);
}

async function fitInput(cluster: Cluster, next: Record<string, string>, now: Date): Promise<FitInput> {
  const [pods, judging, nodes, quotas, limits] = await Promise.all([
    listPods(cluster),
    judgingAt(cluster, now),
    listFitNodes(cluster),
    listFitQuotas(cluster),
    listFitLimits(cluster),
  ]);
  return { pods: pods.flatMap((pod) => fitPodOf(pod, judging) ?? []), nodes, quotas, limits, next };
}

// Made once per version of a cached pod and of what it is judged from (the registration and namespaces' labels).
const made = new WeakMap<V1Pod, { key: object; pod: FitPod | null }>();

function fitPodOf(raw: V1Pod, j: Judging): FitPod | null {
  const kept = made.get(raw);
  if (kept?.key === j.key) return kept.pod;
  const pod = fitPod(raw, j);
  made.set(raw, { key: j.key, pod });
  return pod;
}

function fitPod(raw: V1Pod, j: Judging): FitPod | null {
  const listed = listedPod(raw, j.jenkinsNamespace);
  if (!listed) return null;
  const { namespace, name } = listed.summary;
  const entry = j.registration.entry;
  const namespaceLabels = withNameLabel(namespace, j.labels.get(namespace) ?? {});
  const sent = j.registration.present && !!entry && skipReason(entry, namespaceLabels, raw.metadata?.labels ?? {}) === null;
  const spec = raw.spec;
  const memory = (r?: { [key: string]: string }) => (r?.['memory'] === undefined ? null : parseMemory(r['memory']));
  const container =
    (init: boolean) => (c: { name: string; resources?: { requests?: { [key: string]: string }; limits?: { [key: string]: string } } }) => {
      const limit = memory(c.resources?.limits);
      return { name: c.name, init, request: memory(c.resources?.requests) ?? limit, limit };
    };
  return {
    namespace,
    name,
    workload: listed.summary.workload?.name ?? null,
    nodeName: spec?.nodeName ?? null,
    phase: listed.summary.phase,
    sent,
    nodeSelector: spec?.nodeSelector ?? {},
    tolerations: (spec?.tolerations ?? []).map(({ key, operator, value, effect }) => ({ key, operator, value, effect })),
    containers: [...(spec?.initContainers ?? []).map(container(true)), ...(spec?.containers ?? []).map(container(false))],
  };
}
