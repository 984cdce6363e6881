// The JSON contract of GET /api/table/confidence and the pod page's rows: how sure each row is. Types only.
import type { PackedConfidence, Part, RowConfidence } from '@/lib/domain';

/** The latest preview's figures, cut to the namespaces the asker may see. */
export interface KeptConfidenceAnswer {
  /** When the preview's window ended; null when no preview has measured any row yet. */
  computedAt: string | null;
  /** Row key → its figures (lib/domain unpackConfidence). */
  rows: Record<string, PackedConfidence>;
}

/** One workload's rows measured straight from Prometheus: container → its figures, null without samples. */
export type WorkloadConfidence = Part<{ containers: Record<string, RowConfidence | null> }>;
