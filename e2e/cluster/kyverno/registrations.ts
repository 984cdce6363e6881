// Kyverno's webhook registrations as v1.19.1's leader writes them (pkg/controllers/webhook, the generic webhook
// controllers of cmd/kyverno): the pod webhook, the policy webhook, and the three owner-less ones, all Fail.
import { readFileSync } from 'node:fs';
import { isNotFound, type Api } from '../lib/api.ts';
import { pki } from '../lib/pki.ts';
import {
  COMPONENT_LABEL,
  MANAGED_BY,
  MANAGED_BY_SELECTOR,
  NAMESPACE,
  POD_ENTRY,
  POD_REGISTRATION,
  POLICY_PATH,
  SERVICE,
  SKIPPED_LABEL,
  SKIPPED_NAMESPACES,
} from './names.ts';

const ADMISSION = '/apis/admissionregistration.k8s.io/v1';
type Kind = 'mutatingwebhookconfigurations' | 'validatingwebhookconfigurations';
interface Registration {
  kind: Kind;
  owned: boolean;
  body: { metadata: Record<string, unknown>; webhooks: object[] };
}
interface Owner {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
}

const rule = (apiGroups: string[], apiVersions: string[], resources: string[], operations = ['CREATE', 'UPDATE']) => ({
  apiGroups,
  apiVersions,
  operations,
  resources,
  scope: '*',
});

/** Fields the API server would default are written out, so a repaired registration compares equal to a fresh one. */
function entry(name: string, url: string, rules: object[], sideEffects: string, selectors: object): object {
  const caBundle = readFileSync(pki('ca.crt')).toString('base64');
  return {
    name,
    clientConfig: { url, caBundle },
    rules,
    failurePolicy: 'Fail',
    matchPolicy: 'Equivalent',
    sideEffects,
    timeoutSeconds: 10,
    admissionReviewVersions: ['v1'],
    ...selectors,
  };
}

const podSelectors = () => ({
  namespaceSelector: { matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: SKIPPED_NAMESPACES }] },
  objectSelector: { matchExpressions: [{ key: SKIPPED_LABEL.key, operator: 'NotIn', values: [SKIPPED_LABEL.value] }] },
});
const everything = () => ({ namespaceSelector: {}, objectSelector: {} });

const POLICY_KINDS = [
  'validatingpolicies',
  'namespacedvalidatingpolicies',
  'imagevalidatingpolicies',
  'namespacedimagevalidatingpolicies',
  'generatingpolicies',
  'namespacedgeneratingpolicies',
  'mutatingpolicies',
  'namespacedmutatingpolicies',
  'deletingpolicies',
  'namespaceddeletingpolicies',
];

export function desiredRegistrations(port: number): Registration[] {
  const base = `https://127.0.0.1:${port}`;
  const generic = `${SERVICE}.${NAMESPACE}.svc`; // Kyverno names each generic webhook after its Service
  const validating = (name: string, owned: boolean, webhooks: object[]): Registration => ({
    kind: 'validatingwebhookconfigurations',
    owned,
    body: { metadata: { name }, webhooks },
  });
  return [
    {
      kind: 'mutatingwebhookconfigurations',
      owned: true,
      body: {
        metadata: { name: POD_REGISTRATION },
        webhooks: [
          {
            ...entry(POD_ENTRY, `${base}${POLICY_PATH}`, [rule([''], ['v1'], ['pods'], ['CREATE'])], 'NoneOnDryRun', podSelectors()),
            reinvocationPolicy: 'Never',
          },
        ],
      },
    },
    validating('kyverno-policy-validating-webhook-cfg', true, [
      entry(
        'validate-policy.kyverno.svc',
        `${base}/policyvalidate`,
        [
          rule(['kyverno.io'], ['v1', 'v2beta1'], ['clusterpolicies', 'policies']),
          rule(['policies.kyverno.io'], ['v1alpha1', 'v1beta1', 'v1'], POLICY_KINDS),
        ],
        'None',
        everything(),
      ),
    ]),
    validating('kyverno-exception-validating-webhook-cfg', false, [
      entry(
        generic,
        `${base}/exceptionvalidate`,
        [rule(['kyverno.io'], ['v2alpha1', 'v2beta1'], ['policyexceptions'])],
        'None',
        everything(),
      ),
    ]),
    validating('kyverno-cel-exception-validating-webhook-cfg', false, [
      entry(
        generic,
        `${base}/celexception/validate`,
        [rule(['policies.kyverno.io'], ['v1alpha1', 'v1beta1', 'v1'], ['policyexceptions'])],
        'None',
        everything(),
      ),
    ]),
    validating('kyverno-global-context-validating-webhook-cfg', false, [
      entry(
        generic,
        `${base}/globalcontextvalidate`,
        [rule(['kyverno.io'], ['v2alpha1', 'v2beta1', 'v2'], ['globalcontextentries'])],
        'None',
        everything(),
      ),
    ]),
  ];
}

