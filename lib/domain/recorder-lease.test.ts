import { describe, expect, it } from 'vitest';
import { leaseStep, renewDeadlineMs } from './recorder-lease';

const held = (holder: string | null) => ({ holder, renewedAt: '2026-12-01T09:00:00.000000Z', durationSeconds: 15 });

describe('leaseStep', () => {
  it('creates a missing lease, renews its own, takes an empty one', () => {
    expect(leaseStep(null, 'a', 0, 0, 15)).toEqual({ do: 'create' });
    expect(leaseStep(held('a'), 'a', 0, 60_000, 15)).toEqual({ do: 'renew' });
    expect(leaseStep(held(null), 'a', 0, 0, 15)).toEqual({ do: 'take' });
  });

  it('follows another holder until its renewal has not changed for the duration, on this clock', () => {
    expect(leaseStep(held('b'), 'a', 100_000, 114_999, 15)).toEqual({ do: 'follow', holder: 'b' });
    expect(leaseStep(held('b'), 'a', 100_000, 115_001, 15)).toEqual({ do: 'take' });
    expect(leaseStep({ ...held('b'), durationSeconds: null }, 'a', 0, 6_000, 5)).toEqual({ do: 'take' });
  });

  it('stops a leader that cannot renew before anyone else may take over', () => {
    expect(renewDeadlineMs(15)).toBe(10_000);
    expect(renewDeadlineMs(15)).toBeLessThan(15_000);
  });
});
