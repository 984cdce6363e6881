// What /table/diff renders; GET /api/table/diff answers {from, to, ...filtered}. Types only.
import type { DiffCounts, DiffPage, TableDiff } from '@/lib/domain';
import type { VersionDiff } from '@/lib/history/reads';

export interface FilteredDiff extends VersionDiff {
  filtered: TableDiff;
}

/** One page of /table/diff: the two versions, the counts of the whole diff and the page's rows of each kind. */
export interface DiffPageView {
  from: VersionDiff['from'];
  to: VersionDiff['to'];
  counts: DiffCounts;
  page: DiffPage;
}
