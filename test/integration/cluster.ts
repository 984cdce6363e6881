// What the integration tests know about the local cluster, found with kubectl (not with the code under test).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { bin } from '../../e2e/cluster/lib/paths.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const kubeconfig = (user: 'viewer' | 'operator' | 'admin') => resolve(repoRoot, '.cluster/kubeconfig', `${user}.yaml`);
export const clusterIsUp = existsSync(kubeconfig('viewer'));

export function kubectl(args: string[], user: 'viewer' | 'admin' = 'viewer'): string {
  // the kubectl the setup built (1.34, like the cluster), not whatever a machine has on PATH
  return execFileSync(bin('kubectl'), ['--kubeconfig', kubeconfig(user), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function kubectlJson<T>(args: string[]): T {
  return JSON.parse(kubectl([...args, '-o', 'json'])) as T;
}

/** The name of one pod of a workload of the scenario, by the label the harness puts on every pod. */
export function podOf(namespace: string, workload: string): string {
  const list = kubectlJson<{ items: Array<{ metadata: { name: string; deletionTimestamp?: string } }> }>(
    ['-n', namespace, 'get', 'pods', '-l', `app.kubernetes.io/name=${workload}`],
  );
  const pod = list.items.find((p) => !p.metadata.deletionTimestamp);
  if (!pod) throw new Error(`no pod of ${namespace}/${workload} in the local cluster`);
  return pod.metadata.name;
}

/** Whether Kyverno's stand-in (issue 3) has registered the pod webhook: without it no pod was sized at creation. */
export function podWebhookRegistered(): boolean {
  try {
    const cfg = kubectlJson<{ webhooks?: Array<{ name: string }> }>(['get', 'mutatingwebhookconfiguration', 'kyverno-resource-mutating-webhook-cfg']);
    return (cfg.webhooks ?? []).some((w) => w.name === 'mpol.validate.kyverno.svc-fail');
  } catch {
    return false;
  }
}
