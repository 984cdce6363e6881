import { eventTimeOf, isPodCreatorReport, type EventShape } from './event-evidence';
import { toDate } from './time';

// A refused pod create leaves no pod, only a FailedCreate event on the controller that tried (ReplicaSet, Job,
// StatefulSet, DaemonSet). Those that name the pod webhook, written by that controller, grouped by it, show what the
// refusal is holding up.

export interface FailedCreateGroup {
  owner: { kind: string; namespace: string; name: string };
  count: number;
  /** The newest event's time, never later than the read. */
  last: string | null;
  /** The oldest event's first time (its firstTimestamp), never later than the read: when this controller was first refused. */
  first: string | null;
  /** The newest message, the API server's own words. */
  message: string;
}

/**
 * FailedCreate events whose controller reported them naming the entry, one group per owner, newest first. A quota's
 * refusal is not the webhook's, even when its message quotes the entry: it is counted by quotaRefusalsByOwner.
 */
export function failedCreatesByOwner(events: EventShape[], entryName: string, now: Date): FailedCreateGroup[] {
  return groupByOwner(events, now, (message) => message.includes(`"${entryName}"`) && !isQuotaRefusal(message));
}

/**
 * The ResourceQuota admission's words for a refused create ("exceeded quota: <name>, requested: …"): it runs after
 * Kyverno, so a request Kyverno raised is refused here, by the quota, not by the webhook.
 */
export function isQuotaRefusal(message: string): boolean {
  return /\bexceeded quota: /.test(message);
}

/** The quota a refusal names, or null. */
export function refusingQuota(message: string): string | null {
  return /\bexceeded quota: ([a-z0-9.-]+)/.exec(message)?.[1] ?? null;
}

/** FailedCreate events refused by a ResourceQuota, one group per owner, newest first. */
export function quotaRefusalsByOwner(events: EventShape[], now: Date): FailedCreateGroup[] {
  return groupByOwner(events, now, isQuotaRefusal);
}

function groupByOwner(events: EventShape[], now: Date, keep: (message: string) => boolean): FailedCreateGroup[] {
  const groups = new Map<string, FailedCreateGroup & { lastMs: number }>();
  for (const event of events) {
    if (event.reason !== 'FailedCreate' || !event.message || !keep(event.message) || !isPodCreatorReport(event)) continue;
    const owner = {
      kind: event.involvedObject.kind ?? '',
      namespace: event.involvedObject.namespace ?? '',
      name: event.involvedObject.name ?? '',
    };
    const when = eventTimeOf(event, now);
    const lastMs = when?.getTime() ?? 0;
    const firstSeen = firstTimeOf(event, now);
    const key = `${owner.kind}/${owner.namespace}/${owner.name}`;
    const group = groups.get(key);
    const count = event.count ?? 1;
    if (!group) {
      groups.set(key, { owner, count, last: when?.toISOString() ?? null, first: firstSeen, message: event.message, lastMs });
    } else {
      group.count += count;
      if (firstSeen && (!group.first || firstSeen < group.first)) group.first = firstSeen;
      if (lastMs >= group.lastMs) Object.assign(group, { last: when?.toISOString() ?? null, message: event.message, lastMs });
    }
  }
  return [...groups.values()].sort((a, b) => b.lastMs - a.lastMs).map(({ lastMs: _, ...group }) => group);
}

function firstTimeOf(event: EventShape, now: Date): string | null {
  const when = toDate(event.firstTimestamp ?? event.eventTime ?? event.lastTimestamp);
  if (!when) return null;
  return (when.getTime() > now.getTime() ? now : when).toISOString();
}
