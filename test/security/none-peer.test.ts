// Issue 55, item 7: MEMDASH_AUTH=none without MEMDASH_AUTH_NONE_ON_NETWORK=on is for this machine only, and the
// server listens on every address (as the image does). A peer on the network that writes `Host: 127.0.0.1:<port>`
// must not read: the socket's address decides, not the Host header. Sent over a real socket from this machine's
// network address, so the server sees a peer that is not loopback.
import { request as httpRequest } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMemdash, type RunningMemdash } from './server';

let memdash: RunningMemdash;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'memdash-none-peer-'));
  memdash = await startMemdash({ MEMDASH_HISTORY_PATH: join(dir, 'history.sqlite'), MEMDASH_AUTH: 'none' }, undefined, {
    hostname: '0.0.0.0',
  });
});

afterAll(async () => {
  await memdash?.stop();
});

/** This machine's first IPv4 address that is not loopback: where a peer on the network reaches it. */
function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  if (!address) throw new Error('precondition failed: this machine has no IPv4 address but loopback to be reached at');
  return address;
}

/** A GET to `address` with the Host header of memdash's own loopback name. */
function getFrom(address: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: address, port: memdash.port, path, headers: { host: `127.0.0.1:${memdash.port}` }, setHost: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('MEMDASH_AUTH=none on this machine only', () => {
  it('refuses a peer on the network that names a loopback Host, saying to set MEMDASH_AUTH', async () => {
    for (const path of ['/c/local/api/pods', '/c/local/pods', '/healthz']) {
      const answer = await getFrom(networkAddress(), path);
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
      expect(answer.body).toMatch(
        /without sign-in \(MEMDASH_AUTH=none\) and answers only this machine .*set MEMDASH_AUTH to oidc or proxy/,
      );
    }
  });

  it('answers this machine over loopback', async () => {
    for (const path of ['/c/local/api/pods?limit=1', '/healthz']) {
      const answer = await getFrom('127.0.0.1', path);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    }
  });
});
