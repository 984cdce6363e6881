// Issue 55, item 1: the sign-in gate judged the path as sent and Next resolved `..` afterwards, so with no session
// `/auth/../api/lifecycle` and `/_next/static/../../lifecycle` were answered as the routes behind them. Every page and
// route under app/ is asked for through each spelling of a dot segment, on the built server in oidc and in proxy
// mode, by a client that sends the target byte for byte (fetch would resolve the dots itself): each is refused before
// the gate, and no route answers.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTo, type Answer } from './http';
import { startMemdash, type RunningMemdash } from './server';

const root = join(import.meta.dirname, '../..');

interface Route {
  method: 'GET' | 'POST';
  /** The path, without its leading slash, a dynamic segment filled with a plain name. */
  path: string;
}

/** Every page (GET) and route handler (its exported methods) under app/, as the file tree names them. */
function everyRoute(dir = join(root, 'app')): Route[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): Route[] => {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) return everyRoute(file);
    const path = relative(join(root, 'app'), dir).split(sep).filter(Boolean).map(filled).join('/');
    if (entry.name === 'page.tsx') return [{ method: 'GET', path }];
    if (entry.name !== 'route.ts') return [];
    const methods = [...readFileSync(file, 'utf8').matchAll(/export (?:const|async function) (GET|POST)\b/g)].map((m) => m[1]);
    return methods.map((method) => ({ method: method as Route['method'], path }));
  });
}

/** A dynamic segment (`[namespace]`) as a name a request would carry; a route group `(x)` is no segment. */
function filled(segment: string): string {
  if (/^\(.*\)$/.test(segment)) return '';
  if (segment === '[cluster]') return 'local'; // the servers' MEMDASH_CLUSTER_NAME (server.ts)
  return segment.startsWith('[') ? 'shop' : segment;
}

/** The spellings of a way out of an open path (or of nowhere) to `path`, as the issue found them and their kin. */
const FORMS: Record<string, (path: string) => string> = {
  '/auth/../X': (p) => `/auth/../${p}`,
  '/auth/%2e%2e/X': (p) => `/auth/%2e%2e/${p}`,
  '/auth/%2E%2e/X': (p) => `/auth/%2E%2e/${p}`,
  '/auth/.%2E/X': (p) => `/auth/.%2E/${p}`,
  '/_next/static/../../X': (p) => `/_next/static/../../${p}`,
  '/_next/static/%2e%2e/%2e%2e/X': (p) => `/_next/static/%2e%2e/%2e%2e/${p}`,
  '/./X': (p) => `/./${p}`,
  '/%2e/X': (p) => `/%2e/${p}`,
  '/auth\\..\\X': (p) => `/auth\\..\\${p}`,
  '/auth%2f..%2fX': (p) => `/auth%2f..%2f${p}`,
};

const PROXY_SECRET = 'dot-segments-proxy-secret-0123';
const servers: Record<'oidc' | 'proxy', RunningMemdash | undefined> = { oidc: undefined, proxy: undefined };
const routes = everyRoute();

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'memdash-dot-segments-'));
  // oidc: a request without a session never reaches the provider, so none needs to answer at this address
  servers.oidc = await startMemdash({
    MEMDASH_HISTORY_PATH: join(dir, 'oidc.sqlite'),
    MEMDASH_AUTH: 'oidc',
    MEMDASH_OIDC_ISSUER: 'https://issuer.invalid',
    MEMDASH_OIDC_CLIENT_ID: 'memdash',
    MEMDASH_OIDC_CLIENT_SECRET: 'dot-segments-client-secret',
    MEMDASH_PUBLIC_URL: 'http://127.0.0.1:{port}',
    MEMDASH_SESSION_KEY: Buffer.alloc(32, 7).toString('base64'),
  });
  servers.proxy = await startMemdash({
    MEMDASH_HISTORY_PATH: join(dir, 'proxy.sqlite'),
    MEMDASH_AUTH: 'proxy',
    MEMDASH_PROXY_SECRET: PROXY_SECRET,
  });
}, 180_000);

afterAll(async () => {
  await servers.oidc?.stop();
  await servers.proxy?.stop();
});

/** One request with no session and no proxy headers; a POST as memdash's own page sends it, with an empty body. */
function anonymous(server: RunningMemdash, method: Route['method'], target: string): Promise<Answer> {
  const page = { origin: `http://127.0.0.1:${server.port}`, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
  return method === 'POST' ? sendTo(server.port, 'POST', target, page, '{}') : sendTo(server.port, 'GET', target);
}

/** The message of memdash's JSON refusal, or '' for any other answer. */
function refusalOf(answer: Answer): string {
  try {
    return String((JSON.parse(answer.body) as { error?: { message?: unknown } }).error?.message ?? '');
  } catch {
    return '';
  }
}

describe.each(['oidc', 'proxy'] as const)('MEMDASH_AUTH=%s, with no session', (mode) => {
  it('finds the pages and routes to walk, and the gate refuses them asked plainly', async () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const path of ['c/local/api/lifecycle', 'c/local/api/caches', 'c/local/api/webhook/state']) {
      expect({ path, status: (await anonymous(servers[mode]!, 'GET', `/${path}`)).status }).toEqual({ path, status: 401 });
    }
  });

  it.each(Object.keys(FORMS))('refuses %s for every page and route, before any of them answers', async (form) => {
    const answered: string[] = [];
    for (const { method, path } of routes) {
      const target = FORMS[form]!(path);
      const answer = await anonymous(servers[mode]!, method, target);
      const refused = answer.status === 400 && /"\." or "\.\." segment/.test(refusalOf(answer));
      if (!refused) answered.push(`${method} ${target} → ${answer.status} ${answer.body.slice(0, 80)}`);
    }
    expect(answered).toEqual([]);
  });
});
