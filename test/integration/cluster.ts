// What the integration and browser tests know about the local cluster, found with kubectl (not with the code under
// test). The suite fails closed: a precondition that does not hold throws an error naming it, never a skip. Call
// `requireCluster()` at the top of a test file that needs the cluster, and `requirePodWebhook()` in a test that needs
// the pods to have gone through Kyverno's stand-in.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { bin, kubeconfigPath, repoRoot as harnessRoot, state, stateDir } from '../../e2e/cluster/lib/paths.ts';
import { readState, type ClusterState } from '../../e2e/cluster/lib/state.ts';

export const repoRoot = harnessRoot;
/** The state folder is the harness's: `.cluster/`, or MEMDASH_CLUSTER_DIR when set. */
export const kubeconfig = (user: 'viewer' | 'operator' | 'admin') => kubeconfigPath(user);

/** A precondition of the suite that does not hold: the message says which, and how to make it hold. */
export class PreconditionFailed extends Error {
  constructor(what: string, fix: string) {
    super(`precondition failed: ${what} (${fix})`);
    this.name = 'PreconditionFailed';
  }
}

/** The local cluster's state; throws naming the missing file when `npm run cluster:up` has not run in this state folder. */
export function requireCluster(): ClusterState {
  const fix = `run \`npm run cluster:up\`; the state folder is ${stateDir}`;
  for (const file of [state('state.json'), kubeconfig('viewer'), kubeconfig('admin')]) {
    if (!existsSync(file)) throw new PreconditionFailed(`${file} does not exist`, fix);
  }
  const current = readState();
  if (!current?.ports?.apiserver) throw new PreconditionFailed(`${state('state.json')} names no API server port`, fix);
  return current;
}

/** kubectl as one of the local cluster's users; `input` is its stdin (for `apply -f -`). */
export function kubectl(args: string[], user: 'viewer' | 'operator' | 'admin' = 'viewer', input?: string): string {
  // the kubectl the setup built (the cluster's release), not whatever a machine has on PATH
  try {
    return execFileSync(bin('kubectl'), ['--kubeconfig', kubeconfig(user), ...args], {
      encoding: 'utf8',
      input,
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: KUBECTL_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      // `get pods -A -o json` on a cluster with a test's extra pods is past the default 1 MiB
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (err) {
    throw timedOut(err, args) ?? err;
  }
}

/**
 * How long one kubectl call may take: past the longest `--timeout` a test waits with, so a wedged API server fails
 * the test that asked, naming the call, rather than holding the whole run.
 */
const KUBECTL_TIMEOUT_MS = 300_000;

/** The error of a kubectl call ended at KUBECTL_TIMEOUT_MS, naming it; null for any other failure. */
function timedOut(err: unknown, args: string[]): Error | null {
  const code = (err as { code?: string; signal?: string }).code;
  const signal = (err as { signal?: string }).signal;
  // an answer past execFileSync's buffer is killed with the same signal: not a timeout
  if (code === 'ENOBUFS' || (code !== 'ETIMEDOUT' && signal !== 'SIGKILL')) return null;
  return new Error(`kubectl ${args.join(' ')} did not finish within ${KUBECTL_TIMEOUT_MS / 1000} s (a wedged API server?)`);
}

/** Adds (or with null removes) one row of the table ConfigMap, leaving the others as they are. */
export function patchTableRow(row: string, value: string | null, user: 'viewer' | 'operator' | 'admin' = 'admin'): string {
  const op = value === null ? { op: 'remove', path: `/data/${row}` } : { op: 'add', path: `/data/${row}`, value };
  return kubectl(['-n', 'kyverno-prd', 'patch', 'configmap', 'memory-requests', '--type=json', '-p', JSON.stringify([op])], user);
}

/**
 * Replaces the table ConfigMap's data whole with `data` (a test setting the table, or putting it back), as admin or,
 * where the runbook's write credential is the point, as operator.
 */
export function putTableData(data: Record<string, string>, user: 'operator' | 'admin' = 'admin'): void {
  const patch = JSON.stringify([{ op: 'add', path: '/data', value: data }]);
  kubectl(['-n', 'kyverno-prd', 'patch', 'configmap', 'memory-requests', '--type=json', '-p', patch], user);
}

export function kubectlJson<T>(args: string[]): T {
  return JSON.parse(kubectl([...args, '-o', 'json'])) as T;
}

/** The table ConfigMap whole, as the runbook saves it before a change (`kubectl get configmap -o json`). */
export function savedTable(): Record<string, unknown> & { data: Record<string, string> } {
  return kubectlJson(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']);
}

type PodName = { metadata: { name: string; deletionTimestamp?: string } };

/** The pods of a workload of the scenario, by the label the harness puts on every pod, deleted ones included. */
export function podsOfWorkload(namespace: string, workload: string): PodName[] {
  return kubectlJson<{ items: PodName[] }>(['-n', namespace, 'get', 'pods', '-l', `app.kubernetes.io/name=${workload}`]).items;
}

/** The name of one pod of a workload of the scenario, not one being deleted. */
export function podOf(namespace: string, workload: string): string {
  const pod = podsOfWorkload(namespace, workload).find((p) => !p.metadata.deletionTimestamp);
  if (!pod) throw new Error(`no pod of ${namespace}/${workload} in the local cluster`);
  return pod.metadata.name;
}

/**
 * Kyverno's webhook registrations as kubectl names them (`mutatingwebhookconfiguration.admissionregistration.k8s.io/
 * <name>`), found by the label the runbook deletes them by; sorted, none when there are none.
 */
export function kyvernoRegistrations(): string[] {
  return kubectl([
    'get',
    'mutatingwebhookconfiguration,validatingwebhookconfiguration',
    '-l',
    'webhook.kyverno.io/managed-by=kyverno',
    '-o',
    'name',
  ])
    .trim()
    .split('\n')
    .filter(Boolean)
    .sort();
}

export const POD_REGISTRATION = 'kyverno-resource-mutating-webhook-cfg';
export const POD_ENTRY = 'mpol.validate.kyverno.svc-fail';

/**
 * Throws unless Kyverno's stand-in has its pod webhook registered, as `cluster:up` leaves it and every test that
 * takes it away must put it back: without it no pod was sized at creation. kubectl's own error is passed on.
 */
export function requirePodWebhook(): void {
  requireCluster();
  let cfg: { webhooks?: Array<{ name: string }> };
  try {
    cfg = kubectlJson(['get', 'mutatingwebhookconfiguration', POD_REGISTRATION]);
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim() || (err as Error).message;
    throw new PreconditionFailed(
      `kubectl could not read the pod webhook's registration ${POD_REGISTRATION}: ${stderr}`,
      'is the cluster up, and did an earlier test leave Kyverno scaled to zero?',
    );
  }
  if (!(cfg.webhooks ?? []).some((w) => w.name === POD_ENTRY)) {
    throw new PreconditionFailed(
      `the registration ${POD_REGISTRATION} has no entry ${POD_ENTRY}`,
      'an earlier test did not restore it; `npm run cluster -- kyverno recover` and Kyverno at 3 replicas put it back',
    );
  }
}

/** Polls `read` every 250 ms until it gives a value, and returns it; throws naming `what` after `ms`. */
export async function until<T>(
  what: string,
  read: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
