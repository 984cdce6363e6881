import type { TableVersion } from './table-history';

// A workload's rows across the recorded versions: most versions change other workloads' rows, so a workload's own
// read the same for many versions in a row. One line per run of identical values says when its rows changed.

/** One run of consecutive versions in which a workload's rows read the same. */
export interface RowRun {
  /** The run's first version: from when these values were in force. */
  first: TableVersion;
  /** The run's last version (the first itself for a run of one). */
  last: TableVersion;
  versions: number;
  /** One value per key: the row's value, "—" when the version has no such row, "no table" when it had no data. */
  values: string[];
  /** Whether the version came from an import (any of the run's). */
  imported: boolean;
}

/** The runs, newest first, from versions oldest first (as the store lists them). */
export function rowRuns(versions: readonly TableVersion[], keys: readonly string[]): RowRun[] {
  const runs: RowRun[] = [];
  for (const v of versions) {
    const values = keys.map((k) => (v.data === null ? 'no table' : (v.data[k] ?? '—')));
    const open = runs.at(-1);
    if (open && open.values.every((value, i) => value === values[i])) {
      open.last = v;
      open.versions += 1;
      open.imported ||= v.source === 'import';
    } else runs.push({ first: v, last: v, versions: 1, values, imported: v.source === 'import' });
  }
  return runs.reverse();
}
