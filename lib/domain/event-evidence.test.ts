import { describe, expect, it } from 'vitest';
import { failedCreateEvents, forgedFailedCreateEvents, globalContextEntryEvents } from './__fixtures__/webhook-fixtures';
import { entryEventsOf, eventTimeOf, inObjectNamespace, isPodCreatorReport, reportedBy } from './event-evidence';

const NOW = new Date('2026-10-06T10:10:00Z');
const byName = (name: string) => {
  const found = [...failedCreateEvents, ...forgedFailedCreateEvents, ...globalContextEntryEvents].find(
    (e) => (e as { metadata?: { name?: string } }).metadata?.name === name,
  );
  if (!found) throw new Error(`no event ${name} in the fixtures`);
  return found;
};

describe('isPodCreatorReport', () => {
  it("takes the controllers' own FailedCreate events, legacy and events.k8s.io shaped", () => {
    expect(failedCreateEvents.map(isPodCreatorReport)).toEqual([true, true, true, true]);
  });

  it.each([
    ['checkout-5f6d7c8b9a.by-hand', 'written by hand: no source at all'],
    ['web-7d9c6b5f4d.other-namespace', "in sandbox, about shop's ReplicaSet"],
    ['web-7d9c6b5f4d.wrong-controller', 'a ReplicaSet reported by the job controller'],
    ['web-7d9c6b5f4d.other-group', 'a ReplicaSet of another API group'],
    ['web-7d9c6b5f4d.half-signed', 'one of its two writer fields names another writer'],
  ])('refuses %s (%s)', (name) => {
    expect(isPodCreatorReport(byName(name))).toBe(false);
  });
});

describe('reportedBy and inObjectNamespace', () => {
  it('needs a writer named, and every name it gives one of those asked for', () => {
    expect(reportedBy({ involvedObject: {} }, ['replicaset-controller'])).toBe(false);
    expect(reportedBy({ involvedObject: {}, reportingComponent: 'replicaset-controller', source: {} }, ['replicaset-controller'])).toBe(
      true,
    );
  });

  it("puts a cluster-scoped object's events in default only, with no namespace of their object", () => {
    expect(inObjectNamespace(byName('memory-requests.1866c4d0a1b2c3d4'), true)).toBe(true);
    expect(inObjectNamespace(byName('memory-requests.in-sandbox'), true)).toBe(false);
    expect(inObjectNamespace({ metadata: { namespace: 'kube-public' }, involvedObject: {} }, true)).toBe(false);
  });
});

describe('eventTimeOf', () => {
  it('takes the last time, then the event time, then the first', () => {
    expect(eventTimeOf(byName('memory-requests.1866c4d0a1b2c3d4'), NOW)?.toISOString()).toBe('2026-10-06T10:02:11.482Z');
    expect(eventTimeOf({ involvedObject: {}, firstTimestamp: '2026-10-06T09:00:00Z' }, NOW)?.toISOString()).toBe(
      '2026-10-06T09:00:00.000Z',
    );
    expect(eventTimeOf({ involvedObject: {} }, NOW)).toBeNull();
  });

  it('never gives a time later than now', () => {
    expect(eventTimeOf(byName('db.future'), NOW)).toEqual(NOW);
  });
});

describe('entryEventsOf', () => {
  const events = entryEventsOf(globalContextEntryEvents, 'memory-requests', NOW);

  it("keeps Kyverno's own events about the entry, newest first, a future time clamped to now", () => {
    expect(events).toEqual([
      { type: 'Warning', reason: 'PolicyError', message: 'failed to load data: the table has no rows', count: 1, last: NOW.toISOString() },
      {
        type: 'Warning',
        reason: 'PolicyError',
        message: 'failed to load data: configmaps "memory-requests" not found',
        count: 1,
        last: '2026-10-06T10:02:11.482Z',
      },
    ]);
  });

  it("never shows another writer's words as Kyverno's, nor another entry's events", () => {
    expect(events.some((e) => e.message.includes('break-glass'))).toBe(false);
    expect(entryEventsOf(globalContextEntryEvents, 'other-table', NOW)).toEqual([]);
  });
});
