import 'server-only';
import { AppError } from '@/lib/errors';
import type { AuditSearch } from '@/lib/http/params';
import type { Cluster } from '@/lib/cluster/cluster';
import { auditActions, auditCursor, listAudit, refusalCounts } from '@/lib/history/audit';
import type { AuditLog, AuditRefusals } from './audit-types';

/** The audit log, newest first, filtered by action and outcome and paged (?action=&outcome=&before=&limit=). */
export async function readAuditLog(cluster: Cluster, { action, outcome, before, limit }: AuditSearch): Promise<AuditLog> {
  const db = await cluster.history();
  const cursor = before === undefined ? undefined : await auditCursor(db, before);
  if (cursor === null) throw new AppError('bad-request', `Bad cursor (before: there is no audit record ${before})`);
  // The refusals counted are all refused: a filter on another outcome leaves none of them.
  const countsWanted = outcome === undefined || outcome === 'refused';
  const [page, actions, counts] = await Promise.all([
    listAudit(db, limit + 1, { action, outcome, before: cursor }),
    auditActions(db),
    countsWanted ? refusalCounts(db, { action }) : Promise.resolve(null),
  ]);
  const records = page.slice(0, limit);
  return {
    records,
    next: page.length > limit ? records.at(-1)!.id : null,
    refusals: counts && refusalsOf(counts),
    actions,
    filter: { action: action ?? null, outcome: outcome ?? null, before: before ?? null, limit },
  };
}

function refusalsOf(byAction: AuditRefusals['byAction']): AuditRefusals {
  const since = byAction.reduce<string | null>((first, c) => (first === null || c.firstAt < first ? c.firstAt : first), null);
  return { total: byAction.reduce((n, c) => n + c.count, 0), since, byAction };
}
