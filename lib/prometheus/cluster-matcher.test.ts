import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeCluster } from '@/lib/cluster/cluster';
import { factsFromSettings } from '@/lib/cluster/facts';
import { loadSettings } from '@/lib/config';
import { workloadSeries, podSeries } from './client';
import { readPodLatest } from './pod-latest';
import { readPodSamples, readSnapshotSamples, readWorkloadSamples } from './snapshot-samples';
import { prometheusEnds, workingSetAt } from './terminations';

// Every query memdash sends to Prometheus, read as the Prometheus of this test receives it: a cluster whose Prometheus
// is shared (MEMDASH_CLUSTERS' prometheus.matcher) adds its matcher to every series selector, and one without a
// matcher sends the same PromQL as before. The metric names are the cluster's facts, not the settings'.

/** What Prometheus was asked: the path and the form's query (or match[]). */
const asked: Array<{ path: string; query: string }> = [];
let server: Server;
let url: string;

const NO_PREFIX = { usernamePrefix: '', groupsPrefix: '', writeAsUser: true };
const EMPTY_MATRIX = { status: 'success', data: { resultType: 'matrix', result: [] } };
const FACTS = {
  ...factsFromSettings(loadSettings({})),
  snapshotMetric: 'ws_bytes',
  restartsMetric: 'restarts_total',
  lastTerminatedMetric: 'last_reason',
  podReasonMetric: 'pod_reason',
  oomEventsMetric: 'oom_events_total',
};

function answer(path: string, match: string): unknown {
  // the terminations' check finds every metric; the snapshot's listing one series, so one batch is read
  if (path.endsWith('/api/v1/series') && match.includes('__name__')) {
    const names = ['restarts_total', 'last_reason', 'pod_reason', 'oom_events_total'];
    return { status: 'success', data: names.map((n) => ({ __name__: n, namespace: 'shop', pod: 'web-1' })) };
  }
  if (path.endsWith('/api/v1/series')) {
    return { status: 'success', data: [{ __name__: 'ws_bytes', namespace: 'shop', pod: 'web-7d4b9c8f6d-x2x9q', container: 'app' }] };
  }
  if (path.endsWith('/api/v1/query')) return { status: 'success', data: { resultType: 'vector', result: [] } };
  return EMPTY_MATRIX;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const query = form.get('query') ?? form.get('match[]') ?? '';
      asked.push({ path: req.url ?? '', query });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(req.url ?? '', query)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => void (asked.length = 0));

const clusterWith = (matcher?: string) =>
  makeCluster({ name: 'stg', inCluster: false, identity: NO_PREFIX, prometheus: matcher ? { url, matcher } : { url }, facts: FACTS });

const end = 1_750_000_000;
const window = { start: end - 86_400, end, step: 300 };
const queries = () => asked.map((a) => `${a.path} ${a.query}`);

/** Each reader of memdash and the queries it sends for the cluster, in the order it sends them. */
const READS: Record<string, { read: (c: ReturnType<typeof clusterWith>) => Promise<unknown>; sent: string[] }> = {
  "a workload's working set (the charts)": {
    read: (c) => workloadSeries(c, 'shop', 'web.api', window.start, window.end, 300),
    sent: [String.raw`/api/v1/query_range ws_bytes{namespace="shop",pod=~"web\\.api-.*",container!="",container!="POD"M}`],
  },
  "a pod's working set over a long window": {
    read: (c) => podSeries(c, 'shop', 'web-1', window.start, window.end, 300),
    sent: ['/api/v1/query_range ws_bytes{namespace="shop",pod="web-1",container!="",container!="POD"M}'],
  },
  "a pod's newest samples": {
    read: (c) => readPodLatest(c, 'shop', 'web-1', end),
    sent: ['/api/v1/query ws_bytes{container!="",container!="POD",pod!="",namespace="shop",pod="web-1"M}'],
  },
  "a pod's window, streamed": {
    read: (c) => readPodSamples(c, window, 'shop', 'web-1', () => {}),
    sent: ['/api/v1/query_range ws_bytes{container!="",container!="POD",pod!="",namespace="shop",pod="web-1"M}'],
  },
  "a workload's window, streamed (the row's confidence)": {
    read: (c) => readWorkloadSamples(c, window, 'shop', 'web', () => {}),
    sent: ['/api/v1/query_range ws_bytes{container!="",container!="POD",pod!="",namespace="shop",pod=~"web-.*"M}'],
  },
  "the snapshot's listing and its batch (the preview)": {
    read: (c) => readSnapshotSamples(c, window, { series: () => {}, batchRead: () => {}, progress: () => {} }),
    sent: [
      '/api/v1/series ws_bytes{container!="",container!="POD",pod!=""M}',
      '/api/v1/query_range ws_bytes{container!="",container!="POD",pod!="",namespace="shop"M}',
    ],
  },
  "a workload's OOM kills and evictions": {
    read: (c) => prometheusEnds(c, { namespace: 'shop', workload: 'web', ...window }, () => true),
    sent: [
      '/api/v1/series {__name__=~"restarts_total|last_reason|pod_reason|oom_events_total",namespace="shop",pod=~"web-.*"M}',
      '/api/v1/query_range restarts_total{namespace="shop",pod=~"web-.*"M}',
      '/api/v1/query_range last_reason{namespace="shop",pod=~"web-.*",reason="OOMKilled"M}',
      '/api/v1/query_range pod_reason{namespace="shop",pod=~"web-.*",reason="Evicted"M}',
      '/api/v1/query_range oom_events_total{namespace="shop",pod=~"web-.*",container!="",container!="POD"M}',
    ],
  },
  "a container's working set at an OOM kill": {
    read: (c) => workingSetAt(c, 'shop', 'web-1', 'app', end),
    sent: ['/api/v1/query_range ws_bytes{namespace="shop",pod="web-1",container="app"M}'],
  },
  "a pod's working set at an eviction": {
    read: (c) => workingSetAt(c, 'shop', 'web-1', null, end),
    sent: ['/api/v1/query_range ws_bytes{namespace="shop",pod="web-1",container!="",container!="POD"M}'],
  },
};

describe.each(Object.entries(READS))('%s', (_name, { read, sent }) => {
  it("adds the cluster's matcher to every selector of a shared Prometheus", async () => {
    await read(clusterWith('cluster="stg"'));
    expect(queries().sort()).toEqual(sent.map((q) => q.replace('M}', ',cluster="stg"}')).sort());
  });

  it('sends the same PromQL as before for a Prometheus of its own', async () => {
    await read(clusterWith());
    expect(queries().sort()).toEqual(sent.map((q) => q.replace('M}', '}')).sort());
  });
});

describe('a cluster without a Prometheus', () => {
  it('is told as not configured, whatever the settings say', async () => {
    const none = makeCluster({ name: 'prd', inCluster: false, identity: NO_PREFIX, prometheus: {}, facts: FACTS });
    await expect(workloadSeries(none, 'shop', 'web', window.start, window.end, 300)).rejects.toMatchObject({ kind: 'not-configured' });
    expect(asked).toEqual([]);
  });
});
