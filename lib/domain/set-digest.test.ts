import { describe, expect, it } from 'vitest';
import { setDigest } from './set-digest';

describe('setDigest', () => {
  const names = ['shop/web-7f9d6c5b4-abcde', 'shop/redis-0', 'kube-system/coredns-1', '/default'];

  it('is the same for the same names in any order', () => {
    expect(setDigest([...names].reverse())).toBe(setDigest(names));
    expect(setDigest(new Set(names))).toBe(setDigest(names));
  });

  it('changes when a name is missing, added or replaced', () => {
    const all = setDigest(names);
    expect(setDigest(names.slice(1))).not.toBe(all);
    expect(setDigest([...names, 'shop/web-7f9d6c5b4-fghij'])).not.toBe(all);
    expect(setDigest(['shop/web-7f9d6c5b4-abcdf', ...names.slice(1)])).not.toBe(all);
  });

  it('counts a name twice as a change (a sum, not a XOR that would cancel it)', () => {
    expect(setDigest([...names, names[0]!])).not.toBe(setDigest(names));
  });

  it('is sixteen hex digits, also for no names', () => {
    expect(setDigest([])).toBe('0000000000000000');
    expect(setDigest(names)).toMatch(/^[0-9a-f]{16}$/);
  });

  // FNV-1a 32-bit of "a" from the standard offset is 0xe40c292c (the published test vector)
  it('uses FNV-1a: one name from the standard offset gives its published value in the low half', () => {
    expect(setDigest(['a']).slice(8)).toBe('e40c292c');
  });
});
