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

/** The table as a page showed it before a write: its rows, and the resourceVersion the write carries. */
export interface TableShown {
  rows: number;
  resourceVersion: string;
}

/** POST /api/table/override: the table's name typed, and the resourceVersion of the table the page showed. */
export interface OverrideBody {
  confirm: string;
  resourceVersion: string;
}

/** Where a restore takes its table from: a recorded version, or a saved file uploaded. */
export type RestoreSource = { versionId: number } | { fileName: string; content: string };

/** POST /api/table/restore: the source, and the resourceVersion of the table its diff was shown against. */
export type RestoreBody = RestoreSource & { resourceVersion: string };

export interface RestorePreview {
  /** Today's table against the saved one: what the restore changes. */
  diff: TableDiff;
  counts: DiffCounts;
  savedRows: number;
  /** What the saved table is: "version 12 (in force from …)" or the file name. */
  label: string;
  /** The file name for the runbook's command. */
  fileName: string;
  /** The resourceVersion of today's table as diffed: the restore's precondition. */
  resourceVersion: string;
}

export interface RestoreDone {
  rows: number;
  /** The table's data equals the saved data, key for key and byte for byte. */
  identical: boolean;
}
