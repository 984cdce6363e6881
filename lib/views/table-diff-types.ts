// What /table/diff renders; GET /api/table/diff answers {from, to, ...filtered}. Types only.
import type { TableDiff } from '@/lib/domain';
import type { VersionDiff } from '@/lib/history/reads';

export interface FilteredDiff extends VersionDiff {
  filtered: TableDiff;
}
