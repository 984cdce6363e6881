// The fleet on two local clusters at once (e2e/cluster/lib/pair.ts): GET /api/fleet called as the page polls it, with
// MEMDASH_CLUSTERS naming prd and the stage. Each row's figures are checked against what each cluster itself says
// (kubectl with that cluster's viewer kubeconfig), then the stage's API server is paused (SIGSTOP: it accepts
// connections and answers nothing, the worst case for a reader): its row says so within the deadline, and prd's row
// is complete in the same answer.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeHeader, RIGHTS_BY_CLUSTER_HEADER } from '@/lib/auth/viewer';
import { loadSettings } from '@/lib/config';
import { EVERYTHING, NOTHING, type RightsByCluster } from '@/lib/domain/rights';
import { parseClusters, type ClusterEntry } from '@/lib/cluster/config';
import type { FleetRowView, FleetView } from '@/lib/views/fleet-types';
import { requireCluster, until } from '../../test/integration/cluster';
import { bin } from './lib/paths.ts';
import { clustersFile, downSecond, secondState, upSecond } from './lib/pair.ts';
import { isRunning } from './lib/processes.ts';

requireCluster(); // the first cluster: a failure naming what is missing when it is not up

let wasRunning = false;
let entries: readonly ClusterEntry[] = [];
let getFleet: (headers: Record<string, string>) => Promise<Response>;

beforeAll(async () => {
  const before = secondState();
  wasRunning = !!before && Object.values(before.processes).length > 0 && Object.values(before.processes).every(isRunning);
  upSecond();
  process.env.MEMDASH_CLUSTERS = clustersFile();
  ({ clusters: entries } = parseClusters(readFileSync(clustersFile(), 'utf8'), loadSettings({})));
  const route = await import('@/app/api/fleet/route');
  getFleet = (headers) => route.GET(new Request('http://127.0.0.1:3000/api/fleet', { headers }));
}, 900_000);

// a stage this file started is stopped again; one that was running stays
afterAll(() => {
  resumeStage();
  if (!wasRunning) downSecond();
}, 900_000);

const named = (name: string): ClusterEntry => {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new Error(`${clustersFile()} names no cluster ${name}`);
  return entry;
};

