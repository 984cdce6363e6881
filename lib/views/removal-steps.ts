import 'server-only';
import { crdConfirmation, REMOVAL_ACTIONS, stillAnswers, type RemovalActionId } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import type { KubeConfig } from '@kubernetes/client-node';
import type { Cluster } from '@/lib/cluster/cluster';
import type { KubeClients } from '@/lib/k8s/client';
import {
  CRD_DELETE_TIMEOUT_MS,
  deleteCrds,
  deleteOwnerlessRegistrations,
  listKyvernoCrds,
  readAdmissionNow,
  type Deleted,
} from '@/lib/k8s/removal';
import { writeClients } from '@/lib/k8s/write-client';
import type { RemovalAnswer } from './lifecycle-types';

// The removal's deletes: each first asks, with memdash's read credential, whether an admission controller is left to
// answer (then it is refused: what it answers for is its own), then deletes with the operator's clients (`w`).

/** A delete route's audit record: its action and target as the domain's table states them. */
export function removalAudit(id: RemovalActionId): { action: string; target: () => string } {
  const action = REMOVAL_ACTIONS[id];
  return { action: action.audit, target: () => action.target.audit };
}

async function requireNoAdmissionController(cluster: Cluster): Promise<void> {
  const refused = stillAnswers(await readAdmissionNow(cluster));
  if (refused) throw new AppError('conflict', `Refused: ${refused}.`);
}

export async function deleteLeftoverRegistrations(cluster: Cluster, w: KubeClients): Promise<RemovalAnswer> {
  await requireNoAdmissionController(cluster);
  return answered(await deleteOwnerlessRegistrations(w));
}

/**
 * Deletes Kyverno's CRDs, read again now; the typed confirmation carries the count the page showed, and a cluster
 * that has another count by now is refused rather than losing CRDs nobody saw. The deletes get clients of their own
 * from the operator's KubeConfig (`kc`), with a CRD delete's longer timeout.
 */
export async function deleteKyvernoCrds(cluster: Cluster, kc: KubeConfig, confirm: string): Promise<RemovalAnswer> {
  await requireNoAdmissionController(cluster);
  // every CRD's whole schema comes with the list (megabytes with Kyverno's): the delete's timeout, not a read's
  const crds = await listKyvernoCrds(cluster, CRD_DELETE_TIMEOUT_MS);
  if (confirm !== crdConfirmation(crds.length)) {
    throw new AppError(
      'conflict',
      `Refused: "${confirm}" was typed, and the cluster has ${crds.length} of Kyverno's CRDs now: reload, and type "${crdConfirmation(crds.length)}".`,
    );
  }
  return answered(await deleteCrds(writeClients(kc, undefined, CRD_DELETE_TIMEOUT_MS), crds));
}

function answered(d: Deleted): RemovalAnswer {
  const deleted = d.deleted.length ? `Deleted ${d.deleted.join(', ')}` : 'Deleted none';
  return { ...d, done: d.notFound.length ? `${deleted}; NotFound: ${d.notFound.join(', ')}` : deleted };
}
