import { describe, expect, it } from 'vitest';
import { failedCreateEvents } from './__fixtures__/webhook-fixtures';
import { failedCreatesByOwner } from './failed-creates';

describe('failedCreatesByOwner', () => {
  const groups = failedCreatesByOwner(failedCreateEvents, 'mpol.validate.kyverno.svc-fail');

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
});