const kubectlOf = (name: string, args: string[]): string =>
  execFileSync(bin('kubectl'), [`--kubeconfig=${named(name).kubeconfig}`, '--request-timeout=10s', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
const jsonOf = <T>(name: string, args: string[]): T => JSON.parse(kubectlOf(name, [...args, '-o', 'json'])) as T;

/** What a cluster says of itself, read with kubectl: the figures its row must show. */
function saidBy(name: string) {
  const version = jsonOf<{ serverVersion: { gitVersion: string } }>(name, ['version']).serverVersion.gitVersion;
  const deployment = jsonOf<{
    spec: { replicas: number; template: { spec: { containers: Array<{ name: string; image: string }> } } };
    status: { readyReplicas?: number };
  }>(name, ['-n', 'kyverno-prd', 'get', 'deployment', 'kyverno-admission-controller']);
  const image = deployment.spec.template.spec.containers[0]!.image;
  const table = jsonOf<{ data: Record<string, string> }>(name, ['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']);
  const policy = jsonOf<{ status?: { conditionStatus?: { ready?: boolean } } }>(name, [
    'get',
    'mutatingpolicies.policies.kyverno.io',
    'memory-requests',
  ]);
  const entry = jsonOf<{ status?: { conditions?: Array<{ type: string; status: string }> } }>(name, [
    'get',
    'globalcontextentries.kyverno.io',
    'memory-requests',
  ]);
  const ready = entry.status?.conditions?.find((c) => c.type === 'Ready');
  return {
    version,
    kyverno: {
      version: image.slice(image.lastIndexOf(':') + 1),
      replicas: { desired: deployment.spec.replicas, ready: deployment.status.readyReplicas ?? 0 },
    },
    rows: Object.keys(table.data).length,
    policy: { ready: policy.status?.conditionStatus?.ready ?? null, tableLoaded: ready ? ready.status === 'True' : null },
  };
}

/** The stage's pods of shop/web whose app container does not request the stage's row for it (200Mi): drifted. */
function stageWebPodsOffRow(): number {
  const pods = jsonOf<{
    items: Array<{
      status: { phase: string };
      spec: { containers: Array<{ name: string; resources?: { requests?: { memory?: string } } }> };
    }>;
  }>('stage', ['-n', 'shop', 'get', 'pods', '-l', 'app.kubernetes.io/name=web']);
  return pods.items.filter(
    (p) =>
      !['Succeeded', 'Failed'].includes(p.status.phase) &&
      p.spec.containers.find((c) => c.name === 'app')?.resources?.requests?.memory !== '200Mi',
  ).length;
}

/** GET /api/fleet, as the gate passes it: for everyone (MEMDASH_AUTH=none), or with the rights in each cluster given. */
async function readFleet(rights?: RightsByCluster): Promise<{ fleet: FleetView; tookMs: number; row: (name: string) => FleetRowView }> {
  const started = performance.now();
  const response = await getFleet(rights ? { [RIGHTS_BY_CLUSTER_HEADER]: encodeHeader(rights) } : {});
  const tookMs = performance.now() - started;
  expect(response.status).toBe(200);
  const fleet = (await response.json()) as FleetView;
  const row = (name: string) => {
    const found = fleet.rows.find((r) => r.cluster === name);
    if (!found) throw new Error(`the fleet has no row for ${name}: ${JSON.stringify(fleet.rows.map((r) => r.cluster))}`);
    return found;
  };
  return { fleet, tookMs, row };
}

function expectComplete(row: FleetRowView, said: ReturnType<typeof saidBy>) {
  expect(row.apiServer).toEqual({ ok: true, value: { version: said.version } });
  expect(row.kyverno).toEqual({ ok: true, value: said.kyverno });
  expect(row.policy).toEqual({ ok: true, value: said.policy });
  expect(row.table).toMatchObject({ ok: true, value: { rows: said.rows } });
  expect(row.podCreation).toMatchObject({ ok: true, value: { state: 'healthy' } });
  expect(row.drift.ok).toBe(true);
  expect(row.oomKills24h.ok).toBe(true);
}

let stopped: number | null = null;
function resumeStage() {
  if (stopped !== null) process.kill(stopped, 'SIGCONT');
  stopped = null;
}

describe('the fleet on two clusters', () => {
  it("shows both clusters, each row with its own cluster's figures", async () => {
    const [prd, stage] = [saidBy('prd'), saidBy('stage')];
    // the first read starts each cluster's caches: read until both rows are complete, as the page's polls would
    const { fleet, row } = await until(
      'both rows complete',
      async () => {
        const read = await readFleet();
        return read.fleet.rows.every((r) => r.apiServer.ok && r.drift.ok && r.podCreation.ok) ? read : null;
      },
      60_000,
    );
    expect(fleet.rows.map((r) => r.cluster).sort()).toEqual(['prd', 'stage']);
    expectComplete(row('prd'), prd);
    expectComplete(row('stage'), stage);
    // the stage's table was written after its pods: shop/web's app pods still request prd's 300Mi
    const offRow = stageWebPodsOffRow();
    expect(offRow).toBeGreaterThan(0);
    const drift = row('stage').drift;
    expect(drift.ok && drift.value.pods).toBeGreaterThanOrEqual(offRow);
  });

  it("answers within the deadline with the stage's API server paused: its row says why, prd's is complete", async () => {
    const prd = saidBy('prd');
    const before = await readFleet();
    const pid = secondState()?.processes['kube-apiserver']?.pid;
    if (!pid) throw new Error("precondition failed: the stage's state names no kube-apiserver process");
    process.kill(pid, 'SIGSTOP');
    stopped = pid;
    try {
      // past the 2 s a row whose API server answered is handed out again
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const { fleet, tookMs, row } = await readFleet();
      expect(tookMs).toBeLessThan(fleet.deadlineMs + 1_500);
      expect(row('stage').apiServer).toEqual({
        ok: false,
        error: { code: 'unreachable', message: `The API server did not answer within ${fleet.deadlineMs / 1000} s` },
      });
      expect(row('stage').severity).toBe('unknown');
      expectComplete(row('prd'), prd);
      // the worst first: the stage, whose state is not known, above prd
      expect(fleet.rows.map((r) => r.cluster)).toEqual(['stage', 'prd']);
      // someone who sees prd alone is answered as fast as before: the paused stage is neither read nor waited for
      const prdOnly = await readFleet({ prd: EVERYTHING, stage: NOTHING });
      expect(prdOnly.fleet.rows.map((r) => r.cluster)).toEqual(['prd']);
      expectComplete(prdOnly.row('prd'), prd);
      expect(prdOnly.tookMs).toBeLessThan(Math.max(2 * before.tookMs, 1_000));
    } finally {
      resumeStage();
    }
    await until('the stage answers again on its row', async () => ((await readFleet()).row('stage').apiServer.ok ? true : null), 60_000);
  });
});
