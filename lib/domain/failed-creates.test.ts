import { describe, expect, it } from 'vitest';
import { failedCreateEvents, forgedFailedCreateEvents } from './__fixtures__/webhook-fixtures';
import { failedCreatesByOwner, isQuotaRefusal, quotaRefusalsByOwner, refusingQuota } from './failed-creates';

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

describe('quotaRefusalsByOwner', () => {
  it("names a refusal by a ResourceQuota as the quota's, apart from the webhook's", () => {
    const groups = quotaRefusalsByOwner(failedCreateEvents, NOW);
    expect(groups.map((g) => `${g.owner.kind} ${g.owner.namespace}/${g.owner.name}`)).toEqual(['ReplicaSet development/api-6c8f9d7b5c']);
    expect(groups[0]).toMatchObject({ count: 3, last: '2026-10-06T10:03:00.000Z' });
    expect(refusingQuota(groups[0]!.message)).toBe('compute-resources');
  });

  it("keeps a quota refusal out of the webhook's even when its message quotes the entry", () => {
    const quoted = `Error creating: pods "w-1" is forbidden: exceeded quota: mem, requested: requests.memory=700Mi (after "${ENTRY}")`;
    expect(isQuotaRefusal(quoted)).toBe(true);
    const event = { ...failedCreateEvents[0]!, message: quoted };
    expect(failedCreatesByOwner([event], ENTRY, NOW)).toEqual([]);
    expect(quotaRefusalsByOwner([event], NOW)).toHaveLength(1);
  });
});
