// A removal of Kyverno on the local cluster and its undoing, for the lifecycle tests (vitest and Chromium), with what
// they check against, read with kubectl. The names are the runbook's, written out here, not taken from memdash.
// Either Kyverno: the stand-in (group cluster) or v1.19.1 itself (group real-kyverno), put back as `up` installs it.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { installKyvernoCrds } from '../../e2e/cluster/kyverno/crds.ts';
import { waitForRegistration, waitForTableRows } from '../../e2e/cluster/kyverno/harness.ts';
import { applyKyvernoObjects, createPolicyObjects, webhookOwner } from '../../e2e/cluster/kyverno/objects.ts';
import { kyvernoModeOf, readState } from '../../e2e/cluster/lib/state.ts';
import { controllerObject } from '../../e2e/cluster/scenario/objects.ts';
import { WORKLOADS } from '../../e2e/cluster/scenario/workloads.ts';
import { kubectl, kubectlJson, repoRoot, requirePodWebhook, until } from './cluster';

export const NS = 'kyverno-prd';
export const DEPLOYMENT = 'kyverno-admission-controller';
export const OWNER = 'kyverno-prd:webhook';
export const POD_REGISTRATION = 'kyverno-resource-mutating-webhook-cfg';
/** The runbook's three owner-less registrations, sorted. */
export const OWNERLESS = [
  'kyverno-cel-exception-validating-webhook-cfg',
  'kyverno-exception-validating-webhook-cfg',
  'kyverno-global-context-validating-webhook-cfg',
];
const KYVERNO_CRD = /(^|\.)kyverno\.io$|(^|\.)wgpolicyk8s\.io$/;

export const harness = (...args: string[]) =>
  execFileSync(process.execPath, [join(repoRoot, 'e2e/cluster/cli.ts'), ...args], { cwd: repoRoot, stdio: 'pipe' });

/** Every webhook registration (Kyverno's or not) as `Kind/name` with its owners' names, as the runbook's check lists them. */
export function registrationsWithOwners(): Record<string, string[]> {
  type List = { items: Array<{ kind?: string; metadata: { name: string; ownerReferences?: Array<{ name: string }> } }> };
  const all = kubectlJson<List>(['get', 'mutatingwebhookconfigurations,validatingwebhookconfigurations']);
  return Object.fromEntries(all.items.map((r) => [`${r.kind}/${r.metadata.name}`, (r.metadata.ownerReferences ?? []).map((o) => o.name)]));
}

/** Kyverno's registrations standing, as `Kind/name`, sorted. */
export const kyvernoStanding = (): string[] =>
  Object.keys(registrationsWithOwners())
    .filter((n) => n.includes('/kyverno-'))
    .sort();

/** Kyverno's CRDs as the runbook's grep finds them, sorted. */
export const kyvernoCrdsNow = (): string[] =>
  kubectl(['get', 'crd', '-o', 'name'])
    .split('\n')
    .filter((n) => KYVERNO_CRD.test(n))
    .map((n) => n.replace('customresourcedefinition.apiextensions.k8s.io/', ''))
    .sort();

export const admissionPods = (): string[] =>
  kubectl(['-n', NS, 'get', 'pods', '-l', 'app.kubernetes.io/component=admission-controller', '-o', 'name']).split('\n').filter(Boolean);

/**
 * Kyverno removed as Argo CD removes it, with the admission controller unable to clean up (killed first, as when its
 * ClusterRoleBinding went before it): its Deployment and pods gone, then its owner ClusterRole, and the garbage
 * collector done with what that owned. Only the owner-less registrations are left.
 */
export async function removeKyverno(): Promise<void> {
  harness('kyverno', 'crash');
  kubectl(['-n', NS, 'delete', 'deployment', DEPLOYMENT, '--wait=true'], 'admin');
  kubectl(['-n', NS, 'wait', '--for=delete', 'pod', '-l', 'app.kubernetes.io/component=admission-controller', '--timeout=120s'], 'admin');
  kubectl(['delete', 'clusterrole', OWNER], 'admin');
  await until('the garbage collector takes the owned registrations', () => kyvernoStanding().length === OWNERLESS.length, 90_000);
}

/** Whether the cluster runs Kyverno v1.19.1 itself (`up --kyverno real`) rather than the stand-in. */
export const realKyverno = (): boolean => kyvernoModeOf(readState()) === 'real';

/** The policy objects the harness seeds, both there (a removal's CRD delete takes them with their CRDs). */
const policyObjectsThere = (): boolean =>
  kubectl(['get', 'mutatingpolicies.policies.kyverno.io,globalcontextentries.kyverno.io', '-o', 'name', '--ignore-not-found'])
    .split('\n')
    .filter(Boolean).length === 2;

/**
 * Back as `cluster:up` left it: owner, CRDs, Deployment, Kyverno serving and registered, the policy objects READY.
 * The real Kyverno's way is `up`'s: its 22 CRDs, RBAC and ConfigMaps from its install manifest, the policy objects
 * before it starts (its own policy webhook would refuse them while it does not answer), then the table it holds.
 */
export async function putKyvernoBack(): Promise<void> {
  const real = realKyverno();
  if (real) applyKyvernoObjects('real');
  else kubectl(['apply', '-f', '-'], 'admin', JSON.stringify(webhookOwner()));
  if (!real && kyvernoCrdsNow().length < 2) installKyvernoCrds();
  if (real && !policyObjectsThere()) createPolicyObjects();
  const spec = WORKLOADS.find((w) => w.namespace === NS && w.name === DEPLOYMENT)!;
  kubectl(['apply', '-f', '-'], 'admin', JSON.stringify(controllerObject(spec)));
  kubectl(['-n', NS, 'label', 'deployment', DEPLOYMENT, 'helm.sh/chart-'], 'admin');
  harness('kyverno', 'recover'); // starts Kyverno if a test killed it, and waits until it serves
  if (real) await waitForRegistration(); // once it leads and has compiled the policy: minutes on a busy machine
  await until(
    'the pod webhook registered with its owner',
    () => registrationsWithOwners()[`MutatingWebhookConfiguration/${POD_REGISTRATION}`]?.[0] === OWNER,
    90_000,
  );
  if (!real) createPolicyObjects(); // deleted with their CRDs; the stand-in's policy webhook answers again
  await until(
    'the MutatingPolicy READY',
    () => kubectl(['get', 'mutatingpolicy', 'memory-requests', '-o', 'jsonpath={.status.conditionStatus.ready}']) === 'true',
    120_000,
  );
  if (real) await waitForTableRows(tableNow());
  requirePodWebhook();
}

const tableNow = (): Record<string, string> =>
  kubectlJson<{ data?: Record<string, string> }>(['-n', NS, 'get', 'configmap', 'memory-requests']).data ?? {};
