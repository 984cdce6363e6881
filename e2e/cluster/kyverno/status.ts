// The status Kyverno's controllers keep on the policy objects: the MutatingPolicy READY once its webhook is
// configured; the GlobalContextEntry's Ready condition, and a Warning event each time its load fails.
import { isNotFound, type Api } from '../lib/api.ts';
import { GLOBAL_CONTEXT_ENTRY, POLICY } from './names.ts';
import type { TableView } from './table.ts';

const MERGE = 'application/merge-patch+json';
const POLICY_PATH = `/apis/policies.kyverno.io/v1/mutatingpolicies/${POLICY}`;
const ENTRY_PATH = `/apis/kyverno.io/v2/globalcontextentries/${GLOBAL_CONTEXT_ENTRY}`;

interface Condition {
  type: string;
  status: string;
  reason: string;
  message: string;
  lastTransitionTime: string;
}
interface WithStatus {
  metadata: { uid: string };
  status?: { conditions?: Condition[]; conditionStatus?: { conditions?: Condition[] } };
}

/** Keeps lastTransitionTime when the status does not change, as meta.SetStatusCondition does. */
function condition(previous: Condition[] | undefined, type: string, ok: boolean, message: string): Condition {
  const status = ok ? 'True' : 'False';
  const old = previous?.find((c) => c.type === type);
  const lastTransitionTime = old?.status === status ? old.lastTransitionTime : new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  return { type, status, reason: ok ? 'Succeeded' : 'Failed', message, lastTransitionTime };
}

async function read(api: Api, path: string): Promise<WithStatus | null> {
  try {
    return await api.call<WithStatus>('GET', path);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export async function markPolicyReady(api: Api, webhookConfigured: boolean): Promise<void> {
  const policy = await read(api, POLICY_PATH);
  if (!policy) return;
  const previous = policy.status?.conditionStatus?.conditions;
  const conditions = [
    condition(
      previous,
      'WebhookConfigured',
      webhookConfigured,
      webhookConfigured ? 'Webhook configured.' : 'Policy is not configured in the webhook.',
    ),
    condition(previous, 'RBACPermissionsGranted', true, 'Background scanning disabled; reporting permissions not required.'),
  ];
  const status = { conditionStatus: { ready: webhookConfigured, conditions, message: '' } };
  if (JSON.stringify(policy.status?.conditionStatus) === JSON.stringify(status.conditionStatus)) return;
  await api.call('PATCH', `${POLICY_PATH}/status`, { status }, MERGE);
}

/**
 * Called when the entry's view changes: one Warning event per failed load, not one per retry. No status: Kyverno
 * v1.19.1 writes none for an entry that reads a Kubernetes resource (its k8sresource entries only send error
 * events; only API-call entries get conditions), so the stand-in writes none either.
 */
export async function recordTableLoad(api: Api, view: TableView): Promise<void> {
  if (view.loaded || !view.error) return;
  const entry = await read(api, ENTRY_PATH);
  if (entry) await failedLoadEvent(api, entry.metadata.uid, view.error);
}

async function failedLoadEvent(api: Api, uid: string, message: string): Promise<void> {
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  await api.call('POST', '/api/v1/namespaces/default/events', {
    metadata: { generateName: `${GLOBAL_CONTEXT_ENTRY}.`, namespace: 'default' },
    involvedObject: { apiVersion: 'kyverno.io/v2', kind: 'GlobalContextEntry', name: GLOBAL_CONTEXT_ENTRY, uid },
    reason: 'PolicyError',
    message,
    type: 'Warning',
    action: 'Retrying',
    count: 1,
    firstTimestamp: now,
    lastTimestamp: now,
    source: { component: 'kyverno-admission' },
    reportingComponent: 'kyverno-admission',
    reportingInstance: 'kyverno-admission',
  });
}
