import 'server-only';
import type { RowConfidence } from '@/lib/domain';
import type { HistoryDb } from './db';
import { storedTime } from './store';

// How sure each row is, as the latest preview measured it: /table and /workloads read it here rather than reading
// 28 days of samples again. A preview replaces every row at once, so a reader sees one preview's figures, whole.

// Rows per insert: 9 values each stays far inside SQLite's and PostgreSQL's bound-parameter limits.
const ROWS_PER_INSERT = 500;

export interface KeptConfidence {
  /** When the preview's window ended; null when no preview has been kept. */
  computedAt: string | null;
  rows: Map<string, RowConfidence>;
}

/** Replaces the kept figures of `db`'s cluster with one preview's. */
export async function keepRowConfidence(
  db: HistoryDb,
  confidence: Readonly<Record<string, RowConfidence>>,
  computedAt: string,
): Promise<void> {
  const at = storedTime(computedAt);
  const rows = Object.entries(confidence).map(([key, c]) => ({
    cluster: db.cluster,
    row_key: key,
    pods: c.pods,
    span_seconds: c.spanSeconds,
    samples: c.samples,
    p90_mi: c.p90Mi,
    hottest_pod: c.hottestPod,
    hottest_p90_mi: c.hottestP90Mi,
    max_mi: c.maxMi,
    computed_at: at,
  }));
  await db.kysely.transaction().execute(async (tx) => {
    await tx.deleteFrom('row_confidence').where('cluster', '=', db.cluster).execute();
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
      await tx
        .insertInto('row_confidence')
        .values(rows.slice(i, i + ROWS_PER_INSERT))
        .execute();
  });
}

/** The kept figures of every row. */
export async function readRowConfidence(db: HistoryDb): Promise<KeptConfidence> {
  const stored = await db.kysely.selectFrom('row_confidence').selectAll().where('cluster', '=', db.cluster).execute();
  const rows = new Map<string, RowConfidence>();
  let computedAt: string | null = null;
  for (const r of stored) {
    computedAt ??= r.computed_at;
    rows.set(r.row_key, {
      pods: r.pods,
      spanSeconds: r.span_seconds,
      samples: r.samples,
      p90Mi: r.p90_mi,
      hottestPod: r.hottest_pod,
      hottestP90Mi: r.hottest_p90_mi,
      maxMi: r.max_mi,
    });
  }
  return { computedAt, rows };
}
