import { describe, expect, it } from 'vitest';
import { routeOf, routePatterns } from './requests';

// The manifest as `next build` writes it (.next/app-path-routes-manifest.json), a few of memdash's routes.
const manifest = {
  '/pods/page': '/pods',
  '/pods/[namespace]/[pod]/page': '/pods/[namespace]/[pod]',
  '/api/pods/[namespace]/[pod]/route': '/api/pods/[namespace]/[pod]',
  '/table/snapshots/page': '/table/snapshots',
  '/table/[version]/page': '/table/[version]',
  '/healthz/route': '/healthz',
  '/metrics/route': '/metrics',
};

describe('routeOf', () => {
  const patterns = routePatterns(manifest);
  it('names a request by the route it reached, never by the names in its path', () => {
    expect(routeOf('/pods/shop/web-6d4f-abcde', patterns)).toBe('/pods/[namespace]/[pod]');
    expect(routeOf('/api/pods/shop/x', patterns)).toBe('/api/pods/[namespace]/[pod]');
    expect(routeOf('/healthz', patterns)).toBe('/healthz');
  });

  it('prefers a static route over a dynamic one of the same shape', () => {
    expect(routeOf('/table/snapshots', patterns)).toBe('/table/snapshots');
    expect(routeOf('/table/12', patterns)).toBe('/table/[version]');
  });

  it('puts static files and everything else in two fixed labels', () => {
    expect(routeOf('/_next/static/chunks/abc.js', patterns)).toBe('/_next');
    expect(routeOf('/pods/a/b/c/d', patterns)).toBe('unmatched');
    expect(routeOf('/../etc/passwd', patterns)).toBe('unmatched');
  });
});
