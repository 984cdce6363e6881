// What the diff worker (diff-worker.ts) is given and hands back. Types and one constant: the worker loads it too.
import type { DiffCounts, DiffFilter, DiffPage } from '@/lib/domain';
import type { VersionSummary } from '@/lib/history/store';

/** Two stored tables as their JSON text, and how to answer. */
export interface DiffJob {
  from: VersionSummary;
  to: VersionSummary;
  fromText: string | null;
  toText: string | null;
  filter: DiffFilter;
  /** The export as JSON or CSV, or one page of it for /table/diff (a DiffPageBody as JSON). */
  format: 'json' | 'csv' | { page: number; size: number };
}

/** What the worker answers for a page: the counts of the whole diff (unfiltered, as the job counts) and the page. */
export interface DiffPageBody {
  counts: DiffCounts;
  page: DiffPage;
}

/** The body comes back from the worker this many bytes at a time (an empty piece ends it). */
export const DIFF_PIECE_BYTES = 256 * 1024;
