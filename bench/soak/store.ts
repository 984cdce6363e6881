// What the replicas' shared store recorded during the soak, read straight from PostgreSQL (not through memdash): the
// table's versions in the order they were recorded and in the order they were in force, and the audit records.
import pg from 'pg';
import type { TableData } from './table-writes.ts';

export interface RecordedVersion {
  id: number;
  inForceFrom: string;
  data: TableData | null;
}

async function onStore<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const readVersions = (url: string): Promise<RecordedVersion[]> =>
  onStore(url, async (c) =>
    (
      await c.query<{ id: number; in_force_from: string; data: string | null }>(
        'select id, in_force_from, data from table_versions order by id',
      )
    ).rows.map((r) => ({ id: r.id, inForceFrom: r.in_force_from, data: r.data === null ? null : (JSON.parse(r.data) as TableData) })),
  );

export const countAudit = (url: string, action: string): Promise<{ success: number; other: number }> =>
  onStore(url, async (c) => {
    const rows = (
      await c.query<{ outcome: string; n: string }>('select outcome, count(*) as n from audit_records where action = $1 group by outcome', [
        action,
      ])
    ).rows;
    const success = rows.filter((r) => r.outcome === 'success').reduce((n, r) => n + Number(r.n), 0);
    return { success, other: rows.reduce((n, r) => n + Number(r.n), 0) - success };
  });
