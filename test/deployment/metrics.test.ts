// GET /metrics of the built server on the local cluster, and the local cluster's Prometheus scraping it: the request
// durations by route, the cluster's errors by kind, a refused write by action and outcome, the recorder's lag, and
// the webhook's state as kubectl sees it (the Deployment's replicas and the registration's entry and owner).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scrapeTargetsDir } from '../../e2e/cluster/lib/prometheus.ts';
import { kubectlJson, requireCluster, requirePodWebhook, until, POD_ENTRY, POD_REGISTRATION } from '../integration/cluster.ts';
import { own, ownOrigin, port, send } from '../security/http.ts';

const cluster = requireCluster();
const prometheus = `http://127.0.0.1:${cluster.ports.prometheus}`;

/** The value of one sample of the exposition text, by its name and exact labels, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (wanted.every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const metrics = async () => {
  const answer = await send('GET', '/metrics');
  expect(answer.status).toBe(200);
  return answer;
};

/** The state kubectl's facts give: replicas all ready and the registration's entry owned as expected: healthy. */
function stateFromKubectl(): string {
  const deployment = kubectlJson<{ spec: { replicas: number }; status: { readyReplicas?: number } }>([
    '-n',
    'kyverno-prd',
    'get',
    'deployment',
    'kyverno-admission-controller',
  ]);
  const registration = kubectlJson<{ webhooks?: Array<{ name: string }>; metadata: { ownerReferences?: Array<{ name: string }> } }>([
    'get',
    'mutatingwebhookconfiguration',
    POD_REGISTRATION,
  ]);
  const owned = registration.metadata.ownerReferences?.some((o) => o.name === 'kyverno-prd:webhook');
  const entry = registration.webhooks?.some((w) => w.name === POD_ENTRY);
  if (deployment.status.readyReplicas === deployment.spec.replicas && owned && entry) return 'healthy';
  throw new Error('the local cluster’s Kyverno is not in the state this test expects (all replicas ready, registration owned)');
}

describe('GET /metrics', () => {
  it('is Prometheus text, not cached, with the webhook state kubectl gives as the one state set to 1', async () => {
    requirePodWebhook();
    const expected = stateFromKubectl();
    const answer = await metrics();
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(sample(answer.body, 'memdash_webhook_state', { state: expected })).toBe(1);
    const others = ['degraded', 'refusing', 'break-glass', 'starting', 'orphaned', 'unknown'].filter((s) => s !== expected);
    for (const state of others) expect(sample(answer.body, 'memdash_webhook_state', { state })).toBe(0);
  });

  it('times requests by route pattern, never by the path a request named', async () => {
    await send('GET', '/healthz');
    await send('GET', '/c/local/pods/no-such-namespace/no-such-pod');
    const { body } = await metrics();
    expect(
      sample(body, 'memdash_http_request_duration_seconds_count', { route: '/healthz', method: 'GET', status: '200' }),
    ).toBeGreaterThan(0);
    expect(body).toContain('route="/c/[cluster]/pods/[namespace]/[pod]"');
    expect(body).not.toContain('no-such-pod');
  });

  it('counts the cluster’s errors by kind', async () => {
    const before = sample((await metrics()).body, 'memdash_cluster_errors_total', { kind: 'not-found' }) ?? 0;
    const answer = await send('GET', '/c/local/api/pods/shop/no-such-pod/explanation');
    expect(answer.status).toBe(404);
    const after = sample((await metrics()).body, 'memdash_cluster_errors_total', { kind: 'not-found' });
    expect(after).toBeGreaterThan(before);
  });

  it('counts a write attempt by action and outcome (refused: no credential)', async () => {
    const labels = { action: 'workload.restart', outcome: 'refused' };
    const before = sample((await metrics()).body, 'memdash_write_attempts_total', labels) ?? 0;
    const body = JSON.stringify({ kind: 'Deployment' });
    const answer = await send(
      'POST',
      '/c/local/api/workloads/shop/web/restart',
      {
        origin: ownOrigin(),
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
      body,
    );
    expect(answer.status).toBe(401);
    expect(sample((await metrics()).body, 'memdash_write_attempts_total', labels)).toBe(before + 1);
  });

  it('reports the recorder’s watches: when each last heard from the API server, and its lag', async () => {
    const { body } = await until('the recorder’s first list', async () => {
      const answer = await metrics();
      return answer.body.includes('memdash_recorder_lag_seconds{') ? answer : null;
    });
    const watch = `configmap/kyverno-prd/memory-requests`;
    expect(sample(body, 'memdash_recorder_leader')).toBe(1);
    const last = sample(body, 'memdash_recorder_last_event_timestamp_seconds', { watch })!;
    expect(Math.abs(Date.now() / 1000 - last)).toBeLessThan(600);
    expect(sample(body, 'memdash_recorder_lag_seconds', { watch })).toBeLessThan(600);
  });
});

describe('the local cluster’s Prometheus scraping memdash', () => {
  const target = join(scrapeTargetsDir(), `memdash-${port()}.json`);
  afterAll(() => rmSync(target, { force: true }));

  it('scrapes /metrics and holds memdash’s series', async () => {
    writeFileSync(target, JSON.stringify([{ targets: [own()], labels: { test: 'metrics' } }]));
    const query = async (q: string) => {
      const answer = await fetch(`${prometheus}/api/v1/query?query=${encodeURIComponent(q)}`);
      const json = (await answer.json()) as { data: { result: Array<{ value: [number, string] }> } };
      return json.data.result;
    };
    const up = await until('Prometheus to scrape memdash', async () => {
      const result = await query(`up{job="memdash",instance="${own()}"}`);
      return result[0]?.value[1] === '1' ? result : null;
    });
    expect(up).toHaveLength(1);
    const state = await until('memdash_webhook_state in Prometheus', async () => {
      const result = await query(`memdash_webhook_state{instance="${own()}"} == 1`);
      return result.length ? result : null;
    });
    expect(state).toHaveLength(1);
    const durations = await query(`memdash_http_request_duration_seconds_count{instance="${own()}",route="/metrics"}`);
    expect(Number(durations[0]?.value[1])).toBeGreaterThan(0);
  });
});
