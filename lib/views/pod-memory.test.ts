import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCluster } from '@/lib/cluster/cluster';
import { factsFromSettings } from '@/lib/cluster/facts';
import { loadSettings } from '@/lib/config';
import { readPodMemoryShared } from './pod-memory';

// Two clusters sharing one Prometheus (each its own label matcher) with a pod of the same namespace and name: each
// pod page gets its own cluster's working set, though both are asked at once and the answers are kept.

const Mi = 2 ** 20;
/** The working set this Prometheus holds for shop/web-1's container app, by the cluster its query names. */
const BYTES: Record<string, number> = { 'cluster="prd"': 300 * Mi, 'cluster="stg"': 100 * Mi };
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const query = form.get('query') ?? '';
      const bytes = Object.entries(BYTES).find(([matcher]) => query.includes(matcher))?.[1];
      const metric = { namespace: 'shop', pod: 'web-1', container: 'app' };
      const result =
        bytes === undefined
          ? []
          : req.url?.endsWith('/query')
            ? [{ metric, value: [Number(form.get('time')), String(bytes)] }]
            : [{ metric, values: [[Number(form.get('end')), String(bytes)]] }];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'success', data: { resultType: req.url?.endsWith('/query') ? 'vector' : 'matrix', result } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const facts = factsFromSettings(loadSettings({}));
const clusterNamed = (name: string) =>
  makeCluster({
    name,
    inCluster: false,
    identity: { usernamePrefix: '', groupsPrefix: '', writeAsUser: true },
    prometheus: { url, matcher: `cluster="${name}"` },
    facts,
  });

describe("a pod's working set in two clusters", () => {
  it('is each cluster its own, asked at once and asked again while kept', async () => {
    const [prd, stg] = [clusterNamed('prd'), clusterNamed('stg')];
    const ref = { namespace: 'shop', name: 'web-1' };
    for (let round = 0; round < 2; round++) {
      const [inPrd, inStg] = await Promise.all([readPodMemoryShared(prd, ref), readPodMemoryShared(stg, ref)]);
      expect(inPrd.ok && inPrd.value.containers.app?.latest?.bytes).toBe(300 * Mi);
      expect(inStg.ok && inStg.value.containers.app?.latest?.bytes).toBe(100 * Mi);
    }
  });
});
