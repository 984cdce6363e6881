// The JSON contracts of the table writes: POST /api/table/override, /api/table/restore and its diff.
import type { DiffCounts, TableDiff } from '@/lib/domain';

export interface OverrideDone {
  /** memory-requests-YYYY-MM-DD.json, as the runbook names the saved file. */
  fileName: string;
  /** The saved file's content, for the browser to download. */
  content: string;
  savedVersion: number;
  rows: number;
  job: string;
}

/** Where a restore takes its table from: a recorded version, or a saved file uploaded. */
export type RestoreSource = { versionId: number } | { fileName: string; content: string };

export interface RestorePreview {
  /** Today's table against the saved one: what the restore changes. */
  diff: TableDiff;
  counts: DiffCounts;
  savedRows: number;
  /** What the saved table is: "version 12 (in force from …)" or the file name. */
  label: string;
  /** The file name for the runbook's command. */
  fileName: string;
}

export interface RestoreDone {
  rows: number;
  /** The table's data equals the saved data, key for key and byte for byte. */
  identical: boolean;
}
