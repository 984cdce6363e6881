// What the diff worker (diff-worker.ts) is given and hands back. Types and one constant: the worker loads it too.
import type { DiffFilter } from '@/lib/domain';
import type { VersionSummary } from './store';

/** Two stored tables as their JSON text, and how to answer. */
export interface DiffJob {
  from: VersionSummary;
  to: VersionSummary;
  fromText: string | null;
  toText: string | null;
  filter: DiffFilter;
  format: 'json' | 'csv';
}

/** The body comes back from the worker this many bytes at a time (an empty piece ends it). */
export const DIFF_PIECE_BYTES = 256 * 1024;
