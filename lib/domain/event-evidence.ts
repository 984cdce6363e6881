import { toDate } from './time';

// Anyone who may create Events in a namespace can write one with any reason, message, source, object and time. An
// Event is taken as a controller's own report only when the controller that writes such events signed it, it lies in
// the namespace its object's events go to, and its time has come. Whether its object exists is asked in lib/k8s.

/** An Event as the API server's core/v1 JSON has it (a watch's plain JSON or client-node's typed list). */
export interface EventShape {
  metadata?: { namespace?: string };
  type?: string;
  reason?: string;
  message?: string;
  count?: number;
  lastTimestamp?: string | Date | null;
  eventTime?: string | Date | null;
  firstTimestamp?: string | Date | null;
  /** Who wrote it: events.k8s.io's reportingController, as core/v1 shows it. */
  reportingComponent?: string;
  /** Who wrote it, as the older event recorder says (kube-controller-manager still sets both). */
  source?: { component?: string };
  involvedObject: { apiVersion?: string; kind?: string; namespace?: string; name?: string };
}

/**
 * The controllers whose pod creates a webhook can refuse, by the kind of object their FailedCreate is about: the
 * API version that kind is served as, its resource, and the component kube-controller-manager reports it as.
 */
export const POD_CREATORS: Record<string, { apiVersion: string; plural: string; controller: string }> = {
  ReplicaSet: { apiVersion: 'apps/v1', plural: 'replicasets', controller: 'replicaset-controller' },
  StatefulSet: { apiVersion: 'apps/v1', plural: 'statefulsets', controller: 'statefulset-controller' },
  DaemonSet: { apiVersion: 'apps/v1', plural: 'daemonsets', controller: 'daemonset-controller' },
  Job: { apiVersion: 'batch/v1', plural: 'jobs', controller: 'job-controller' },
};

/**
 * Kyverno's event sources: its global context controller (which reports a GlobalContextEntry that fails to load) and
 * the sources of pkg/event/source.go.
 */
export const KYVERNO_REPORTERS = [
  'globalcontext-controller',
  'kyverno-admission',
  'kyverno-scan',
  'kyverno-generate',
  'kyverno-mutate',
  'kyverno-cleanup',
] as const;

/** Events about a cluster-scoped object are written to `default` (client-go's recorder and Kyverno's alike). */
export const CLUSTER_EVENTS_NAMESPACE = 'default';

/** Whether every component the event names as its writer is one of `reporters`, and it names one at least. */
export function reportedBy(event: EventShape, reporters: readonly string[]): boolean {
  const named = [event.reportingComponent, event.source?.component].filter((c): c is string => !!c);
  return named.length > 0 && named.every((c) => reporters.includes(c));
}

/**
 * Whether the event lies where its object's events are written: a namespaced object's in its own namespace, a
 * cluster-scoped one's in `default`. (The API server lets an event with an eventTime name another namespace's object.)
 */
export function inObjectNamespace(event: EventShape, clusterScoped: boolean): boolean {
  const where = event.metadata?.namespace;
  const objectNamespace = event.involvedObject.namespace;
  if (clusterScoped) return !objectNamespace && where === CLUSTER_EVENTS_NAMESPACE;
  return !!objectNamespace && where === objectNamespace;
}

/** Whether a FailedCreate was written by the controller of the kind it is about, in that object's namespace. */
export function isPodCreatorReport(event: EventShape): boolean {
  const creator = POD_CREATORS[event.involvedObject.kind ?? ''];
  return (
    !!creator &&
    event.involvedObject.apiVersion === creator.apiVersion &&
    reportedBy(event, [creator.controller]) &&
    inObjectNamespace(event, false)
  );
}

/** Whether an event about the GlobalContextEntry `name` was written by Kyverno, where such events are written. */
export function isKyvernoEntryReport(event: EventShape, name: string): boolean {
  const o = event.involvedObject;
  return o.kind === 'GlobalContextEntry' && o.name === name && reportedBy(event, KYVERNO_REPORTERS) && inObjectNamespace(event, true);
}

/** When the event last happened, never later than `now`: a time still to come is a clock or a writer not to believe. */
export function eventTimeOf(event: EventShape, now: Date): Date | null {
  const when = toDate(event.lastTimestamp ?? event.eventTime ?? event.firstTimestamp);
  if (!when) return null;
  return when.getTime() > now.getTime() ? new Date(now.getTime()) : when;
}

export interface EntryEvent {
  type: string;
  reason: string;
  message: string;
  count: number;
  last: string | null;
}

/** Kyverno's own events about the GlobalContextEntry `name`, newest first, at most `limit`. */
export function entryEventsOf(events: EventShape[], name: string, now: Date, limit = 5): EntryEvent[] {
  return events
    .filter((e) => isKyvernoEntryReport(e, name))
    .map((e) => ({
      type: e.type ?? '',
      reason: e.reason ?? '',
      message: e.message ?? '',
      count: e.count ?? 1,
      last: eventTimeOf(e, now)?.toISOString() ?? null,
    }))
    .sort((a, b) => (b.last ?? '').localeCompare(a.last ?? ''))
    .slice(0, limit);
}
