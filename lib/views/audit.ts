import 'server-only';
import { z } from 'zod';
import { AppError } from '@/lib/http/errors';
import { historyDb } from '@/lib/history';
import { auditActions, listAudit } from '@/lib/history/audit';
import type { AuditLog } from './audit-types';

const auditParams = z.object({
  action: z
    .string()
    .max(64)
    .regex(/^[a-z0-9.-]+$/, 'an action is written like snapshot.run')
    .optional(),
  outcome: z.enum(['success', 'failure', 'refused']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

/** The audit log, newest first, filtered by action and outcome (?action=&outcome=&limit=). */
export async function readAuditLog(raw: Record<string, string | string[] | undefined>): Promise<AuditLog> {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
  const parsed = auditParams.safeParse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, first(v)])));
  if (!parsed.success)
    throw new AppError('bad-request', `Bad filter (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`);
  const { action, outcome, limit } = parsed.data;
  const db = await historyDb();
  const [records, actions] = await Promise.all([listAudit(db, limit, { action, outcome }), auditActions(db)]);
  return { records, actions, filter: { action: action ?? null, outcome: outcome ?? null } };
}
