// What the seeding left, written once as it ends: which Kyverno admitted the scenario's pods, and the memory request
// each container got. Later tests restart and replace pods, so comparing the two clusters' live pods would lose the
// workloads they touched; this record keeps every one.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getJson } from '../lib/kubectl.ts';
import { state } from '../lib/paths.ts';
import type { KyvernoMode } from '../lib/state.ts';
import { bytesOf } from '../kyverno/mutation.ts';
import { NAMESPACE } from '../kyverno/names.ts';
import { WORKLOAD_LABEL } from './model.ts';

export interface SeededRequests {
  /** the Kyverno that answered the pod webhook while the scenario was seeded */
  by: KyvernoMode;
  at: string;
  /** `<namespace>/<workload>/<init|main>/<container>` -> the distinct requests (bytes, or 'none') of its seeded pods */
  requests: Record<string, string[]>;
}

interface Container {
  name: string;
  resources?: { requests?: { memory?: string } };
}
interface Pod {
  metadata: { name: string; namespace: string; labels?: Record<string, string>; deletionTimestamp?: string };
  spec: { containers: Container[]; initContainers?: Container[] };
}

const FILE = 'seeded-requests.json';
const memory = (c: Container) => (c.resources?.requests?.memory === undefined ? 'none' : `${bytesOf(c.resources.requests.memory)}`);

/** The requests of every pod now (Kyverno's own namespace aside), by container. */
function requestsByContainer(pods: Pod[]): Record<string, string[]> {
  const found = new Map<string, Set<string>>();
  for (const pod of pods.filter((p) => !p.metadata.deletionTimestamp && p.metadata.namespace !== NAMESPACE)) {
    const workload = `${pod.metadata.namespace}/${pod.metadata.labels?.[WORKLOAD_LABEL] ?? pod.metadata.name}`;
    const add = (c: Container, kind: string) => {
      const key = `${workload}/${kind}/${c.name}`;
      found.set(key, (found.get(key) ?? new Set()).add(memory(c)));
    };
    pod.spec.initContainers?.forEach((c) => add(c, 'init'));
    pod.spec.containers.forEach((c) => add(c, 'main'));
  }
  return Object.fromEntries([...found].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, [...v].sort()]));
}

export function recordSeededRequests(by: KyvernoMode, at: string): void {
  const pods = getJson<{ items: Pod[] }>(['get', 'pods', '-A']).items;
  const record: SeededRequests = { by, at, requests: requestsByContainer(pods) };
  writeFileSync(state(FILE), JSON.stringify(record, null, 1) + '\n');
}

/** The record of the cluster whose state folder is `dir`; a missing one names how to make it. */
export function readSeededRequests(dir: string): SeededRequests {
  const file = join(dir, FILE);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SeededRequests;
  } catch {
    throw new Error(
      `precondition failed: no ${file}; it is written as the scenario is seeded (\`npm run cluster -- down --wipe\`, then up)`,
    );
  }
}
