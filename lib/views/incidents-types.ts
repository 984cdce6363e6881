// The JSON of GET /api/incidents and GET /api/incidents/{id} (and the page's props). Types only: the browser imports it.
import type { CreatedMeanwhileGroup, FollowUp, Incident, IncidentKind, Part } from '@/lib/domain';

/** One line of the list. */
export interface IncidentSummary {
  id: string;
  kind: IncidentKind;
  open: boolean;
  startedAt: string;
  closedAt: string | null;
  closedHow: Incident['closedHow'];
  restoredAt: string | null;
  backAt: string | null;
  timeToRestoreMs: number | null;
  timeToBringBackMs: number | null;
  /** How many timeline entries memdash only infers. */
  inferred: number;
}

export interface IncidentsView {
  readAt: string;
  /** Newest first, from the records of the last RECORDS_DAYS days. */
  incidents: IncidentSummary[];
  recordsDays: number;
  /** Whether the FailedCreate events could be read (the first refused creates come from them). */
  events: Part<null>;
}

export interface IncidentView {
  readAt: string;
  incident: Incident;
  /** The covered pods created while the registration was gone that still run, by workload. */
  pods: Part<CreatedMeanwhileGroup[]>;
  /** The pods' groups restarted since (their audit target). */
  restarted: string[];
  followUps: FollowUp[];
  events: Part<null>;
}

/** The header's and the break-glass page's word on an incident still open. */
export interface OpenIncident {
  id: string;
  kind: IncidentKind;
  openedAt: string;
}
