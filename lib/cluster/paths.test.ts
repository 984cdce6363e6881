// The redirect of today's URLs is held to the app/ tree: every top-level page and API that moved under
// app/c/[cluster]/ is sent on, and nothing that stayed is.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOVED_APIS, MOVED_PAGES, movedTo } from './paths';

const app = join(import.meta.dirname, '../../app');
const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

describe("today's URLs", () => {
  const pages = folders(join(app, 'c/[cluster]')).filter((name) => name !== 'api');
  const apis = folders(join(app, 'c/[cluster]/api'));

  it('name exactly the folders that moved under app/c/[cluster]/', () => {
    expect([...MOVED_PAGES].sort()).toEqual(pages);
    expect([...MOVED_APIS].sort()).toEqual(apis);
  });

  it('send every moved page and API, and what is below it, to the default cluster with the query', () => {
    for (const name of pages) {
      expect(movedTo(`/${name}`, 'prd')).toBe(`/c/prd/${name}`);
      expect(movedTo(`/${name}/shop/x?a=1&b=%2F`, 'prd')).toBe(`/c/prd/${name}/shop/x?a=1&b=%2F`);
    }
    for (const name of apis) expect(movedTo(`/api/${name}/x?y=1`, 'prd')).toBe(`/c/prd/api/${name}/x?y=1`);
    expect(movedTo('/pods?namespace=shop', 'a b')).toBe('/c/a%20b/pods?namespace=shop');
  });

  it('leave alone what stayed where it was, and names that only begin like a moved one', () => {
    const stayed = folders(app).filter((name) => name !== 'c' && name !== 'api');
    expect(stayed.length).toBeGreaterThan(0);
    for (const name of stayed) expect(movedTo(`/${name}`, 'prd')).toBeNull();
    for (const name of folders(join(app, 'api'))) expect(movedTo(`/api/${name}`, 'prd')).toBeNull();
    for (const target of [
      '/',
      '/?x=1',
      '/c/prd/pods',
      '/_next/static/chunks/a.js',
      '/favicon.svg',
      '/podsx',
      '/api/podsx',
      '/api',
      '/x/pods',
    ])
      expect({ target, to: movedTo(target, 'prd') }).toEqual({ target, to: null });
  });
});
