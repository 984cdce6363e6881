import 'server-only';
import { z } from 'zod';
import { filterDiff } from '@/lib/domain';
import { AppError } from '@/lib/http/errors';
import { namespaceName } from '@/lib/k8s/names';
import { historyDb } from '@/lib/history';
import { diffVersions } from '@/lib/history/reads';
import { listVersions } from '@/lib/history/store';
import type { FilteredDiff } from './table-diff-types';

export type { FilteredDiff };

// /table/diff and its export take the same parameters: two version ids (the last two when absent) and filters.

const diffParams = z.object({
  from: z.coerce.number().int().positive().optional(),
  to: z.coerce.number().int().positive().optional(),
  namespace: namespaceName.optional(),
  workload: z.string().max(253).regex(/^[a-z0-9.-]*$/, 'a workload name fragment is lower-case letters, digits, "-" and "."').optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type DiffParams = z.infer<typeof diffParams>;

export function parseDiffParams(raw: Record<string, string | string[] | undefined>): DiffParams {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
  const parsed = diffParams.safeParse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, first(v)])));
  if (parsed.success) return parsed.data;
  throw new AppError('bad-request', `Bad diff parameters (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`);
}

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
