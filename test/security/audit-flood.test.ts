// Issue 31, item 7: writes refused before a credential is read cost their sender nothing; stored one by one they
// flooded the audit log past its newest 1,000, which had no paging. Now they are counted (the store, /metrics), a
// write with a credential keeps its one record, and GET /api/audit pages through everything with its cursor.
// A throwaway copy of the server with a store of its own: the counts and rows here are this file's alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../integration/write-harness';
import { startMemdash, type RunningMemdash } from './server';

const dir = mkdtempSync(join(tmpdir(), 'memdash-audit-flood-'));
const store = join(dir, 'history.sqlite');
let memdash: RunningMemdash;
const base = () => `http://127.0.0.1:${memdash.port}`;

beforeAll(async () => {
  memdash = await startMemdash({ MEMDASH_HISTORY_PATH: store });
});
afterAll(async () => {
  await memdash?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Attempt {
  path: string;
  body: string;
  origin?: string;
  contentType?: string;
  token?: string;
}

function post(a: Attempt): Promise<Response> {
  const headers: Record<string, string> = { origin: a.origin ?? base(), 'content-type': a.contentType ?? 'application/json' };
  if (a.token) headers.authorization = `Bearer ${a.token}`;
  return fetch(`${base()}${a.path}`, { method: 'POST', headers, body: a.body });
}

/** The rows of one table of the server's store, read beside it (WAL: the server keeps writing meanwhile). */
function rowsOf<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(store, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** A sample of the server's /metrics, or 0 when the series is not there. */
async function sample(name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(`${base()}/metrics`)).text();
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && want.every((w) => l.includes(w)));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

interface Log {
  records: Array<{ id: number; at: string; actor: string; action: string; outcome: string }>;
  next: number | null;
  refusals: { total: number; since: string | null; byAction: Array<{ action: string; reason: string; count: number }> };
}
const auditLog = async (query: string) => {
  const answer = await fetch(`${base()}/c/local/api/audit${query}`);
  return { status: answer.status, log: (await answer.json()) as Log };
};

// What a flood sends, with what the test expects each to be refused for: 1,000 in all, none with a read credential
// (a token sent with a foreign Origin or a text body is refused before it is read).
const FLOOD: Array<{ times: number; attempt: Attempt; status: number; action: string; reason: string }> = [
  { times: 400, attempt: { path: '/c/local/api/snapshot/runs', body: '{}' }, status: 401, action: 'snapshot.run', reason: 'unauthorized' },
  {
    times: 200,
    attempt: { path: '/c/local/api/table/restore', body: '{}', origin: 'https://evil.example', token: tokenOf('operator') },
    status: 403,
    action: 'table.restore',
    reason: 'forbidden',
  },
  {
    times: 200,
    attempt: {
      path: '/c/local/api/workloads/shop/web/restart',
      body: 'kind=Deployment',
      contentType: 'text/plain',
      token: tokenOf('operator'),
    },
    status: 415,
    action: 'workload.restart',
    reason: 'unsupported-media-type',
  },
  {
    times: 200,
    attempt: { path: '/c/local/api/table/override', body: '{"confirm":' },
    status: 400,
    action: 'table.override',
    reason: 'bad-request',
  },
];

describe('writes refused before a credential is read', () => {
  it('1,000 of them leave a handful of counted rows, no record each, and counts that add up to 1,000', async () => {
    await auditLog(''); // the store exists from here on
    const recordsBefore = rowsOf<{ n: number }>('select count(*) as n from audit_records')[0]!.n;
    const attempts = FLOOD.flatMap((kind) => Array.from({ length: kind.times }, () => kind));
    for (let i = 0; i < attempts.length; i += 20) {
      const answers = await Promise.all(attempts.slice(i, i + 20).map(async (kind) => ({ kind, answer: await post(kind.attempt) })));
      for (const { kind, answer } of answers)
        expect({ action: kind.action, status: answer.status }).toEqual({ action: kind.action, status: kind.status });
    }

    // Counts are written together per window; reading the audit log writes the open window first, so every
    // refusal answered before it is in the store after it.
    const { log } = await auditLog('');
    expect(rowsOf<{ n: number }>('select count(*) as n from audit_records')[0]!.n).toBe(recordsBefore);
    const counted = rowsOf<{ action: string; reason: string; count: number }>('select action, reason, count from audit_refusals');
    expect(counted.length).toBeLessThanOrEqual(2 * FLOOD.length); // one per action and reason, two if an hour turned
    expect(counted.reduce((n, r) => n + r.count, 0)).toBe(1000);

    expect(log.refusals.total).toBe(1000);
    const byAction = Object.fromEntries(log.refusals.byAction.map((c) => [`${c.action} ${c.reason}`, c.count]));
    expect(byAction).toEqual(Object.fromEntries(FLOOD.map((k) => [`${k.action} ${k.reason}`, k.times])));
    for (const kind of FLOOD)
      expect(await sample('memdash_write_refusals_before_credential_total', { action: kind.action, reason: kind.reason })).toBe(kind.times);
  });

  it('a write with a credential still leaves exactly one record', async () => {
    const before = rowsOf<{ id: number }>('select id from audit_records');
    const answer = await post({ path: '/c/local/api/snapshot/runs', body: '{}', token: tokenOf('viewer') });
    expect(answer.status).toBe(403); // the viewer may not create Jobs: the cluster refused it, nothing ran
    const after = rowsOf<{ actor: string; action: string; outcome: string }>(
      'select actor, action, outcome from audit_records where id > ? order by id',
      before.at(-1)?.id ?? 0,
    );
    expect(after).toEqual([{ actor: 'viewer', action: 'snapshot.run', outcome: 'refused' }]);
  });
});

describe('GET /api/audit pages', () => {
  it('through more than 1,000 records with its cursor, losing and repeating none, newest first', async () => {
    // 2,400 records written beside the server, in runs of four with the same time (a busy millisecond)
    const db = new Database(store, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      const insert = db.prepare(
        "insert into audit_records (cluster, at, actor, action, target, outcome, detail) values ('local', ?, ?, 'table.restore', 'kyverno-prd/configmap/memory-requests', 'refused', null)",
      );
      db.transaction(() => {
        for (let i = 0; i < 2400; i++)
          insert.run(new Date(Date.parse('2026-10-06T10:00:00Z') + Math.floor(i / 4)).toISOString(), `seeded-${i}`);
      })();
    } finally {
      db.close();
    }
    const stored = rowsOf<{ id: number }>('select id from audit_records order by at desc, id desc').map((r) => r.id);
    expect(stored.length).toBeGreaterThan(2400);

    const seen: number[] = [];
    let query = '?limit=1000';
    for (let pages = 0; pages < 10; pages++) {
      const { status, log } = await auditLog(query);
      expect(status).toBe(200);
      expect(log.records.length).toBeLessThanOrEqual(1000);
      seen.push(...log.records.map((r) => r.id));
      if (log.next === null) break;
      query = `?limit=1000&before=${log.next}`;
    }
    expect(seen).toEqual(stored);

    // the same within a filter, in smaller pages
    const restores = rowsOf<{ id: number }>("select id from audit_records where action = 'table.restore' order by at desc, id desc");
    const filtered: number[] = [];
    let next: number | null = null;
    do {
      const { log }: { log: Log } = await auditLog(`?action=table.restore&limit=700${next === null ? '' : `&before=${next}`}`);
      filtered.push(...log.records.map((r) => r.id));
      next = log.next;
    } while (next !== null && filtered.length <= restores.length);
    expect(filtered).toEqual(restores.map((r) => r.id));
  });

  it('refuses a page past 1,000 or a cursor that names no record, saying why', async () => {
    for (const query of ['?limit=1001', '?before=x', '?before=99999999']) {
      const answer = await fetch(`${base()}/c/local/api/audit${query}`);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(/^Bad (filter|cursor)/);
    }
  });
});
