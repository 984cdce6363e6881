// Seeds the scenario once per state folder: namespaces, RBAC, nodes, workloads (rolled, run), and the table.
import { applyObjects, getJson, kubectl, waitEstablished } from '../lib/kubectl.ts';
import { waitFor } from '../lib/processes.ts';
import { log, fail } from '../lib/log.ts';
import { NAMESPACES, NODES, WORKLOADS } from './workloads.ts';
import { cnpgCrd, rbacObjects } from './rbac.ts';
import {
  barePod,
  cnpgCluster,
  cnpgInstance,
  controllerObject,
  jenkinsAgent,
  namespaceObject,
  nodeObject,
  standaloneJob,
  tableConfigMap,
  tableRows,
} from './objects.ts';
import type { WorkloadSpec } from './model.ts';
import { BATCH_ALLOCATABLE, BATCH_NODE, BATCH_POOL, batchPoolObjects } from './batch-pool.ts';

export function seedFoundation(): void {
  applyObjects([
    ...NAMESPACES.map(namespaceObject),
    ...rbacObjects(),
    cnpgCrd(),
    ...NODES.map((n) => nodeObject(n)),
    nodeObject(BATCH_NODE, BATCH_POOL),
  ]);
  applyObjects(batchPoolObjects());
  waitEstablished('clusters.postgresql.cnpg.io');
}

export async function waitForServiceAccounts(namespaces: string[]): Promise<void> {
  const ok = await waitFor(
    () => {
      const list = getJson<{ items: Array<{ metadata: { namespace: string } }> }>([
        'get',
        'serviceaccounts',
        '-A',
        '--field-selector=metadata.name=default',
      ]);
      const have = new Set(list.items.map((sa) => sa.metadata.namespace));
      return namespaces.every((ns) => have.has(ns));
    },
    60_000,
    500,
  );
  if (!ok) fail('the default ServiceAccounts were not created: is kube-controller-manager running?');
}

export async function waitForNodesReady(): Promise<void> {
  const ok = await waitFor(
    () => {
      const nodes = getJson<{ items: Array<{ status?: { conditions?: Array<{ type: string; status: string }> } }> }>(['get', 'nodes']);
      return (
        nodes.items.length === NODES.length + 1 &&
        nodes.items.every((n) => n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'))
      );
    },
    60_000,
    500,
  );
  if (!ok) fail('the KWOK nodes did not become Ready: see .cluster/logs/kwok.log');
  makeRoomOnNodes();
}

/**
 * KWOK gives each node 1Ti of memory; `--scale 20000` asks for about 20Ti of requests, so the nodes get more. The batch
 * pool's node gets little: the next table is to over-commit it.
 */
function makeRoomOnNodes(): void {
  const room = (memory: string, capacity = memory) =>
    JSON.stringify({ status: { capacity: { memory: capacity }, allocatable: { memory } } });
  for (const node of NODES) kubectl(['patch', 'node', node, '--subresource=status', '--type=merge', '-p', room('64Ti')]);
  kubectl(['patch', 'node', BATCH_NODE, '--subresource=status', '--type=merge', '-p', room(BATCH_ALLOCATABLE, '4Gi')]);
}

/** Writes the table (`atCreation`: as it was while the scenario's pods were created); returns its rows. */
export function seedTable(workloads: WorkloadSpec[] = WORKLOADS, atCreation = false): Record<string, string> {
  const rows = tableRows(workloads, atCreation);
  applyObjects([tableConfigMap(rows)]);
  return rows;
}

export async function seedWorkloads(workloads: WorkloadSpec[] = WORKLOADS): Promise<void> {
  const objects = workloads.map(controllerObject).filter((o): o is object => o !== null);
  for (let i = 0; i < objects.length; i += 250) applyObjects(objects.slice(i, i + 250));
  for (const w of workloads) await seedRuns(w);
  for (const w of workloads.filter((w) => (w.rollouts ?? 0) > 0)) await rollOut(w);
}

async function seedRuns(w: WorkloadSpec): Promise<void> {
  switch (w.kind) {
    case 'CronJob':
      for (const run of w.runs ?? []) createIfMissing(['create', 'job', `${w.name}-${run}`, `--from=cronjob/${w.name}`, '-n', w.namespace]);
      break;
    case 'Job':
      applyObjects((w.runs ?? []).map((run) => standaloneJob(w, run)));
      break;
    case 'JenkinsAgent':
      for (const build of w.runs ?? []) {
        const existing = getJson<{ items: unknown[] }>([
          'get',
          'pods',
          '-n',
          w.namespace,
          '-l',
          `jenkins/build=${build},jenkins/label=${w.name}`,
        ]);
        if (existing.items.length === 0) kubectl(['create', '-f', '-'], { input: JSON.stringify(jenkinsAgent(w, build)) });
      }
      break;
    case 'Pod':
      applyObjects([barePod(w)]);
      break;
    case 'Cluster': {
      applyObjects([cnpgCluster(w)]);
      const uid = kubectl(['get', 'clusters.postgresql.cnpg.io', w.name, '-n', w.namespace, '-o', 'jsonpath={.metadata.uid}']);
      applyObjects(Array.from({ length: w.replicas ?? 1 }, (_, i) => cnpgInstance(w, i + 1, uid)));
      break;
    }
  }
}

function createIfMissing(args: string[]): void {
  try {
    kubectl(args);
  } catch (error) {
    if (!/already exists/i.test((error as Error).message)) throw error;
  }
}

/** Changes the pod template `rollouts` times, so old ReplicaSets (and their vanished pods) exist. */
async function rollOut(w: WorkloadSpec): Promise<void> {
  const target = `deployment/${w.name}`;
  for (let revision = 2; revision <= (w.rollouts ?? 0) + 1; revision++) {
    kubectl(['rollout', 'status', target, '-n', w.namespace, '--timeout=120s']);
    const patch = { spec: { template: { metadata: { annotations: { 'memdash.local/revision': String(revision) } } } } };
    kubectl(['patch', target, '-n', w.namespace, '--type=merge', '-p', JSON.stringify(patch)]);
  }
  kubectl(['rollout', 'status', target, '-n', w.namespace, '--timeout=120s']);
  log(`rolled ${w.namespace}/${w.name} ${w.rollouts} times`);
}

/** Waits until every pod the scenario made is Running or Succeeded. */
export async function waitForPodsSettled(timeoutMs = 180_000): Promise<void> {
  let pending: string[] = [];
  let logged = Infinity;
  const ok = await waitFor(
    () => {
      // the API server filters by phase, so a scale cluster's settled pods are not sent on every poll
      pending = kubectl([
        'get',
        'pods',
        '-A',
        '--no-headers',
        '-o',
        'custom-columns=NS:.metadata.namespace,NAME:.metadata.name,PHASE:.status.phase',
        '--field-selector=status.phase!=Running,status.phase!=Succeeded,status.phase!=Failed',
      ])
        .split('\n')
        .filter(Boolean);
      if (pending.length > 100 && logged - pending.length >= 500) {
        log(`${pending.length} pods not yet running`);
        logged = pending.length;
      }
      return pending.length === 0;
    },
    timeoutMs,
    2000,
  );
  if (!ok) fail(`pods did not settle: ${pending.slice(0, 10).join(', ')}`);
}
