// The JSON contract of the next table's fit: the preview's `fit`, and the panels on the home and workload pages.
// Types only.
import type { FitReport, Part } from '@/lib/domain';

/** Which table the fit is of: the preview's last result, or today's table against the pods' requests now. */
export type FitSource = { kind: 'preview'; computedAt: string } | { kind: 'today'; lastWriteAt: string | null };

export interface FitView {
  source: FitSource;
  report: FitReport;
  /** The asker reads a part of the cluster: the report's lists are of the namespaces they may read. */
  partial: boolean;
  /** How long the fit took, reads included (ms). */
  tookMs: number;
}

export type FitPart = Part<FitView>;
