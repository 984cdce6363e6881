import { describe, expect, it } from 'vitest';
import { compareNames } from './names';

describe('compareNames', () => {
  it('orders names character by character, as kubectl lists them', () => {
    expect(['web-api', 'api', 'web', 'web.v2', 'web2', 'a-b'].sort(compareNames)).toEqual([
      'a-b',
      'api',
      'web',
      'web-api',
      'web.v2',
      'web2',
    ]);
    expect(compareNames('shop', 'shop')).toBe(0);
  });
});
