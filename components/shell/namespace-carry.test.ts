import { describe, expect, it } from 'vitest';
import { carriedHref, takesNamespace } from './namespace-carry';

describe('the namespace the header carries', () => {
  it('goes to the lists that take one, and nowhere else', () => {
    expect(carriedHref('/workloads', 'shop')).toBe('/workloads?namespace=shop');
    expect(carriedHref('/table', 'shop')).toBe('/table?namespace=shop');
    expect(carriedHref('/webhook', 'shop')).toBe('/webhook');
    expect(carriedHref('/pods', '')).toBe('/pods');
    expect(takesNamespace('/pods')).toBe(true);
    expect(takesNamespace('/pods/shop/web-1')).toBe(false);
  });

  it('is dropped when no namespace could have that name (it came from a URL)', () => {
    expect(carriedHref('/pods', 'shop&limit=1')).toBe('/pods');
    expect(carriedHref('/pods', 'Shop')).toBe('/pods');
  });
});
