import { describe, expect, it } from 'vitest';
import { failedCreateEvents, forgedFailedCreateEvents } from './__fixtures__/webhook-fixtures';
import { failedCreatesByOwner } from './failed-creates';

const ENTRY = 'mpol.validate.kyverno.svc-fail';
const NOW = new Date('2026-10-06T10:10:00Z');

describe('failedCreatesByOwner', () => {
  const groups = failedCreatesByOwner(failedCreateEvents, ENTRY, NOW);

  it('keeps only refusals that name the webhook (a quota refusal is not Kyverno)', () => {
    expect(groups.map((g) => `${g.owner.kind} ${g.owner.namespace}/${g.owner.name}`)).toEqual([
      'ReplicaSet shop/web-7d9c6b5f4d',
      'Job billing/invoice-export-29315040',
    ]);
  });

  it('sums the counts of one owner and keeps its newest message', () => {
    expect(groups[0]).toMatchObject({ count: 9, last: '2026-10-06T10:02:40.000Z' });
    expect(groups[0]!.message).toContain('connection refused');
  });

  it('dates an event by eventTime when it has no lastTimestamp (events.k8s.io writers)', () => {
    expect(groups[1]).toMatchObject({ count: 1, last: '2026-10-06T10:01:05.123Z' });
  });

  it('adds nothing from events its controller did not write where it writes them', () => {
    // by hand with no source, from another namespace, by the wrong controller, about another group's kind, half signed
    const withForged = failedCreatesByOwner([...failedCreateEvents, ...forgedFailedCreateEvents.slice(0, 5)], ENTRY, NOW);
    expect(withForged).toEqual(groups);
  });

  it('dates a refusal said to come later than the read at the read, not above every real one for years', () => {
    const [future] = failedCreatesByOwner([...failedCreateEvents, ...forgedFailedCreateEvents.slice(5)], ENTRY, NOW);
    expect(future).toMatchObject({ owner: { kind: 'StatefulSet', namespace: 'shop', name: 'db' }, last: NOW.toISOString(), count: 4 });
  });
});
