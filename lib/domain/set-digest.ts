// A digest of a set of names that does not depend on their order, so a cache and a fresh list of the same objects,
// read in any order, can be compared without sending either whole: /api/caches shows each cache's, and `npm run
// soak` computes the fresh list's with this same function. Not a security hash: two different sets may collide.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the string's UTF-16 code units, from `seed`. */
function fnv1a(text: string, seed: number): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/**
 * Sixteen hex digits: two 32-bit sums of each name's FNV-1a (from two seeds), modulo 2³². A sum, not a XOR, so two
 * copies of one name do not cancel out; each name is expected once (a cache's keys are).
 */
export function setDigest(names: Iterable<string>): string {
  let low = 0;
  let high = 0;
  for (const name of names) {
    low = (low + fnv1a(name, FNV_OFFSET)) >>> 0;
    high = (high + fnv1a(name, FNV_OFFSET ^ 0x5bd1e995)) >>> 0;
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}
