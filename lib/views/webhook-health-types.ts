// The JSON of GET /api/webhook, shared by the route, the page and the home panel. Types only: the browser imports it.
import type { AuditFinding, FailedCreateGroup, Part, RegistrationCheck, WebhookState } from '@/lib/domain';
import type { AdmissionPod, AdmissionReplicas, DisruptionBudget } from '@/lib/k8s/admission';
import type { LogTail } from '@/lib/k8s/admission-logs';
import type { OpenIncident } from './incidents-types';
import type { GlobalContextEntryRead, MutatingPolicyRead } from '@/lib/k8s/policy-objects';
import type { SnapshotRun } from '@/lib/k8s/snapshot-runs';

export type { Part };

export interface PodRegistrationView {
  name: string;
  createdAt: string | null;
  owners: string[];
  ownedAsExpected: boolean;
  entries: Array<{
    name: string;
    failurePolicy: string;
    namespaceSelector: string[];
    objectSelector: string[];
    /**
     * The namespaces of the asker's that it covers and skips, and how many of each they may not read (counted, never
     * named); null when the namespaces could not be listed.
     */
    namespaces: { covered: string[]; skipped: string[]; unread: { covered: number; skipped: number } } | null;
  }>;
}

export interface TableState {
  exists: boolean;
  loaded: boolean;
  rows: number | null;
  lastWriteAt: string | null;
}

export interface WebhookHealth {
  readAt: string;
  state: Part<WebhookState>;
  /** null value: the registration is deleted. */
  registration: Part<PodRegistrationView | null>;
  kyvernoRegistrations: Part<RegistrationCheck[]>;
  audit: Part<AuditFinding[]>;
  replicas: Part<AdmissionReplicas | null>;
  pods: Part<AdmissionPod[]>;
  budgets: Part<DisruptionBudget[]>;
  mutatingPolicy: Part<MutatingPolicyRead>;
  globalContextEntry: Part<GlobalContextEntryRead>;
  /** Whether the table is there for everyone; its rows and last write only for those who may get it (else null). */
  table: Part<TableState>;
  snapshotRuns: Part<SnapshotRun[]>;
  failedCreates: Part<FailedCreateGroup[]>;
  /** Refused by a ResourceQuota after Kyverno set the request: not the webhook's refusals. */
  quotaRefusals: Part<FailedCreateGroup[]>;
  /** The names the page shows and fills into commands, from the settings. */
  names: {
    namespace: string;
    deployment: string;
    registration: string;
    entry: string;
    owner: string;
    probeNamespace: string;
    /** The probe's pod name and image (MEMDASH_PROBE_POD, MEMDASH_PROBE_IMAGE): the copied command is the probe that runs. */
    probePod: string;
    probeImage: string;
    kubectl: string;
    podSelector: string;
    /** The label selector of Kyverno's registrations; the break-glass page's names have it too (one kyvernoNames()). */
    managedBySelector: string;
  };
}

export type { AdmissionPod, AdmissionReplicas, DisruptionBudget, GlobalContextEntryRead, LogTail, MutatingPolicyRead, SnapshotRun };

/** The JSON of GET /api/webhook/state: the state alone, what every page's header shows. */
export interface WebhookStateRead {
  readAt: string;
  state: WebhookHealth['state'];
  /** A break-glass or drill not yet closed (null also when the store could not say). */
  openIncident: OpenIncident | null;
}
