// Issue 55, items 4 and 5, on the built server in proxy mode: identity headers written byte for byte on a socket, as a
// proxy that appends its own header to the client's passes them on (Node joins such a repeat into one value, so only
// the raw lines show it), and a sign-in naming a group the API server keeps for itself (system:masters).
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMemdash, type RunningMemdash } from './server';

const SECRET = 'proxy-identity-secret-0123456789';
let memdash: RunningMemdash;

beforeAll(async () => {
  memdash = await startMemdash({
    MEMDASH_HISTORY_PATH: join(mkdtempSync(join(tmpdir(), 'memdash-proxy-identity-')), 'history.sqlite'),
    MEMDASH_AUTH: 'proxy',
    MEMDASH_PROXY_SECRET: SECRET,
  });
}, 120_000);

afterAll(async () => {
  await memdash?.stop();
});

/** A GET of `path` whose header lines are written exactly as given (name and value, in order, repeats included). */
function rawGet(path: string, lines: Array<[string, string]>): Promise<{ status: number; body: string }> {
  const head = [`GET ${path} HTTP/1.1`, `Host: 127.0.0.1:${memdash.port}`, ...lines.map(([n, v]) => `${n}: ${v}`), 'Connection: close'];
  return new Promise((resolve, reject) => {
    const socket = connect(memdash.port, '127.0.0.1', () => socket.write(head.join('\r\n') + '\r\n\r\n'));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [top = '', ...rest] = received.split('\r\n\r\n');
      resolve({ status: Number(top.split('\r\n')[0]!.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
  });
}

const fromProxy = (user: string, groups: string): Array<[string, string]> => [
  ['X-Memdash-Proxy-Secret', SECRET],
  ['X-Auth-Request-User', user],
  ['X-Auth-Request-Groups', groups],
];

// The table needs `get` on its ConfigMap: the local cluster grants it to system:masters and not to an unbound group.
describe('the preconditions: the proxy names a person, and their groups decide what they read', () => {
  it('answers a person of an unbound group, and withholds the table from them', async () => {
    expect((await rawGet('/c/local/api/caches', fromProxy('mallory', 'nobody-binds-this'))).status).toBe(200);
    expect((await rawGet('/c/local/api/table', fromProxy('mallory', 'nobody-binds-this'))).status).toBe(403);
  });
});

describe('an identity header sent twice', () => {
  it("refuses the client's own groups appended to the proxy's, naming the header", async () => {
    const answer = await rawGet('/c/local/api/table', [
      ...fromProxy('mallory', 'nobody-binds-this'),
      ['X-Auth-Request-Groups', 'system:masters'],
    ]);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatch(/x-auth-request-groups came more than once/i);
  });

  it('refuses the user, email or secret header twice, whatever the case of the second', async () => {
    for (const [name, value] of [
      ['x-auth-request-user', 'admin'],
      ['X-AUTH-REQUEST-EMAIL', 'a@example.test'],
      ['x-memdash-proxy-secret', SECRET],
    ] as const) {
      const lines: Array<[string, string]> = [...fromProxy('mallory', 'nobody-binds-this'), ['X-Auth-Request-Email', 'm@example.test']];
      const answer = await rawGet('/c/local/api/caches', [...lines, [name, value]]);
      expect({ name, status: answer.status, said: /came more than once/.test(answer.body) }).toEqual({ name, status: 401, said: true });
    }
  });
});

describe('a group the API server keeps for itself', () => {
  it('refuses a person the proxy puts in system:masters, saying why, rather than granting every read', async () => {
    const answer = await rawGet('/c/local/api/table', fromProxy('mallory', 'nobody-binds-this, system:masters'));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatch(/group \\?"system:masters\\?"/);
  });

  it('refuses a system: user', async () => {
    const answer = await rawGet('/c/local/api/caches', fromProxy('system:kube-controller-manager', 'nobody-binds-this'));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatch(/system:/);
  });
});
