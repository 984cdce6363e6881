// Issue 55, item 7: any `Bearer junk` bought an audit record and a SelfSubjectReview, and writes had no per-client
// budget. Now one client's writes spend MEMDASH_WRITE_LIMIT a minute (429 past it, before the cluster is asked), and
// its 401s of one action within a minute fold into one audit record that counts them. A server of this file's own,
// with a store of its own and a budget of 20.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditWindow, callsBy, UNAUTHENTICATED } from '../audit';
import { ownPageHeaders, sendTo, type Answer } from './http';
import { startMemdash, type RunningMemdash } from './server';

const BUDGET = 20;
const dir = mkdtempSync(join(tmpdir(), 'memdash-write-budget-'));
const store = join(dir, 'history.sqlite');
let memdash: RunningMemdash;

beforeAll(async () => {
  memdash = await startMemdash({ MEMDASH_HISTORY_PATH: store, MEMDASH_WRITE_LIMIT: String(BUDGET) });
});
afterAll(async () => {
  await memdash?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function recordsOf(action: string): Array<{ actor: string; outcome: string; detail: string | null }> {
  const db = new Database(store, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select actor, outcome, detail from audit_records where action = ? order by id').all(action) as never;
  } finally {
    db.close();
  }
}

const junk = (i: number): Promise<Answer> =>
  sendTo(memdash.port, 'POST', '/c/local/api/snapshot/runs', { ...ownPageHeaders(memdash.port), authorization: `Bearer junk-${i}` }, '{}');

describe('50 writes with junk bearers from one client', () => {
  it('are 401 within the budget and 429 past it, with one SelfSubjectReview each within it and one audit record', async () => {
    const cluster = auditWindow();
    const answers: Answer[] = [];
    const started = performance.now();
    for (let i = 0; i < 50; i++) answers.push(await junk(i));
    const took = performance.now() - started;
    const statuses = answers.map((a) => a.status);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
    const refused = statuses.filter((s) => s === 401).length;
    // the budget refills at 20 a minute: one more may pass for each 3 s the 50 took
    expect(refused).toBeGreaterThanOrEqual(BUDGET);
    expect(refused).toBeLessThanOrEqual(BUDGET + Math.ceil(took / 3000));
    expect(statuses.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(401));

    const over = answers.find((a) => a.status === 429)!;
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(over.body)).toEqual({ error: { code: 'too-many-requests', message: expect.stringMatching(/MEMDASH_WRITE_LIMIT/) } });

    // the cluster was asked once for each 401, never for a 429
    const reviews = callsBy(await cluster.calls(), UNAUTHENTICATED).filter(
      (c) => c.resource === 'authentication.k8s.io/selfsubjectreviews',
    );
    expect(reviews.length).toBe(refused);

    const records = recordsOf('snapshot.run');
    expect(records).toEqual([
      {
        actor: 'unknown',
        outcome: 'refused',
        detail: expect.stringMatching(new RegExp(`^Refused ${refused} times from this client from `)),
      },
    ]);
  });
});