/** Like v1.19.1's buildOwner: the first ClusterRole labelled component kyverno whose name matches `*:webhook`. */
async function webhookOwner(api: Api): Promise<Owner | null> {
  const roles = await api.call<{ items: Array<{ metadata: { name: string; uid: string } }> }>(
    'GET',
    `/apis/rbac.authorization.k8s.io/v1/clusterroles?labelSelector=${encodeURIComponent(`${COMPONENT_LABEL}=kyverno`)}`,
  );
  const role = roles.items.find((r) => r.metadata.name.endsWith(':webhook'));
  return role
    ? { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', name: role.metadata.name, uid: role.metadata.uid }
    : null;
}

/** Creates what is missing and repairs what differs; returns the names it wrote. */
export async function reconcileRegistrations(api: Api, port: number): Promise<string[]> {
  const owner = await webhookOwner(api);
  const written: string[] = [];
  for (const registration of desiredRegistrations(port)) {
    const name = registration.body.metadata.name as string;
    const desired = {
      ...registration.body,
      metadata: { name, labels: { [MANAGED_BY]: 'kyverno' }, ...(registration.owned && owner ? { ownerReferences: [owner] } : {}) },
    };
    if (await writeIfDifferent(api, registration.kind, name, desired)) written.push(name);
  }
  return written;
}

async function writeIfDifferent(api: Api, kind: Kind, name: string, desired: { metadata: object; webhooks: object[] }): Promise<boolean> {
  let current: { metadata: { resourceVersion: string; ownerReferences?: object[]; labels?: object }; webhooks?: object[] };
  try {
    current = await api.call('GET', `${ADMISSION}/${kind}/${name}`);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await api.call('POST', `${ADMISSION}/${kind}`, desired);
    return true;
  }
  const want = desired.metadata as { ownerReferences?: object[]; labels: object };
  const same =
    covers(desired.webhooks, current.webhooks ?? []) &&
    covers(want.labels, current.metadata.labels ?? {}) &&
    covers(want.ownerReferences ?? [], current.metadata.ownerReferences ?? []);
  if (same) return false;
  await api.call('PUT', `${ADMISSION}/${kind}/${name}`, {
    ...desired,
    metadata: { ...current.metadata, ...desired.metadata, resourceVersion: current.metadata.resourceVersion },
  });
  return true;
}

/** Whether `actual` holds everything `wanted` says (extra defaulted fields allowed; arrays must match in length). */
function covers(wanted: unknown, actual: unknown): boolean {
  if (Array.isArray(wanted)) {
    return Array.isArray(actual) && wanted.length === actual.length && wanted.every((w, i) => covers(w, actual[i]));
  }
  if (wanted && typeof wanted === 'object') {
    if (!actual || typeof actual !== 'object') return false;
    return Object.entries(wanted).every(([k, v]) => covers(v, (actual as Record<string, unknown>)[k]));
  }
  return wanted === actual;
}

/** A clean shutdown with the Deployment at zero: every registration Kyverno manages goes, by its label. */
export async function deleteRegistrations(api: Api): Promise<void> {
  const selector = `labelSelector=${encodeURIComponent(MANAGED_BY_SELECTOR)}`;
  for (const kind of ['mutatingwebhookconfigurations', 'validatingwebhookconfigurations'] as Kind[]) {
    await api.call('DELETE', `${ADMISSION}/${kind}?${selector}`);
  }
}
