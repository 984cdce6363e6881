// Two local clusters at once (e2e/cluster/lib/pair.ts, `npm run cluster -- up --clusters 2`): the first as `up` left
// it, the second, the stage, started beside it. Both answer, each from its own API server and Prometheus, the same
// workloads with other rows, and the MEMDASH_CLUSTERS file the harness writes is read by memdash's own parser as two
// clusters whose kubeconfigs reach those two servers. Expected rows are the scenario's and the stage's as written
// here, not read from the harness.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '@/lib/config';
import { parseClusters, type ClusterEntry } from '@/lib/cluster/config';
import { requireCluster } from '../../test/integration/cluster';
import { bin, repoRoot } from './lib/paths.ts';
import { clustersFile, downSecond, secondState, upSecond, webPodsIn } from './lib/pair.ts';
import { isRunning } from './lib/processes.ts';

requireCluster(); // the first cluster: a failure naming what is missing when it is not up

let wasRunning = false;
let entries: readonly ClusterEntry[] = [];
let defaultName = '';

beforeAll(() => {
  const before = secondState();
  wasRunning = !!before && Object.values(before.processes).length > 0 && Object.values(before.processes).every(isRunning);
  upSecond();
  ({ clusters: entries, defaultName } = parseClusters(readFileSync(clustersFile(), 'utf8'), loadSettings({})));
}, 900_000);

// the last test stops the second cluster; one that was running before this file is started again
afterAll(() => {
  if (wasRunning) upSecond();
}, 900_000);

const named = (name: string): ClusterEntry => {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new Error(`${clustersFile()} names no cluster ${name}`);
  return entry;
};

