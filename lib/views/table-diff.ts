import 'server-only';
import { filterDiff } from '@/lib/domain';
import { AppError } from '@/lib/http/errors';
import type { DiffParams } from '@/lib/http/params';
import { historyDb } from '@/lib/history';
import { diffVersions } from '@/lib/history/reads';
import { listVersions } from '@/lib/history/store';
import type { FilteredDiff } from './table-diff-types';

export type { FilteredDiff };

/** The diff the parameters ask for, or null when fewer than two versions are recorded. */
export async function readDiff(params: DiffParams): Promise<FilteredDiff | null> {
  const db = await historyDb();
  let { from, to } = params;
  if (from === undefined || to === undefined) {
    const versions = await listVersions(db);
    if (versions.length < 2) return null;
    to ??= versions[versions.length - 1]!.id;
    from ??= versions[Math.max(0, versions.findIndex((v) => v.id === to) - 1)]!.id;
  }
  const found = await diffVersions(db, from, to);
  if (!found) throw new AppError('not-found', `No recorded version ${from} or ${to}`);
  return { ...found, filtered: filterDiff(found.diff, { namespace: params.namespace, workload: params.workload }) };
}
