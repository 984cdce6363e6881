// The JSON of GET /api/lifecycle and of the removal's deletes, shared by the routes and the page. Types only.
import type { AdmissionNow, AdmissionVersion, LifecycleCommands, Part, RegistrationCheck, RemovalState } from '@/lib/domain';
import type { GlobalContextEntryRead, MutatingPolicyRead } from '@/lib/k8s/policy-objects';

export interface LifecycleView {
  readAt: string;
  /** Every Kyverno registration against the owner the runbook expects of it. */
  registrations: Part<RegistrationCheck[]>;
  /** The upgrade check's alarm: the pod webhook's registration without its owner; null when none. */
  alarm: string | null;
  admission: Part<AdmissionNow & { version: AdmissionVersion | null }>;
  /** The ClusterRole that owns the registrations: with it goes what it owns. */
  owner: Part<{ name: string; exists: boolean }>;
  mutatingPolicy: Part<MutatingPolicyRead>;
  globalContextEntry: Part<GlobalContextEntryRead>;
  /** Whether the table is there and loads is everyone's; its rows only theirs who may get it (else null). */
  table: Part<{ exists: boolean; loaded: boolean; rows: number | null }>;
  crds: Part<string[]>;
  /** Null until the registrations, the CRDs and the admission controller are all read. */
  removal: RemovalState | null;
  commands: LifecycleCommands;
  names: { kubectl: string; namespace: string; deployment: string; registration: string; owner: string };
}

/** The answer of a removal delete: what went, what was already gone. */
export interface RemovalAnswer {
  deleted: string[];
  notFound: string[];
  done: string;
}
