// How the API server reaches the real Kyverno on the host, and how Kyverno reaches the API server.
// In production Kyverno registers its webhooks by Service (kyverno-prd-svc, port 443) and runs in a pod. Here the
// Service has no selector and one EndpointSlice naming the host's own address and the process's port, and the API
// server resolves Services through their endpoints (--enable-aggregator-routing), so Kyverno registers and behaves
// as in a pod. Only without a non-loopback address does it fall back to --serverIP, Kyverno's debug mode, which
// registers URLs and never deletes its registrations on shutdown (pkg/utils/runtime: IsGoingDown is false in debug).
import { networkInterfaces } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { state } from '../../lib/paths.ts';
import { kubeconfigYaml } from '../../lib/users.ts';
import { pki } from '../../lib/pki.ts';
import { applyObjects, getJson, kubectl } from '../../lib/kubectl.ts';
import { DEPLOYMENT, NAMESPACE, SERVICE } from '../names.ts';

export const SLICE = `${SERVICE}-host`;
/** the install manifest's ServiceAccount of the admission controller */
export const SERVICE_ACCOUNT = 'kyverno-admission-controller';
const SLICE_MANAGER = 'memdash-harness';

/** The host's first non-loopback IPv4 address, or null (then Kyverno runs in debug mode with --serverIP). */
export function hostAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal && !a.address.startsWith('169.254.')) return a.address;
  }
  return null;
}

/** The Service without a selector, so that only the harness's EndpointSlice feeds it. */
export function selectorlessService(): object {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: SERVICE, namespace: NAMESPACE },
    spec: { ports: [{ name: 'https', port: 443, targetPort: 'https', protocol: 'TCP' }] },
  };
}

export function hostEndpointSlice(address: string, port: number): object {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      name: SLICE,
      namespace: NAMESPACE,
      labels: { 'kubernetes.io/service-name': SERVICE, 'endpointslice.kubernetes.io/managed-by': SLICE_MANAGER },
    },
    addressType: 'IPv4',
    endpoints: [{ addresses: [address], conditions: { ready: true } }],
    ports: [{ name: 'https', port, protocol: 'TCP' }],
  };
}

/** Points the Service at the host process; the endpoint controller's slices (of the stand-in's selector) go. */
export function routeServiceToHost(address: string, port: number): void {
  const existing = kubectl(['-n', NAMESPACE, 'get', 'service', SERVICE, '--ignore-not-found', '-o', 'jsonpath={.spec.selector}']);
  if (existing.trim()) kubectl(['-n', NAMESPACE, 'delete', 'service', SERVICE]); // a selector cannot be applied away
  applyObjects([selectorlessService(), hostEndpointSlice(address, port)]);
}

/** Whether the running API server resolves Services through their endpoints (an older `up` started it without). */
export function apiserverRoutesToEndpoints(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('--enable-aggregator-routing=true');
  } catch {
    return false;
  }
}

/** A kubeconfig with a TokenRequest token of the admission controller's ServiceAccount, as its pod would mount. */
export function writeKyvernoKubeconfig(apiserverPort: number): string {
  const token = kubectl(['-n', NAMESPACE, 'create', 'token', SERVICE_ACCOUNT, '--duration=48h']).trim();
  const path = state('kubeconfig', 'kyverno.yaml');
  const ca = readFileSync(pki('ca.crt')).toString('base64');
  writeFileSync(path, kubeconfigYaml(SERVICE_ACCOUNT, token, ca, apiserverPort), { mode: 0o600 });
  return path;
}

/** A name for the process as the pod it stands for: the first admission-controller pod's, else the Deployment's. */
export function podName(): string {
  const pods = getJson<{ items: Array<{ metadata: { name: string } }> }>([
    '-n',
    NAMESPACE,
    'get',
    'pods',
    '-l',
    'app.kubernetes.io/component=admission-controller',
  ]).items;
  return pods[0]?.metadata.name ?? `${DEPLOYMENT}-host`;
}

export const kyvernoLog = (): string => state('logs', 'kyverno.log');
