// A Deployment a verdict test makes for itself in a covered namespace, with a row of its own in the table, and the
// kubectl steps those tests take on it: its pods, a pod made again now, the request the pod was admitted with.
// Kyverno's hold of the table is waited for through the harness, which asks whichever Kyverno the cluster runs.
import { kubectl, kubectlJson, until } from './cluster';

export interface OwnDeployment {
  namespace: string;
  name: string;
  request: string;
  limit: string;
  row: string;
}

/** The table key of its one container, `app`. */
export const rowKeyOf = (own: OwnDeployment) => `${own.namespace}_${own.name}_app`;

export function deploymentOf(own: OwnDeployment): object {
  const labels = { 'app.kubernetes.io/name': own.name };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: own.name, namespace: own.namespace },
    spec: {
      replicas: 1,
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: {
          terminationGracePeriodSeconds: 0,
          containers: [{ name: 'app', image: 'busybox', resources: { requests: { memory: own.request }, limits: { memory: own.limit } } }],
        },
      },
    },
  };
}

export const admin = (args: string[], input?: string) => kubectl(args, 'admin', input);

export const tableData = () =>
  kubectlJson<{ data?: Record<string, string> }>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']).data ?? {};

/** A merge patch of the table's data: the rows given, a null removes one. */
export const mergeTableData = (data: Record<string, string | null>) =>
  admin(['-n', 'kyverno-prd', 'patch', 'configmap', 'memory-requests', '--type=merge', '-p', JSON.stringify({ data })]);

export const podsOf = (namespace: string, name: string) =>
  kubectl(['-n', namespace, 'get', 'pods', '-l', `app.kubernetes.io/name=${name}`, '-o', 'name'])
    .split('\n')
    .filter(Boolean)
    .map((p) => p.replace(/^pod\//, ''));

/** Deletes a Deployment's pods and waits for the one its ReplicaSet makes instead, created now. */
export async function recreatePod(namespace: string, name: string): Promise<string> {
  const before = new Set(podsOf(namespace, name));
  admin(['-n', namespace, 'delete', 'pods', '-l', `app.kubernetes.io/name=${name}`, '--wait=false']);
  return until(`a new pod of ${namespace}/${name}`, () => podsOf(namespace, name).find((p) => !before.has(p)));
}

export const requestOf = (namespace: string, pod: string) =>
  kubectl(['-n', namespace, 'get', 'pod', pod, '-o', 'jsonpath={.spec.containers[0].resources.requests.memory}']);

/** Its Deployment applied and its first pod there. */
export async function applyOwn(own: OwnDeployment): Promise<void> {
  admin(['apply', '-f', '-'], JSON.stringify(deploymentOf(own)));
  await until("the Deployment's pod", () => podsOf(own.namespace, own.name)[0]);
}

export const deleteOwn = (own: OwnDeployment) =>
  admin(['-n', own.namespace, 'delete', 'deployment', own.name, '--wait=false', '--ignore-not-found']);
