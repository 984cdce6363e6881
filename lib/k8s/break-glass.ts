import 'server-only';
import { PatchStrategy, setHeaderOptions, type V1MutatingWebhookConfiguration } from '@kubernetes/client-node';
import type { RestartableKind } from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import { AppError, toAppError } from '@/lib/errors';
import { FIELD_MANAGER, type KubeClients } from './client';

// The break-glass's writes, each made with the operator's write clients (`w`) for one request, and the reads they
// need first with the cluster's read clients. Each is idempotent: pressed twice, the second finds the work done.

/** The admission controller's replicas before and after a scale; `changed` false when it already had the count. */
export interface ScaleResult {
  before: number;
  after: number;
  changed: boolean;
}

/** Scales the admission controller's Deployment through its scale subresource, as `kubectl scale` does. */
export async function scaleAdmissionController(cluster: Cluster, w: KubeClients, replicas: number): Promise<ScaleResult> {
  const { kyvernoNamespace: namespace, admissionDeployment: name } = cluster.facts;
  const scale = await w.apps.readNamespacedDeploymentScale({ namespace, name });
  const before = scale.spec?.replicas ?? 0;
  if (before === replicas) return { before, after: replicas, changed: false };
  // The resourceVersion read above makes a concurrent change (Argo CD, another operator) a conflict, not a race.
  await w.apps.replaceNamespacedDeploymentScale({ namespace, name, body: { ...scale, spec: { replicas } }, fieldManager: FIELD_MANAGER });
  return { before, after: replicas, changed: true };
}

/** One of Kyverno's webhook registrations, as `Kind/name`. */
export type RegistrationRef = `${'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration'}/${string}`;

/** Kyverno's registrations that stand now, by its managed-by label: what the delete will take. */
export async function listManagedRegistrations(cluster: Cluster): Promise<RegistrationRef[]> {
  const labelSelector = cluster.facts.webhookManagedBySelector;
  const k = cluster.clients();
  const [mutating, validating] = await Promise.all([
    k.admission.listMutatingWebhookConfiguration({ labelSelector }),
    k.admission.listValidatingWebhookConfiguration({ labelSelector }),
  ]);
  return [
    ...mutating.items.map((c) => `MutatingWebhookConfiguration/${c.metadata?.name ?? ''}` as const),
    ...validating.items.map((c) => `ValidatingWebhookConfiguration/${c.metadata?.name ?? ''}` as const),
  ];
}

/**
 * Deletes every registration labelled as Kyverno's, each by name (the runbook's `delete … -l`): the list is read
 * first so that the result names exactly what went. One already gone is not an error.
 */
export async function deleteManagedRegistrations(cluster: Cluster, w: KubeClients): Promise<RegistrationRef[]> {
  const standing = await listManagedRegistrations(cluster);
  const deleted: RegistrationRef[] = [];
  for (const ref of standing) {
    const name = ref.slice(ref.indexOf('/') + 1);
    try {
      if (ref.startsWith('Mutating')) await w.admission.deleteMutatingWebhookConfiguration({ name });
      else await w.admission.deleteValidatingWebhookConfiguration({ name });
      deleted.push(ref);
    } catch (err) {
      if (toAppError(err).code !== 'not-found') throw err;
    }
  }
  return deleted;
}

/** The admission controller's pods still there (Terminating ones too): what the wait waits for. */
export async function admissionPodsLeft(cluster: Cluster): Promise<Array<{ name: string; node: string | null; terminating: boolean }>> {
  const { kyvernoNamespace: namespace, admissionPodSelector: labelSelector } = cluster.facts;
  const list = await cluster.clients().core.listNamespacedPod({ namespace, labelSelector });
  return list.items.map((p) => ({
    name: p.metadata?.name ?? '',
    node: p.spec?.nodeName ?? null,
    terminating: Boolean(p.metadata?.deletionTimestamp),
  }));
}

/** The pod webhook's registration as the runbook's drill saves it: `.metadata |= {name, labels, annotations, ownerReferences}`. */
export async function readRegistrationToSave(cluster: Cluster): Promise<V1MutatingWebhookConfiguration> {
  const name = cluster.facts.webhookConfiguration;
  const cfg = await cluster.clients().admission.readMutatingWebhookConfiguration({ name });
  const { labels, annotations, ownerReferences } = cfg.metadata ?? {};
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { name, labels, annotations, ownerReferences },
    webhooks: cfg.webhooks,
  };
}

/** Creates the saved registration back (`kubectl create -f`); `created` false when one of that name already stands. */
export async function createSavedRegistration(
  cluster: Cluster,
  w: KubeClients,
  saved: V1MutatingWebhookConfiguration,
): Promise<{ created: boolean }> {
  if (saved.metadata?.name !== cluster.facts.webhookConfiguration) {
    throw new AppError('bad-request', `The saved registration is not ${cluster.facts.webhookConfiguration}`);
  }
  try {
    await w.admission.createMutatingWebhookConfiguration({ body: saved, fieldManager: FIELD_MANAGER });
    return { created: true };
  } catch (err) {
    const answer = toAppError(err);
    if (answer.code === 'conflict' && /already exists/.test(answer.message)) return { created: false };
    throw err;
  }
}

const RESTARTED_AT = 'kubectl.kubernetes.io/restartedAt';

/**
 * `kubectl rollout restart`: the pod template's restartedAt annotation set to now, so the controller rolls new pods
 * (which go through admission again and get the table's number).
 */
export async function rolloutRestart(
  w: KubeClients,
  target: { namespace: string; kind: RestartableKind; name: string },
  now: Date,
): Promise<string> {
  const restartedAt = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const body = { spec: { template: { metadata: { annotations: { [RESTARTED_AT]: restartedAt } } } } };
  const { namespace, name } = target;
  const options = setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch);
  if (target.kind === 'Deployment') await w.apps.patchNamespacedDeployment({ namespace, name, body, fieldManager: FIELD_MANAGER }, options);
  else if (target.kind === 'StatefulSet')
    await w.apps.patchNamespacedStatefulSet({ namespace, name, body, fieldManager: FIELD_MANAGER }, options);
  else await w.apps.patchNamespacedDaemonSet({ namespace, name, body, fieldManager: FIELD_MANAGER }, options);
  return restartedAt;
}