/** kubectl with a cluster's kubeconfig from the clusters file (its viewer's, as memdash reads). */
const kubectlOf = (entry: ClusterEntry, args: string[]): string =>
  execFileSync(bin('kubectl'), [`--kubeconfig=${entry.kubeconfig}`, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

const tableOf = (entry: ClusterEntry): Record<string, string> =>
  (
    JSON.parse(kubectlOf(entry, ['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests', '-o', 'json'])) as {
      data: Record<string, string>;
    }
  ).data;

const serverOf = (entry: ClusterEntry): string => {
  const kc = new KubeConfig();
  kc.loadFromFile(entry.kubeconfig!);
  return kc.getCurrentCluster()!.server;
};

describe('two local clusters at once', () => {
  it('writes a MEMDASH_CLUSTERS file that memdash reads as prd and stage, prd the default', () => {
    expect(entries.map((e) => e.name)).toEqual(['prd', 'stage']);
    expect(defaultName).toBe('prd');
    for (const e of entries) {
      expect(e.inCluster).toBe(false);
      expect(e.kubeconfig, e.name).toMatch(/kubeconfig\/viewer\.yaml$/);
    }
  });

  it("names each cluster's own API server, and each answers with its kubeconfig", () => {
    const servers = entries.map(serverOf);
    expect(new Set(servers).size).toBe(2);
    for (const e of entries) expect(JSON.parse(kubectlOf(e, ['version', '-o', 'json'])).serverVersion.gitVersion).toBe('v1.36.3');
  });

  it('holds the same workload with other rows in each cluster', () => {
    const prd = tableOf(named('prd'));
    const stage = tableOf(named('stage'));
    expect([prd.shop_web_app, prd.shop_cart_cart, prd.shop_redis_redis]).toEqual(['300Mi', '400Mi', '700Mi']);
    expect([stage.shop_web_app, stage.shop_cart_cart, stage.shop_redis_redis]).toEqual(['200Mi', '320Mi', '512Mi']);
  });

  it("keeps the scenario's other rows in the stage", () => {
    const stage = tableOf(named('stage'));
    expect(stage.shop_web_nginx).toBe('24Mi');
    expect(stage['shop_nightly-report_report']).toBe('450Mi');
  });

  it("runs the scenario's pods in each cluster, each cluster's own", () => {
    const uids = entries.map((e) =>
      kubectlOf(e, ['-n', 'shop', 'get', 'pods', '-l', 'app.kubernetes.io/name=web', '-o', 'jsonpath={.items[*].metadata.uid}'])
        .split(' ')
        .filter(Boolean),
    );
    for (const [i, list] of uids.entries()) expect(list.length, entries[i]!.name).toBeGreaterThanOrEqual(2);
    expect(uids[0]!.filter((uid) => uids[1]!.includes(uid))).toEqual([]);
  });

  it('gives each cluster a Prometheus of its own holding the working set', async () => {
    const urls = entries.map((e) => e.prometheus.url!);
    expect(new Set(urls).size).toBe(2);
    for (const url of urls) {
      const query = encodeURIComponent('count(last_over_time(container_memory_working_set_bytes{namespace="shop",container="app"}[1d]))');
      const body = (await (await fetch(`${url}/api/v1/query?query=${query}`)).json()) as {
        data: { result: Array<{ value: [number, string] }> };
      };
      expect(Number(body.data.result[0]?.value[1]), url).toBeGreaterThan(0);
    }
  });

  it("memdash explain --cluster reads each cluster's own pod and row", () => {
    for (const [name, row] of [
      ['prd', tableOf(named('prd')).shop_web_app],
      ['stage', tableOf(named('stage')).shop_web_app],
    ] as const) {
      const [pod] = webPodsIn(named(name).kubeconfig!);
      const run = memdash(['explain', '--cluster', name, `shop/${pod}`]);
      expect({ name, code: run.code, err: run.err }).toEqual({ name, code: 0, err: '' });
      expect(run.out).toContain(`pod shop/${pod}`);
      expect(run.out).toMatch(new RegExp(`^app: request .*, row ${row}$`, 'm'));
    }
    const unknown = memdash(['health', '--cluster', 'nowhere']);
    expect([unknown.code, unknown.err]).toEqual([
      64,
      expect.stringContaining('memdash reads no cluster named "nowhere" (it reads prd, stage)'),
    ]);
  });

  it('memdash health --all says each cluster, a line each, and exits with the worst', () => {
    const run = memdash(['health', '--all']);
    expect(
      run.out
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(':')[0]),
    ).toEqual(['prd', 'stage']);
    expect(run.out).toMatch(/^prd: healthy /m);
    expect(run.out).toMatch(/^stage: healthy /m);
    expect(run.code).toBe(0);
    const json = JSON.parse(memdash(['health', '--all', '--json']).out) as {
      clusters: Array<{ cluster: string; exitCode: number }>;
      exitCode: number;
    };
    expect(json.clusters.map((c) => [c.cluster, c.exitCode])).toEqual([
      ['prd', 0],
      ['stage', 0],
    ]);
  });

  it('stops the second cluster alone: its API server is gone, the first still answers', () => {
    downSecond();
    const second = secondState()!;
    expect(Object.entries(second.processes).filter(([, record]) => isRunning(record))).toEqual([]);
    expect(() => kubectlOf(named('stage'), ['get', 'namespaces', '--request-timeout=5s'])).toThrow();
    expect(kubectlOf(named('prd'), ['get', 'namespace', 'shop', '-o', 'name']).trim()).toBe('namespace/shop');
  });

  it('memdash health --all, the stage stopped: prd still healthy, the stage unreadable, exit 3', () => {
    const run = memdash(['health', '--all']);
    expect(run.out).toMatch(/^prd: healthy /m);
    expect(run.out).toMatch(/^stage: unreadable: /m);
    expect(run.code).toBe(3);
  });
});

/** The CLI as a person runs it, with the harness's MEMDASH_CLUSTERS and nothing else of this process's settings. */
function memdash(args: string[]) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'bin/memdash.mjs'), ...args], {
    cwd: mkdtempSync(join(tmpdir(), 'memdash-cli-')),
    encoding: 'utf8',
    env: { NODE_ENV: 'production', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', MEMDASH_CLUSTERS: clustersFile() },
    timeout: 120_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}
