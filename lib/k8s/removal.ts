import 'server-only';
import { admissionVersionOf, kyvernoCrds, OWNERLESS_REGISTRATIONS, type AdmissionNow, type AdmissionVersion } from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import { AppError, toAppError } from '@/lib/errors';
import { readOrNull, type KubeClients } from './client';
import { admissionPodsLeft } from './break-glass';

// The reads and deletes of the runbook's "Upgrading and removing the app": the admission controller's version and
// whether one is left, the registrations' owner, Kyverno's CRDs; the deletes with the operator's write clients (`w`).

/** The admission controller's Deployment (its replicas and what it runs) and its pods left: one direct read each. */
export async function readAdmissionNow(cluster: Cluster): Promise<AdmissionNow & { version: AdmissionVersion | null }> {
  const { kyvernoNamespace: namespace, admissionDeployment: name } = cluster.facts;
  const [deployment, pods] = await Promise.all([
    readOrNull(() => cluster.clients().apps.readNamespacedDeployment({ namespace, name })),
    admissionPodsLeft(cluster),
  ]);
  if (!deployment) return { deployment: null, pods: pods.length, version: null };
  return {
    deployment: { desired: deployment.spec?.replicas ?? 1, ready: deployment.status?.readyReplicas ?? 0 },
    pods: pods.length,
    version: admissionVersionOf(deployment.metadata?.labels, deployment.spec?.template.spec?.containers ?? []),
  };
}

/** Whether the ClusterRole that owns the registrations (MEMDASH_WEBHOOK_OWNER) is there: removal deletes it. */
export async function readWebhookOwnerRole(cluster: Cluster): Promise<{ name: string; exists: boolean }> {
  const name = cluster.facts.webhookOwner;
  const role = await readOrNull(() => cluster.clients().rbac.readClusterRole({ name }));
  return { name, exists: role !== null };
}

/** Kyverno's CRDs as the runbook's `get crd -o name | grep -E …` finds them; `timeoutMs` a read's unless given. */
export async function listKyvernoCrds(cluster: Cluster, timeoutMs?: number): Promise<string[]> {
  const list = await cluster.clients(timeoutMs).extensions.listCustomResourceDefinition();
  return kyvernoCrds(list.items.map((c) => c.metadata?.name ?? ''));
}

/** What a delete by name did: deleted, or already gone (kubectl's NotFound, which the runbook expects). */
export interface Deleted {
  deleted: string[];
  notFound: string[];
}

/** The runbook's delete of the three owner-less registrations, each by name, as kubectl deletes a list of names. */
export async function deleteOwnerlessRegistrations(w: KubeClients): Promise<Deleted> {
  return deleteEach(OWNERLESS_REGISTRATIONS, (name) => w.admission.deleteValidatingWebhookConfiguration({ name }));
}

/**
 * How long one CRD's delete, or the list of CRDs read again before them, may take. The API server answers a delete
 * once the CRD is marked for deletion, which on a busy control plane can take longer than a read's timeout; given up
 * early, the delete still happens and the operator is told it failed. kubectl, which the runbook uses, waits.
 */
export const CRD_DELETE_TIMEOUT_MS = 60_000;

/** Deletes the CRDs named (those the page showed, as read again just before), each by name. */
export async function deleteCrds(w: KubeClients, names: readonly string[]): Promise<Deleted> {
  return deleteEach(names, (name) => w.extensions.deleteCustomResourceDefinition({ name }));
}

async function deleteEach(names: readonly string[], remove: (name: string) => Promise<unknown>): Promise<Deleted> {
  const done: Deleted = { deleted: [], notFound: [] };
  for (const name of names) {
    try {
      await remove(name);
      done.deleted.push(name);
    } catch (err) {
      const answer = toAppError(err);
      if (answer.code !== 'not-found') {
        // the operator must know what already went before the cluster refused the rest
        throw new AppError(answer.code, `${answer.message} (deleted before it: ${done.deleted.join(', ') || 'none'})`);
      }
      done.notFound.push(name);
    }
  }
  return done;
}
