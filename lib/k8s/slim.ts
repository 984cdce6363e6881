// What the caches keep of each object: only the fields the pages and the recorder use. At production size a pod's
// managedFields and full spec would be most of the server's memory (bench/memory.ts measures a cached pod against a
// whole one). Pure: unit-tested beside it.
// Relative, with its extension: bench/memory.ts loads this file in plain Node, which knows no '@/' alias.
import { toDate } from '../domain/time.ts';
import type { RawObject } from './informer';
import { interner, sharer } from './intern.ts';

interface Meta {
  name?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: Array<{ apiVersion?: string; kind: string; name: string; uid?: string; controller?: boolean }>;
  managedFields?: unknown;
}
interface Container {
  name: string;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface Terminated {
  reason?: string;
  exitCode?: number;
  finishedAt?: string;
}
interface ContainerStatus {
  name: string;
  restartCount?: number;
  state?: { terminated?: Terminated };
  lastState?: { terminated?: Terminated };
}
interface PodStatus {
  phase?: string;
  reason?: string;
  message?: string;
  containerStatuses?: ContainerStatus[];
  initContainerStatuses?: ContainerStatus[];
}
/** Where a pod runs and may run: the next table's fit places it (lib/domain/next-table-fit.ts). */
interface Placement {
  nodeName?: string;
  nodeSelector?: Record<string, string>;
  tolerations?: Array<{ key?: string; operator?: string; value?: string; effect?: string }>;
}
interface Pod {
  metadata?: Meta;
  spec?: { containers?: Container[]; initContainers?: Container[] } & Placement;
  status?: PodStatus;
}

/** A pod as the caches keep it: shaped like client-node's V1Pod, with only these fields. */
export interface CachedPod {
  metadata: Pick<Meta, 'name' | 'namespace' | 'uid' | 'creationTimestamp' | 'deletionTimestamp' | 'labels' | 'ownerReferences'>;
  spec: { containers: Container[]; initContainers?: Container[] } & Placement;
  /** Its reason and message only when it has one (Evicted); only the statuses of containers that ended (the recorder's). */
  status: PodStatus;
}

export interface OwnerObject {
  metadata: Pick<Meta, 'name' | 'namespace' | 'ownerReferences'>;
}

// Shared by every cached pod: what replicas and pods on one node repeat, as one copy (lib/k8s/intern.ts); a pod's
// name, uid and times are its own. Small generations: a list hands a workload's pods over one after another, and a
// value no other pod has (a StatefulSet pod's own labels) holds memory only until two generations have passed.
const text = interner(1_000);
const alike = sharer(1_000);

const memoryOf = (c: Container): Container => {
  const requests = c.resources?.requests?.memory;
  const limits = c.resources?.limits?.memory;
  return {
    name: c.name,
    resources: { ...(requests ? { requests: { memory: requests } } : {}), ...(limits ? { limits: { memory: limits } } : {}) },
  };
};

export function slimPod(raw: RawObject): CachedPod {
  const pod = raw as Pod;
  const m = pod.metadata ?? {};
  return {
    metadata: {
      name: m.name,
      namespace: text(m.namespace),
      uid: m.uid,
      creationTimestamp: m.creationTimestamp,
      ...(m.deletionTimestamp ? { deletionTimestamp: m.deletionTimestamp } : {}),
      ...(m.labels ? { labels: alike({ ...m.labels }) } : {}),
      ...(m.ownerReferences
        ? {
            ownerReferences: alike(
              m.ownerReferences.map(({ apiVersion, kind, name, uid, controller }) => ({ apiVersion, kind, name, uid, controller })),
            ),
          }
        : {}),
    },
    spec: {
      containers: alike((pod.spec?.containers ?? []).map(memoryOf)),
      ...(pod.spec?.initContainers ? { initContainers: alike(pod.spec.initContainers.map(memoryOf)) } : {}),
      ...placementOf(pod.spec ?? {}),
    },
    status: slimStatus(pod.status),
  };
}

const slimTerminated = (t: Terminated | undefined) => t && { reason: text(t.reason), exitCode: t.exitCode, finishedAt: t.finishedAt };

/** The container statuses that hold a termination (most pods have none, and keep none). */
function endedOnly(statuses: ContainerStatus[] | undefined): ContainerStatus[] | undefined {
  const ended = (statuses ?? []).filter((c) => c.state?.terminated || c.lastState?.terminated);
  if (ended.length === 0) return undefined;
  return ended.map((c) => ({
    name: text(c.name),
    restartCount: c.restartCount,
    ...(c.state?.terminated ? { state: { terminated: slimTerminated(c.state.terminated) } } : {}),
    ...(c.lastState?.terminated ? { lastState: { terminated: slimTerminated(c.lastState.terminated) } } : {}),
  }));
}

function slimStatus(status: PodStatus | undefined): PodStatus {
  const containerStatuses = endedOnly(status?.containerStatuses);
  const initContainerStatuses = endedOnly(status?.initContainerStatuses);
  return {
    phase: text(status?.phase),
    ...(status?.reason ? { reason: status.reason, message: status.message } : {}),
    ...(containerStatuses ? { containerStatuses } : {}),
    ...(initContainerStatuses ? { initContainerStatuses } : {}),
  };
}

function placementOf({ nodeName, nodeSelector, tolerations }: Placement): Placement {
  return {
    ...(nodeName ? { nodeName: text(nodeName) } : {}),
    ...(nodeSelector ? { nodeSelector: alike({ ...nodeSelector }) } : {}),
    ...(tolerations?.length
      ? { tolerations: alike(tolerations.map(({ key, operator, value, effect }) => ({ key, operator, value, effect }))) }
      : {}),
  };
}

export function slimOwner(raw: RawObject): OwnerObject {
  const m = (raw as { metadata?: Meta }).metadata ?? {};
  return { metadata: { name: m.name, namespace: m.namespace, ...(m.ownerReferences ? { ownerReferences: m.ownerReferences } : {}) } };
}

export function slimNamespace(raw: RawObject): { metadata: { name?: string; labels?: Record<string, string> } } {
  const m = (raw as { metadata?: Meta }).metadata ?? {};
  return { metadata: { name: m.name, labels: m.labels ?? {} } };
}

export function withoutManagedFields(raw: RawObject): RawObject {
  const { managedFields: _dropped, ...metadata } = ((raw as { metadata?: Meta }).metadata ?? {}) as Meta;
  return { ...raw, metadata };
}

/**
 * The Deployment's replicas and template labels, and its containers' names and images (Kyverno's version, on the
 * fleet); the rest of its pod template's spec is not kept.
 */
export function slimDeployment(raw: RawObject): RawObject {
  type Container = { name?: string; image?: string };
  const d = withoutManagedFields(raw) as RawObject & {
    spec?: { replicas?: number; template?: { metadata?: unknown; spec?: { containers?: Container[] } } };
  };
  const containers = (d.spec?.template?.spec?.containers ?? []).map(({ name, image }) => ({ name, image }));
  return { ...d, spec: { ...d.spec, template: { metadata: d.spec?.template?.metadata, spec: { containers } } } } as RawObject;
}

/** An event's time as the API server's JSON writes it (text) or as client-node's typed list gives it (a Date). */
type EventTime = string | Date | null | undefined;

interface EventInput {
  metadata?: { namespace?: string };
  type?: string;
  reason?: string;
  message?: string;
  count?: number;
  lastTimestamp?: EventTime;
  eventTime?: EventTime;
  firstTimestamp?: EventTime;
  reportingComponent?: string;
  source?: { component?: string };
  involvedObject?: { apiVersion?: string; kind?: string; namespace?: string; name?: string };
}

/** An event as the caches keep it and the readers use it, its times always ISO 8601 text in one form. */
export interface CachedEvent {
  /** Where the event lies: what it says about another namespace's object is not that object's controller's word. */
  metadata: { namespace?: string };
  type?: string;
  reason?: string;
  message?: string;
  count?: number;
  lastTimestamp?: string;
  eventTime?: string;
  firstTimestamp?: string;
  /** Who wrote it (lib/domain/event-evidence.ts): the evidence counts only from the controller that reports it. */
  reportingComponent?: string;
  source?: { component?: string };
  involvedObject: { apiVersion?: string; kind?: string; namespace?: string; name?: string };
}

/**
 * The one place an event is normalized: the watch's plain JSON and a direct read's typed V1Event (Dates) both come
 * out the same, so a reader gives the same answer from the cache as from its fallback.
 */
export function slimEvent(raw: RawObject | EventInput): CachedEvent {
  const e = raw as EventInput;
  const times = (['lastTimestamp', 'eventTime', 'firstTimestamp'] as const).flatMap((field) => {
    const date = toDate(e[field]);
    return date ? [[field, date.toISOString()] as const] : [];
  });
  const { apiVersion, kind, namespace, name } = e.involvedObject ?? {};
  return {
    metadata: { namespace: e.metadata?.namespace },
    ...(e.type !== undefined ? { type: e.type } : {}),
    ...(e.reason !== undefined ? { reason: e.reason } : {}),
    ...(e.message !== undefined ? { message: e.message } : {}),
    ...(e.count !== undefined && e.count !== null ? { count: e.count } : {}),
    ...Object.fromEntries(times),
    ...(e.reportingComponent ? { reportingComponent: e.reportingComponent } : {}),
    ...(e.source?.component ? { source: { component: e.source.component } } : {}),
    involvedObject: { apiVersion, kind, namespace, name },
  };
}
