// The home page's summary. Types only.
import type { TableState } from './webhook-health-types';

export interface HomeSummary {
  /** The API server's version. */
  version: string;
  table: TableState;
  /** Whether the pod webhook's registration is there. */
  registered: boolean;
}
