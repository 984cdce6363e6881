// The JSON of GET /api/break-glass, GET /api/break-glass/pods-created and the step routes. Types only: the browser
// imports it.
import type {
  BreakGlassProgress,
  Part,
  CreatedMeanwhileGroup,
  DrillProgress,
  FailedCreateGroup,
  GapWindow,
  ProbeAnswer,
  ProbeOutcome,
  WebhookState,
} from '@/lib/domain';
import type { OpenIncident } from './incidents-types';

export interface BreakGlassNamesView {
  namespace: string;
  deployment: string;
  registration: string;
  entry: string;
  owner: string;
  managedBySelector: string;
  podSelector: string;
  probeNamespace: string;
  /** The probe pod's name (MEMDASH_PROBE_POD). */
  probePod: string;
}

export interface BreakGlassCommandsView {
  scaleDown: string;
  waitPods: string;
  deleteRegistrations: string;
  probe: string;
  scaleUp: string;
  checkRegistration: string;
  saveRegistration: string;
  createSaved: string;
}

export interface BreakGlassView {
  readAt: string;
  /** What /webhook reads: the state from the Deployment and the registration, and the refused creates. */
  evidence: {
    state: Part<WebhookState>;
    failedCreates: Part<FailedCreateGroup[]>;
    /** Refused by a ResourceQuota after Kyverno set the request: not evidence against the webhook. */
    quotaRefusals: Part<FailedCreateGroup[]>;
    /** The last probe memdash recorded (a step's), if any. */
    lastProbe: { at: string; outcome: ProbeOutcome } | null;
  };
  /** The steps; fails as one part when the cluster or the history store cannot be read. */
  progress: Part<BreakGlassProgress>;
  deployment: { desired: number; ready: number } | null;
  podsLeft: Array<{ name: string; node: string | null; terminating: boolean }>;
  /** Kyverno's registrations standing now: what the delete will take. */
  registrations: string[];
  /** When pods began to be admitted without Kyverno, as recorded; null when nothing was recorded. */
  gap: { since: string; source: 'recorded-gap' | 'recorded-deletion' } | null;
  waitTimeoutMs: number;
  commands: BreakGlassCommandsView;
  /** The control-plane fallback per node: restoring pod creation, and bringing Kyverno back, never in one block. */
  fallback: Array<{ node: string; restore: string[]; bringBack: string[] }>;
  names: BreakGlassNamesView;
  /** The break-glass or drill still open, as /incidents has it (null also when the store could not say). */
  openIncident: OpenIncident | null;
}

export interface DrillView {
  readAt: string;
  progress: Part<DrillProgress>;
  deployment: { desired: number; ready: number } | null;
  podsLeft: Array<{ name: string; node: string | null; terminating: boolean }>;
  registrations: string[];
  podRegistration: { entry: boolean; owner: boolean } | null;
  /** The registration the drill saved, as the runbook's jq keeps it; null before a save. */
  saved: { at: string; registration: object } | null;
  defaultReplicas: number;
  commands: BreakGlassCommandsView;
  names: BreakGlassNamesView;
}

export interface PodsCreatedView {
  since: string;
  /** The last recorded gap's end: pods created after it went through Kyverno. null while it lasts, or for a typed SINCE. */
  until: string | null;
  /** Each gap listed (the last incident's every one), oldest first; one from a typed SINCE. */
  gaps: GapWindow[];
  source: 'typed' | 'recorded-gap' | 'recorded-deletion';
  groups: CreatedMeanwhileGroup[];
  /** The runbook's SINCE listing, filled in. */
  command: string;
  /** What these verdicts cannot know (the registration's selectors while it is deleted). */
  limits: string[];
}

/** What a step route answers. */
export interface StepAnswer {
  step: string;
  /** One line: what the cluster did. */
  done: string;
  probe?: ProbeAnswer;
  replicas?: { before: number; after: number; changed: boolean };
  deleted?: string[];
}

export interface RestartAnswer {
  namespace: string;
  kind: string;
  name: string;
  restartedAt: string;
}
