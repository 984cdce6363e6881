// An HTTP server in front of the local cluster's API server that counts the calls made through it: memdash reads
// with a copy of the viewer's kubeconfig naming it, so every call memdash makes is seen (watches are counted apart:
// they stay open). Found with the harness's files, not with the code under test.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubeconfig } from '../integration/cluster.ts';

export interface CountingApiServer {
  /** A kubeconfig file: the viewer's credential, the server in front. */
  kubeconfig: string;
  /** Calls other than watches so far. */
  calls(): number;
  close(): Promise<void>;
}

export async function countingApiServer(): Promise<CountingApiServer> {
  const viewer = readFileSync(kubeconfig('viewer'), 'utf8');
  const target = new URL(viewer.match(/server: (\S+)/)![1]!);
  const ca = Buffer.from(viewer.match(/certificate-authority-data: (\S+)/)![1]!, 'base64');
  let calls = 0;
  const server: Server = createServer((req, res) => {
    if (!/[?&]watch=(true|1)/.test(req.url ?? '')) calls++;
    const out = httpsRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host }, ca },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    res.on('close', () => out.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const file = join(mkdtempSync(join(tmpdir(), 'memdash-counting-api-')), 'kubeconfig.yaml');
  writeFileSync(
    file,
    // plain HTTP to the counter on loopback: client-node sends a token over it only with TLS verification off
    viewer
      .replace(/server: \S+/, `server: http://127.0.0.1:${port}\n    insecure-skip-tls-verify: true`)
      .replace(/^\s*certificate-authority-data: \S+\n/m, ''),
  );
  return {
    kubeconfig: file,
    calls: () => calls,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
