// A watch-fed cache checked against a fresh list of its collection. A watch can skip a change (the API server's
// watch cache has lost deletions: kubernetes/kubernetes#123072), and a cache fed only by its watch would then hold a
// deleted object until its next relist, which may be days away. A single comparison cannot tell a lost change from
// one still on its way (the list is read while events are in flight), so only a name that differs the same way in
// two comparisons some seconds apart counts.

/** The names a cache and a fresh list disagree on. */
export interface CacheDifference {
  /** Held by the cache, not listed: a deletion it did not hear of. */
  held: string[];
  /** Listed, not held by the cache: a creation it did not hear of. */
  missing: string[];
}

export const NO_DIFFERENCE: CacheDifference = { held: [], missing: [] };

export function cacheDifference(held: Iterable<string>, listed: Iterable<string>): CacheDifference {
  const heldSet = new Set(held);
  const listedSet = new Set(listed);
  return {
    held: [...heldSet].filter((name) => !listedSet.has(name)),
    missing: [...listedSet].filter((name) => !heldSet.has(name)),
  };
}

/** The names that differ the same way in both comparisons: changes the cache missed, not changes on their way. */
export function persistingDifference(earlier: CacheDifference, now: CacheDifference): CacheDifference {
  const both = (a: string[], b: string[]) => {
    const first = new Set(a);
    return b.filter((name) => first.has(name));
  };
  return { held: both(earlier.held, now.held), missing: both(earlier.missing, now.missing) };
}

export const differs = (difference: CacheDifference) => difference.held.length + difference.missing.length > 0;

/** What the log says of a repair: counts only, since the names come from the cluster. */
export function repairReason(cache: string, difference: CacheDifference, apartSeconds: number): string {
  return (
    `the ${cache} cache differed from a fresh list in two checks ${apartSeconds} s apart ` +
    `(${difference.held.length} held that the API server no longer lists, ${difference.missing.length} listed that it does not hold)`
  );
}
