// The harness's handles on the real Kyverno: start its supervisor, crash it, wait until it serves, and the
// `kyverno deny` switch, which for the real one is a policy that fails (what Kyverno does with a broken policy).
import { request } from 'node:https';
import { join } from 'node:path';
import { isRunning, startDaemon, waitFor } from '../../lib/processes.ts';
import { kubectl, kubectlAsync } from '../../lib/kubectl.ts';
import { fail, log } from '../../lib/log.ts';
import type { ClusterState } from '../../lib/state.ts';
import { POLICY } from '../names.ts';
import { mutatingPolicy } from '../policy.ts';
import { apiserverRoutesToEndpoints, hostAddress, routeServiceToHost } from './access.ts';
import { ensureKyvernoBinary } from './binary.ts';

export const REAL = 'kyverno-real';

export function ensureRealKyverno(current: ClusterState): void {
  ensureKyvernoBinary();
  const apiserver = current.processes['kube-apiserver'];
  const address = hostAddress();
  if (address && apiserver && !apiserverRoutesToEndpoints(apiserver.pid))
    fail('the running kube-apiserver was started without --enable-aggregator-routing: `npm run cluster:down`, then up again');
  if (address) routeServiceToHost(address, current.ports.webhook);
  else log('no non-loopback address on this host: Kyverno runs with --serverIP (debug mode: no clean-up on shutdown)');
  if (isRunning(current.processes[REAL])) return log('Kyverno v1.19.1 supervisor already running');
  startDaemon(current, REAL, process.execPath, [join(import.meta.dirname, 'supervisor.ts')]);
}

/** SIGKILL to the supervisor's process group: Kyverno dies without its shutdown, its registrations stay. */
export function crashReal(current: ClusterState): void {
  const record = current.processes[REAL];
  if (!record || !isRunning(record)) return log('the real Kyverno is not running');
  process.kill(-record.pid, 'SIGKILL');
  log('Kyverno killed (SIGKILL); its registrations stay');
}

/** Kyverno's own liveness endpoint on its webhook port (its certificate is its own CA's: not verified here). */
export function realServing(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const req = request({ host: '127.0.0.1', port, path: '/health/liveness', rejectUnauthorized: false, timeout: 3000 }, (res) => {
      res.resume();
      answer(res.statusCode === 200);
    });
    req.on('error', () => answer(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

export async function recoverReal(current: ClusterState): Promise<void> {
  ensureRealKyverno(current);
  if (!(await waitFor(() => realServing(current.ports.webhook), 120_000, 500)))
    fail('Kyverno is not serving: is kyverno-admission-controller scaled to zero? see .cluster/logs/kyverno.log');
  log('Kyverno serving again');
}

/** Whether a pod created now (dry run) in a namespace the policy covers is denied by Kyverno's answer. */
async function probeDenied(): Promise<boolean> {
  const args = ['-n', 'development', 'run', 'kyverno-switch-probe', '--image=busybox', '--restart=Never', '--dry-run=server', '-o', 'name'];
  const { stderr } = await kubectlAsync(args);
  return stderr.includes('denied the request');
}

/** Kyverno compiles a changed policy from its informer a moment after the write: the switch returns only once the
 * webhook answers as switched, so whoever flips it can probe at once. */
async function untilProbe(denied: boolean, what: string): Promise<void> {
  if (!(await waitFor(async () => (await probeDenied()) === denied, 60_000, 500)))
    fail(`Kyverno did not ${what} within 60 s of the policy change: see .cluster/logs/kyverno.log`);
}

// The label no pod carries, named so that the policy itself says which switch put the failing mutation there.
const DENY_MARK = 'memdash-harness-kyverno-deny';

/** The policy gains a mutation whose JSON patch cannot apply, so Kyverno answers every covered pod with its error.
 * A `remove` of an absent key: Kyverno v1.19.1 answers a failed `test` op by leaving the pod alone, not denying. */
export async function denyReal(): Promise<void> {
  const failing = {
    patchType: 'JSONPatch',
    jsonPatch: { expression: `[JSONPatch{op: "remove", path: "/metadata/labels/${DENY_MARK}"}]` },
  };
  kubectl([
    'patch',
    'mutatingpolicies.policies.kyverno.io',
    POLICY,
    '--type=json',
    '-p',
    JSON.stringify([{ op: 'add', path: '/spec/mutations/-', value: failing }]),
  ]);
  await untilProbe(true, 'start denying');
}

/** Takes the failing mutation out again. Only when it is there: the patch goes through Kyverno's own policy
 * webhook, which refuses it while Kyverno is down, and putting things back after a crash must not need it. */
export async function answerReal(): Promise<void> {
  const current = kubectl(['get', 'mutatingpolicies.policies.kyverno.io', POLICY, '-o', 'jsonpath={.spec.mutations}']);
  if (!current.includes(DENY_MARK)) return;
  const policy = mutatingPolicy() as { spec: { mutations: unknown[] } };
  kubectl([
    'patch',
    'mutatingpolicies.policies.kyverno.io',
    POLICY,
    '--type=merge',
    '-p',
    JSON.stringify({ spec: { mutations: policy.spec.mutations } }),
  ]);
  await untilProbe(false, 'stop denying');
}
