import 'server-only';
import { CoordinationV1Api, V1MicroTime, type KubeConfig, type V1Lease } from '@kubernetes/client-node';
import type { LeaseFacts } from '@/lib/domain';
import { FIELD_MANAGER, clientsFor, readOrNull } from './client';

// The recorder's Lease (MEMDASH_RECORDER_LEASE): read, create, and replace with its resourceVersion, so that two
// replicas writing at once cannot both win (the second gets a 409 and follows).

export interface LeaseRef {
  namespace: string;
  name: string;
  /** The cluster it is held in, for the recorder's gauge on GET /metrics. */
  cluster?: string;
}

export interface ReadLease {
  facts: LeaseFacts;
  object: V1Lease;
}

function api(kc: KubeConfig): CoordinationV1Api {
  return clientsFor(kc).coordination;
}

export async function readLease(kc: KubeConfig, ref: LeaseRef): Promise<ReadLease | null> {
  const lease = await readOrNull(() => api(kc).readNamespacedLease(ref));
  if (!lease) return null;
  const spec = lease.spec ?? {};
  return {
    object: lease,
    facts: {
      holder: spec.holderIdentity || null,
      renewedAt: spec.renewTime ? new Date(spec.renewTime).toISOString() : null,
      durationSeconds: spec.leaseDurationSeconds ?? null,
    },
  };
}

export async function createLease(kc: KubeConfig, ref: LeaseRef, holder: string, durationSeconds: number): Promise<void> {
  const now = new V1MicroTime();
  await api(kc).createNamespacedLease({
    namespace: ref.namespace,
    body: {
      metadata: { name: ref.name, namespace: ref.namespace },
      spec: { holderIdentity: holder, leaseDurationSeconds: durationSeconds, acquireTime: now, renewTime: now, leaseTransitions: 0 },
    },
    fieldManager: FIELD_MANAGER,
  });
}

/** Renews (same holder) or takes over (another holder) the lease as read; a 409 means someone wrote it meanwhile. */
export async function writeLease(kc: KubeConfig, ref: LeaseRef, read: V1Lease, holder: string, durationSeconds: number): Promise<void> {
  const now = new V1MicroTime();
  const spec = read.spec ?? {};
  const taking = spec.holderIdentity !== holder;
  await api(kc).replaceNamespacedLease({
    ...ref,
    body: {
      ...read,
      spec: {
        ...spec,
        holderIdentity: holder,
        leaseDurationSeconds: durationSeconds,
        renewTime: now,
        ...(taking ? { acquireTime: now, leaseTransitions: (spec.leaseTransitions ?? 0) + 1 } : {}),
      },
    },
    fieldManager: FIELD_MANAGER,
  });
}
