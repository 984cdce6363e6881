// Two local clusters at once, for the demo's `--clusters 2` and the tests that read more than one cluster: the first
// in the state folder as always (named prd in the clusters file), and a second, the stage, in <state folder>/stage,
// a cluster of its own (its etcd, API server, KWOK, Kyverno's stand-in, Prometheus; no PostgreSQL: memdash keeps one
// store) seeded with the same scenario and the stage's rows (scenario/stage.ts). It is run as the harness's own CLI
// with MEMDASH_CLUSTER_DIR pointing there, since every path of the harness follows that folder; `up --clusters 2`
// starts it, `down` stops it with the first. `clusters.yaml` in the state folder names both for MEMDASH_CLUSTERS.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { bin, repoRoot, state } from './paths.ts';
import { readState, type ClusterState } from './state.ts';
import { prometheusUrl } from './prometheus.ts';
import { fail } from './log.ts';

/** The clusters' names in the clusters file: the first is the runbook's prd, the second its stage. */
export const FIRST_NAME = 'prd';
export const SECOND_NAME = 'stage';

export const secondDir = (): string => state(SECOND_NAME);
/** The MEMDASH_CLUSTERS file naming both, written by `up --clusters 2`. */
export const clustersFile = (): string => state('clusters.yaml');

/**
 * shop/web's pods in the cluster `kubeconfig` reaches, in the order its API server lists them: the scenario's workload
 * both clusters run, each under names of its own.
 */
export function webPodsIn(kubeconfig: string): string[] {
  const args = ['-n', 'shop', 'get', 'pods', '-l', 'app.kubernetes.io/name=web', '-o', 'jsonpath={.items[*].metadata.name}'];
  return execFileSync(bin('kubectl'), [`--kubeconfig=${kubeconfig}`, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
    .split(' ')
    .filter(Boolean);
}

const stateOf = (dir: string): ClusterState | null => {
  const file = join(dir, 'state.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ClusterState) : null;
};

/** The harness's CLI on the second cluster's folder; its output goes to this process's stderr. */
function onSecond(args: string[]): void {
  execFileSync(process.execPath, [join(repoRoot, 'e2e', 'cluster', 'cli.ts'), ...args], {
    stdio: ['ignore', process.stderr, 'inherit'],
    env: { ...process.env, MEMDASH_CLUSTER_DIR: secondDir() },
  });
}

/**
 * Starts (or reuses) the second cluster beside the first, which must be up, and writes the clusters file; returns
 * its path. `rebackfill`: its Prometheus backfilled anew, as the first's was; `scale`: as many more pods seeded in it
 * as `up --scale` seeds in the first (bench/clusters.ts measures two clusters of 10,000 pods each).
 */
export function upSecond(rebackfill = false, scale = 0): string {
  if (!readState()) fail('the first cluster is not up: run npm run cluster:up');
  onSecond(['up', '--stage', '--no-postgres', ...(rebackfill ? ['--rebackfill'] : []), ...(scale > 0 ? ['--scale', String(scale)] : [])]);
  return writeClustersFile();
}

/** Stops the second cluster, if there is one; its folder stays (the first's `down --wipe` deletes both). */
export function downSecond(): void {
  if (stateOf(secondDir())) onSecond(['down']);
}

/** The second cluster's state, or null when `up --clusters 2` never ran in this state folder. */
export const secondState = (): ClusterState | null => stateOf(secondDir());

/**
 * The MEMDASH_CLUSTERS file (lib/cluster/config.ts): each cluster read with its own viewer kubeconfig, each with its
 * own Prometheus. The harness's Prometheus servers hold the same backfill without a `cluster` label, so a shared one
 * with a matcher could not tell them apart.
 */
export function writeClustersFile(): string {
  const first = readState();
  const second = secondState();
  if (!first || !second) fail('both clusters must be up to name them: run npm run cluster -- up --clusters 2');
  const entry = (name: string, dir: string, current: ClusterState) => ({
    name,
    kubeconfig: join(dir, 'kubeconfig', 'viewer.yaml'),
    prometheus: { url: prometheusUrl(current) },
  });
  const body = stringify({
    default: FIRST_NAME,
    clusters: [entry(FIRST_NAME, state(), first), entry(SECOND_NAME, secondDir(), second)],
  });
  const header = '# written by `npm run cluster -- up --clusters 2` (e2e/cluster/lib/pair.ts): MEMDASH_CLUSTERS for both\n';
  writeFileSync(clustersFile(), header + body);
  return clustersFile();
}
