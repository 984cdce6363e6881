import { describe, expect, it } from 'vitest';
import { cacheDifference, differs, persistingDifference, repairReason } from './cache-check';

describe('a cache against a fresh list', () => {
  it('names what the cache holds that the list does not, and what the list holds that the cache does not', () => {
    expect(cacheDifference(['a/1', 'a/2', 'b/1'], ['a/1', 'b/1', 'b/2'])).toEqual({ held: ['a/2'], missing: ['b/2'] });
    expect(differs(cacheDifference(['a/1'], ['a/1']))).toBe(false);
  });

  it('counts only a name that differs the same way twice: one on its way differs once, or the other way', () => {
    const first = { held: ['ns/deleted-long-ago', 'ns/being-deleted'], missing: ['ns/just-created'] };
    // 15 s later: the deletion and the creation on their way have arrived; the one never heard of has not
    const second = { held: ['ns/deleted-long-ago'], missing: ['ns/created-later'] };
    expect(persistingDifference(first, second)).toEqual({ held: ['ns/deleted-long-ago'], missing: [] });
    // created, then deleted between the two checks: missing first, held second, never the same way twice
    expect(persistingDifference({ held: [], missing: ['ns/brief'] }, { held: ['ns/brief'], missing: [] })).toEqual({
      held: [],
      missing: [],
    });
  });

  it('says how many differ, not which: the names come from the cluster', () => {
    const reason = repairReason('pods', { held: ['ns/$(reboot)'], missing: [] }, 15);
    expect(reason).toBe(
      'the pods cache differed from a fresh list in two checks 15 s apart (1 held that the API server no longer lists, 0 listed that it does not hold)',
    );
  });
});
