// The JSON of GET /api/fleet and what the fleet page (`/`, with more than one cluster) shows. Types only.
import type { FleetRow, FleetSeverity } from '@/lib/domain/fleet';

export type { FleetRow, FleetSeverity };

/** One cluster's row, with how bad it is (the order and the row's tone go by it). */
export interface FleetRowView extends FleetRow {
  severity: FleetSeverity;
}

export interface FleetView {
  readAt: string;
  /** How long each cluster's row is waited for before it answers with what has not come. */
  deadlineMs: number;
  /** The clusters the asker sees, worst first. */
  rows: FleetRowView[];
}
