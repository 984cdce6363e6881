import { describe, expect } from 'vitest';
import { it } from './__fixtures__/store';
import { auditActions, auditCursor, listAudit, recordAudit, refusalCounts, type AuditRecord } from './audit';
import { endedSessions, recordEndedSession } from './ended-sessions';
import { countRefusal } from './refusal-tally';
import { migrate, openHistoryDb, type HistoryDb } from './db';
import { MIGRATIONS_BEFORE_CLUSTERS } from './migrations';
import {
  lastDesiredReplicas,
  listRegistrationObservations,
  readCursor,
  recordRegistration,
  recordReplicas,
  writeCursor,
} from './observations';
import { listSnapshots, recordedStamp } from './reads';
import { contentHash, importSavedTable, importsHeld, listVersions, readVersion, recordTableVersion, rowsOverTime } from './store';

// The store on a real SQLite file (in the postgres group, a real PostgreSQL database: test/stores.ts), one a test
// (__fixtures__/store.ts): migrations, and the idempotence the recorder relies on.

const A = { shop_web_app: '300Mi', shop_web_nginx: '24Mi' };
const B = { shop_web_app: '450Mi', shop_web_nginx: '24Mi' };
const seen = (data: Record<string, string> | null, rv: string, at: string, writtenAt: string | null = null) => ({
  data: data ?? undefined,
  resourceVersion: rv,
  seenAt: new Date(at),
  writtenAt,
});

describe('migrations', () => {
  it('create the schema once and run again as a no-op', async ({ db, store }) => {
    expect(await migrate(db.kysely, db.cluster)).toEqual([]);
    const again = await openHistoryDb(store.location, db.cluster);
    expect(await listVersions(again)).toEqual([]);
    await again.kysely.destroy();
  });
});

describe('table versions', () => {
  it('stores each distinct version once, in order, even when seen again or by a second recorder', async ({ db }) => {
    expect(await recordTableVersion(db, seen(A, '10', '2026-10-01T04:15:31Z', '2026-10-01T04:15:30Z'))).toBe('recorded');
    expect(await recordTableVersion(db, seen(A, '10', '2026-10-01T04:15:31.500Z'))).toBe('unchanged'); // second recorder
    expect(await recordTableVersion(db, seen(A, '11', '2026-10-01T05:00:00Z'))).toBe('unchanged'); // metadata-only change
    expect(await recordTableVersion(db, seen(B, '12', '2026-10-02T04:15:31Z'))).toBe('recorded');
    expect(await recordTableVersion(db, seen(null, '13', '2026-10-03T09:00:00Z'))).toBe('recorded');
    expect(await recordTableVersion(db, seen(A, '14', '2026-10-03T09:05:00Z'))).toBe('recorded'); // restored
    expect(await recordTableVersion(db, seen(A, '10', '2026-10-03T09:06:00Z'))).toBe('unchanged'); // a late replay
    const versions = await listVersions(db);
    expect(versions.map((v) => [v.inForceFrom, v.rows])).toEqual([
      ['2026-10-01T04:15:30.000Z', 2],
      ['2026-10-02T04:15:31.000Z', 2],
      ['2026-10-03T09:00:00.000Z', 0],
      ['2026-10-03T09:05:00.000Z', 2],
    ]);
    expect((await readVersion(db, versions[2]!.id))?.data).toBeNull();
    expect((await readVersion(db, versions[1]!.id))?.data).toEqual(B);
  });

  // managedFields moves a manager's time only when its own fields change: these are the writes that keep it still.
  describe('follows the ConfigMap write by write, whatever managedFields says', () => {
    const inForce = async (db: HistoryDb) => {
      const versions = await listVersions(db);
      return { last: versions.at(-1)!, data: (await readVersion(db, versions.at(-1)!.id))?.data, count: versions.length };
    };

    it('records A again after B when the first manager writes its rows back: in force from the sighting, last', async ({ db }) => {
      await recordTableVersion(db, seen(A, '10', '2026-10-01T10:00:00.400Z', '2026-10-01T10:00:00Z')); // manager 1
      await recordTableVersion(db, seen(B, '11', '2026-10-01T10:20:00.300Z', '2026-10-01T10:20:00Z')); // manager 2
      // manager 1 puts back its rows as they were: its time did not move, and manager 2's entry is gone with its row
      expect(await recordTableVersion(db, seen(A, '12', '2026-10-01T10:40:00.200Z', '2026-10-01T10:00:00Z'))).toBe('recorded');
      const now = await inForce(db);
      expect([now.count, now.last.inForceFrom, now.data]).toEqual([3, '2026-10-01T10:40:00.200Z', A]);
      const ids = (await listVersions(db)).map((v) => v.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y)); // listed in the order written
    });

    it('records a return to earlier content (A, B, A, B) as new versions, in the order written', async ({ db }) => {
      const times = ['2026-10-01T10:00:00.400Z', '2026-10-01T10:00:01.400Z', '2026-10-01T10:00:02.400Z', '2026-10-01T10:00:03.400Z'];
      const results = [];
      for (const [i, data] of [A, B, A, B].entries()) {
        results.push(await recordTableVersion(db, seen(data, String(20 + i), times[i]!, '2026-10-01T10:00:00Z')));
      }
      expect(results).toEqual(['recorded', 'recorded', 'recorded', 'recorded']);
      const versions = await listVersions(db);
      expect(versions.map((v) => v.inForceFrom)).toEqual(['2026-10-01T10:00:00.000Z', ...times.slice(1)]);
      expect((await inForce(db)).data).toEqual(B);
    });

    it('records a restore of content an earlier version had, even when that one was dated after it', async ({ db }) => {
      await recordTableVersion(db, seen(A, '30', '2026-10-01T10:00:00.400Z', '2026-10-01T10:00:00Z'));
      await recordTableVersion(db, seen(B, '31', '2026-10-01T10:20:00.300Z', '2026-10-01T10:20:00Z'));
      await recordTableVersion(db, seen(A, '32', '2026-10-01T10:40:00.200Z', '2026-10-01T10:00:00Z'));
      await recordTableVersion(db, seen(B, '33', '2026-10-01T11:00:00.100Z', '2026-10-01T10:20:00Z')); // a restore of B
      const now = await inForce(db);
      expect([now.count, now.data, now.last.inForceFrom]).toEqual([4, B, '2026-10-01T11:00:00.100Z']);
    });

    it('stores no version for a write that changes nothing in data, nor for a late replay', async ({ db }) => {
      await recordTableVersion(db, seen(A, '40', '2026-10-01T10:00:00.400Z', '2026-10-01T10:00:00Z'));
      await recordTableVersion(db, seen(B, '41', '2026-10-01T10:20:00.300Z', '2026-10-01T10:20:00Z'));
      expect(await recordTableVersion(db, seen(B, '42', '2026-10-01T10:30:00Z', '2026-10-01T10:20:00Z'))).toBe('unchanged');
      expect(await recordTableVersion(db, seen(A, '40', '2026-10-01T10:31:00Z', '2026-10-01T10:00:00Z'))).toBe('unchanged');
      expect((await inForce(db)).count).toBe(2);
    });

    it('dates a change seen on a clock behind the version in force no earlier than that version', async ({ db }) => {
      await recordTableVersion(db, seen(A, '50', '2026-10-01T10:00:05.000Z'));
      await recordTableVersion(db, seen(B, '51', '2026-10-01T10:00:04.000Z'));
      expect((await listVersions(db)).map((v) => [v.inForceFrom, v.rows])).toEqual([
        ['2026-10-01T10:00:05.000Z', 2],
        ['2026-10-01T10:00:05.000Z', 2],
      ]);
      expect((await inForce(db)).data).toEqual(B);
    });

    it('stores nothing for a state seen before one the store holds (a new Lease holder replaying what it held)', async ({ db }) => {
      await recordTableVersion(db, seen(A, '70', '2026-10-01T10:00:00.400Z'));
      await recordTableVersion(db, seen(B, '72', '2026-10-01T10:00:02.400Z'));
      // rv 71 changed only metadata: the old holder stored nothing for it; the new one replays it, and 72 after it
      const replayed = { ...seen(A, '71', '2026-10-01T10:00:01.500Z'), seenAfter: ['72'] };
      expect(await recordTableVersion(db, replayed)).toBe('unchanged');
      expect(await recordTableVersion(db, { ...seen(B, '72', '2026-10-01T10:00:02.500Z'), seenAfter: [] })).toBe('unchanged');
      expect((await inForce(db)).data).toEqual(B);
      // a state after all the store holds is a version, whatever was seen after it meanwhile and not stored
      expect(await recordTableVersion(db, { ...seen(A, '73', '2026-10-01T10:00:03.500Z'), seenAfter: ['74'] })).toBe('recorded');
    });

    it('never lets an import dated later change which recorded version is in force next', async ({ db }) => {
      await recordTableVersion(db, seen(A, '60', '2026-10-01T10:00:00.400Z', '2026-10-01T10:00:00Z'));
      const saved = { data: B, takenAt: '2026-10-01T12:00:00Z', takenAtSource: 'file-name' as const, rows: 2 };
      await importSavedTable(db, saved, 'memory-requests-2026-10-01.json', new Date('2026-10-01T12:30:00Z'));
      // the recorder sees A again... as it is: no change, whatever the import says
      expect(await recordTableVersion(db, seen(A, '61', '2026-10-01T13:00:00Z', '2026-10-01T10:00:00Z'))).toBe('unchanged');
      expect(await recordTableVersion(db, seen(B, '62', '2026-10-01T13:10:00.500Z', '2026-10-01T10:00:00Z'))).toBe('recorded');
      const watched = (await listVersions(db)).filter((v) => v.source === 'watch');
      expect(watched.map((v) => v.inForceFrom)).toEqual(['2026-10-01T10:00:00.000Z', '2026-10-01T13:10:00.500Z']);
    });
  });

  it('dates again, on migrating, the versions an earlier recorder put in force before the ones they replaced', async ({ db }) => {
    const stored = (id: number, data: typeof A, from: string, seenAt: string, writtenAt: string) => ({
      cluster: db.cluster,
      content_hash: contentHash(data),
      data: JSON.stringify(data),
      rows: 2,
      in_force_from: from,
      seen_at: seenAt,
      written_at: writtenAt,
      origin: `rv:${id}`,
      source: 'watch' as const,
      label: null,
    });
    // as the recorder stored them before: the third dated by manager 1's unmoved time
    await db.kysely
      .insertInto('table_versions')
      .values([
        stored(1, A, '2026-10-01T10:00:00.000Z', '2026-10-01T10:00:00.400Z', '2026-10-01T10:00:00.000Z'),
        stored(2, B, '2026-10-01T10:20:00.000Z', '2026-10-01T10:20:00.300Z', '2026-10-01T10:20:00.000Z'),
        stored(3, A, '2026-10-01T10:00:00.000Z', '2026-10-01T10:40:00.200Z', '2026-10-01T10:00:00.000Z'),
      ])
      .execute();
    await MIGRATIONS_BEFORE_CLUSTERS['0003_in_force_order']!.up(db.kysely);
    const versions = await listVersions(db);
    expect(versions.map((v) => [v.inForceFrom, v.seenAt])).toEqual([
      ['2026-10-01T10:00:00.000Z', '2026-10-01T10:00:00.400Z'],
      ['2026-10-01T10:20:00.000Z', '2026-10-01T10:20:00.300Z'],
      ['2026-10-01T10:40:00.200Z', '2026-10-01T10:40:00.200Z'],
    ]);
    expect((await readVersion(db, versions.at(-1)!.id))?.data).toEqual(A);
  });

  it('hashes content independently of key order', () => {
    expect(contentHash({ b: '1Mi', a: '2Mi' })).toBe(contentHash({ a: '2Mi', b: '1Mi' }));
    expect(contentHash(null)).not.toBe(contentHash({}));
  });

  it("reads a workload's rows over time without the rest of the table", async ({ db }) => {
    await recordTableVersion(db, seen(A, '1', '2026-10-01T00:00:00Z'));
    await recordTableVersion(db, seen(null, '2', '2026-10-02T00:00:00Z'));
    await recordTableVersion(db, seen({ 'a.b_c-d_e': '5Mi' }, '3', '2026-10-03T00:00:00Z'));
    const rows = await rowsOverTime(db, ['shop_web_app', 'a.b_c-d_e']);
    expect(rows.map((r) => r.data)).toEqual([{ shop_web_app: '300Mi' }, null, { 'a.b_c-d_e': '5Mi' }]);
  });
});

describe('imports', () => {
  it('stores a saved table as a dated version once, however often it is imported', async ({ db }) => {
    const saved = { data: A, takenAt: '2026-09-01T00:00:00Z', takenAtSource: 'file-name' as const, rows: 2 };
    const first = await importSavedTable(db, saved, 'memory-requests-2026-09-01.json', new Date());
    const second = await importSavedTable(db, saved, 'memory-requests-2026-09-01.json', new Date());
    expect(first.created).toBe(true);
    expect(second).toEqual({ versionId: first.versionId, created: false });
    const versions = await listVersions(db);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      source: 'import',
      label: 'memory-requests-2026-09-01.json',
      inForceFrom: '2026-09-01T00:00:00.000Z',
    });
  });
});

describe('the cap on imports', () => {
  const table = (n: number) => ({
    data: { shop_web_app: `${n}Mi` },
    takenAt: `2026-09-0${n}T00:00:00Z`,
    takenAtSource: 'file-name' as const,
    rows: 1,
  });
  // the stored data of one of them, as the store holds it: {"shop_web_app":"1Mi"}
  const bytesOfOne = JSON.stringify({ shop_web_app: '1Mi' }).length;

  it('stores no import past the count, says what the store holds, and still answers a file it holds', async ({ db }) => {
    const cap = { imports: 2, bytes: 1_000_000 };
    expect(await importSavedTable(db, table(1), 'a.json', new Date(), cap)).toMatchObject({ created: true });
    const second = await importSavedTable(db, table(2), 'b.json', new Date(), cap);
    expect(second).toMatchObject({ created: true });
    expect(await importSavedTable(db, table(3), 'c.json', new Date(), cap)).toEqual({ full: { imports: 2, bytes: 2 * bytesOfOne } });
    expect(await importSavedTable(db, table(2), 'b.json', new Date(), cap)).toEqual({ ...second, created: false });
    expect((await listVersions(db)).map((v) => v.label)).toEqual(['a.json', 'b.json']);
  });

  it('stores no import past the bytes, and counts neither recorded versions nor the override’s uncapped save', async ({ db }) => {
    await recordTableVersion(db, seen({ shop_web_app: '9Mi', shop_web_nginx: '9Mi' }, '1', '2026-10-01T00:00:00Z'));
    await importSavedTable(db, table(1), 'saved-by-the-override.json', new Date());
    expect(await importsHeld(db)).toEqual({ imports: 1, bytes: bytesOfOne });
    const cap = { imports: 10, bytes: 2 * bytesOfOne };
    expect(await importSavedTable(db, table(2), 'b.json', new Date(), cap)).toMatchObject({ created: true });
    expect(await importSavedTable(db, table(3), 'c.json', new Date(), cap)).toEqual({ full: { imports: 2, bytes: 2 * bytesOfOne } });
  });
});

describe('the list of versions', () => {
  it('counts a recorded version against the recorded one before it, never against an import in between', async ({ db }) => {
    await recordTableVersion(db, seen(A, '1', '2026-10-01T00:00:00Z'));
    const between = { data: { other_web_app: '1Mi' }, takenAt: '2026-10-02T00:00:00Z', takenAtSource: 'file-name' as const, rows: 1 };
    await importSavedTable(db, between, 'memory-requests-2026-10-02.json', new Date());
    await recordTableVersion(db, seen(B, '2', '2026-10-03T00:00:00Z'));
    const [newest, imported, oldest] = await listSnapshots(db);
    expect([newest!.source, imported!.source, oldest!.source]).toEqual(['watch', 'import', 'watch']);
    expect(newest).toMatchObject({ before: oldest!.id, counts: { new: 0, gone: 0, changed: 1 } });
    expect(imported).toMatchObject({ before: oldest!.id, counts: { new: 1, gone: 2, changed: 0 } });
    expect(oldest).toMatchObject({ before: null, counts: null });
  });
});

describe('registration and replicas', () => {
  const observation = {
    present: true,
    uid: 'u1',
    createdAt: '2026-09-01T00:00:00Z',
    failurePolicy: 'Fail',
    owner: 'ClusterRole/kyverno-prd:webhook',
    live: true,
  };
  // the registration deleted: nothing of it is left to see
  const absent = { ...observation, present: false, uid: null, createdAt: null, failurePolicy: null, owner: null };

  it('stores a state only when it differs from the newest', async ({ db }) => {
    expect(await recordRegistration(db, { ...observation, at: '2026-10-01T00:00:00Z' })).toBe('recorded');
    expect(await recordRegistration(db, { ...observation, at: '2026-10-01T00:01:00Z' })).toBe('unchanged');
    expect(await recordRegistration(db, { ...absent, at: '2026-10-01T01:00:00Z' })).toBe('recorded');
    expect(await recordRegistration(db, { ...absent, at: '2026-10-01T01:00:01Z' })).toBe('unchanged');
    expect(await recordRegistration(db, { ...observation, uid: 'u2', at: '2026-10-01T02:00:00Z' })).toBe('recorded');
    const stored = await listRegistrationObservations(db);
    expect(stored.map((o) => [o.present, o.uid])).toEqual([
      [true, 'u1'],
      [false, null],
      [true, 'u2'],
    ]);
    expect(stored[0]).toMatchObject({ live: true, failurePolicy: 'Fail', createdAt: '2026-09-01T00:00:00.000Z' });
  });

  it('stores replicas on change, and cursors by name', async ({ db }) => {
    expect(await recordReplicas(db, { at: '2026-10-01T00:00:00Z', ready: 3, desired: 3 })).toBe('recorded');
    expect(await recordReplicas(db, { at: '2026-10-01T00:00:10Z', ready: 3, desired: 3 })).toBe('unchanged');
    expect(await recordReplicas(db, { at: '2026-10-01T00:00:20Z', ready: null, desired: null })).toBe('recorded');
    expect(await readCursor(db, 'x')).toBeNull();
    await writeCursor(db, 'x', '41', new Date());
    await writeCursor(db, 'x', '42', new Date());
    expect(await readCursor(db, 'x')).toBe('42');
  });

  it('remembers the last count above zero the controller was scaled to, through a scale-down to zero', async ({ db }) => {
    expect(await lastDesiredReplicas(db)).toBeNull();
    await recordReplicas(db, { at: '2026-10-02T00:00:00Z', ready: 5, desired: 5 });
    await recordReplicas(db, { at: '2026-10-02T00:01:00Z', ready: 2, desired: 0 });
    await recordReplicas(db, { at: '2026-10-02T00:02:00Z', ready: 0, desired: 0 });
    expect(await lastDesiredReplicas(db)).toBe(5);
    await recordReplicas(db, { at: '2026-10-02T00:03:00Z', ready: 0, desired: 2 });
    expect(await lastDesiredReplicas(db)).toBe(2);
  });
});

describe("the store's stamp (what the lists' kept verdicts are judged against)", () => {
  it('changes when a version or a registration state is recorded, and only then', async ({ db }) => {
    const stamps = [await recordedStamp(db)];
    const next = async () => {
      stamps.push(await recordedStamp(db));
      return stamps.at(-1) === stamps.at(-2) ? 'same' : 'changed';
    };
    await recordTableVersion(db, seen(A, '10', '2026-10-01T04:15:31Z'));
    expect(await next()).toBe('changed');
    await recordTableVersion(db, seen(A, '11', '2026-10-01T05:00:00Z')); // unchanged: nothing recorded
    expect(await next()).toBe('same');
    const observation = { present: false, uid: null, createdAt: null, failurePolicy: null, owner: null, live: true };
    await recordRegistration(db, { ...observation, at: '2026-10-01T06:00:00Z' });
    expect(await next()).toBe('changed');
    await recordRegistration(db, { ...observation, at: '2026-10-01T06:01:00Z' }); // the same state again
    expect(await next()).toBe('same');
    await recordTableVersion(db, seen(B, '12', '2026-10-02T04:15:31Z'));
    expect(await next()).toBe('changed');
    expect(new Set(stamps).size).toBe(4);
  });
});

describe('audit records', () => {
  it('keeps who, what, target, outcome and when, newest first', async ({ db }) => {
    await recordAudit(db, {
      at: '2026-10-01T00:00:00Z',
      actor: 'alice',
      action: 'run-snapshot',
      target: 'kyverno-prd/memory-snapshot',
      outcome: 'success',
      detail: null,
    });
    await recordAudit(db, {
      at: '2026-10-01T01:00:00Z',
      actor: 'bob',
      action: 'break-glass',
      target: 'kyverno-prd',
      outcome: 'refused',
      detail: 'forbidden',
    });
    expect((await listAudit(db)).map((r) => r.actor)).toEqual(['bob', 'alice']);
  });

  it('keeps who was signed in and which credential wrote, and leaves both out when there was none', async ({ db }) => {
    const write = { action: 'snapshot.run', target: 'kyverno-prd/cronjob/memory-snapshot', outcome: 'success' as const, detail: null };
    await recordAudit(db, { ...write, at: '2026-10-01T00:00:00Z', actor: 'ops', signedIn: 'alice', credential: 'pasted' });
    await recordAudit(db, { ...write, at: '2026-10-01T00:01:00Z', actor: 'alice', signedIn: 'alice', credential: 'session' });
    await recordAudit(db, { ...write, at: '2026-10-01T00:02:00Z', actor: '(no write credential)', action: 'break-glass.probe' });
    const [probe, own, pasted] = await listAudit(db);
    expect(pasted).toMatchObject({ actor: 'ops', signedIn: 'alice', credential: 'pasted' });
    expect(own).toMatchObject({ actor: 'alice', signedIn: 'alice', credential: 'session' });
    expect(probe).not.toHaveProperty('credential');
    expect(probe).not.toHaveProperty('signedIn');
  });
});

describe('sessions signed out', () => {
  it('are listed until they would have ended, once each, and then dropped', async ({ db }) => {
    const now = new Date('2026-12-04T10:00:00Z');
    const hour = 3600_000;
    await recordEndedSession(db, 'sid-ends-in-1h', now.getTime() + hour, now);
    await recordEndedSession(db, 'sid-ends-in-1h', now.getTime() + hour, now); // signed out twice: one row
    await recordEndedSession(db, 'sid-ends-in-3h', now.getTime() + 3 * hour, now);
    expect(await endedSessions(db, now)).toEqual(
      new Map([
        ['sid-ends-in-1h', now.getTime() + hour],
        ['sid-ends-in-3h', now.getTime() + 3 * hour],
      ]),
    );
    // two hours on, the first would have ended anyway: it is not listed, and the next sign-out removes its row
    const later = new Date(now.getTime() + 2 * hour);
    expect([...(await endedSessions(db, later)).keys()]).toEqual(['sid-ends-in-3h']);
    await recordEndedSession(db, 'sid-later', later.getTime() + hour, later);
    const rows = await db.kysely.selectFrom('ended_sessions').select('sid').orderBy('sid').execute();
    expect(rows.map((r) => r.sid)).toEqual(['sid-ends-in-3h', 'sid-later']);
  });
});

// Refusals before a credential counted in a row per action, reason and hour; the log paged by its cursor (issue 31).
const record = (at: string, actor: string, action = 'snapshot.run', outcome: AuditRecord['outcome'] = 'success'): AuditRecord => ({
  at,
  actor,
  action,
  target: 'kyverno-prd/cronjob/memory-snapshot',
  outcome,
  detail: null,
});

describe('refusals before a credential', () => {
  it('are counted in one row per action, reason and hour, with the first and last time', async ({ db }) => {
    const at = (i: number) => new Date(Date.parse('2026-10-06T10:00:00Z') + i * 1000).toISOString();
    // 1,000 in two hours, counted as the write guard counts them (without waiting): 600 without a credential, 400
    // from another origin
    for (let i = 0; i < 1000; i++)
      void countRefusal(db, { action: 'snapshot.run', reason: i % 5 < 3 ? 'unauthorized' : 'forbidden', at: at(i * 6) });
    await countRefusal(db, { action: 'table.restore', reason: 'unsupported-media-type', at: at(10) });

    expect(await db.kysely.selectFrom('audit_records').selectAll().execute()).toEqual([]);
    const rows = await db.kysely
      .selectFrom('audit_refusals')
      .select(db.kysely.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(5); // two reasons × two hours, and the restore's
    expect(await refusalCounts(db)).toEqual([
      { action: 'snapshot.run', reason: 'unauthorized', count: 600, firstAt: '2026-10-06T10:00:00.000Z', lastAt: at(997 * 6) },
      { action: 'snapshot.run', reason: 'forbidden', count: 400, firstAt: at(3 * 6), lastAt: at(999 * 6) },
      { action: 'table.restore', reason: 'unsupported-media-type', count: 1, firstAt: at(10), lastAt: at(10) },
    ]);
    expect((await refusalCounts(db, { action: 'table.restore' })).map((c) => c.count)).toEqual([1]);
    expect(await auditActions(db)).toEqual(['snapshot.run', 'table.restore']);
  });

  it('are all read by a read that starts while their window is being written', async ({ db }) => {
    for (let i = 1; i <= 5; i++) {
      void countRefusal(db, { action: 'snapshot.run', reason: 'unauthorized', at: '2026-10-06T10:00:00Z' });
      // a timer of the same length set after the window's runs right after it: the window's write has started
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await refusalCounts(db)).map((c) => c.count)).toEqual([i]);
    }
  });

  it('keep the earliest first time and the latest last time whatever order they are counted in', async ({ db }) => {
    for (const at of ['2026-10-06T10:30:00Z', '2026-10-06T10:10:00Z', '2026-10-06T10:50:00Z', '2026-10-06T10:20:00Z'])
      await countRefusal(db, { action: 'break-glass.scale-down', reason: 'forbidden', at });
    expect(await refusalCounts(db)).toEqual([
      {
        action: 'break-glass.scale-down',
        reason: 'forbidden',
        count: 4,
        firstAt: '2026-10-06T10:10:00.000Z',
        lastAt: '2026-10-06T10:50:00.000Z',
      },
    ]);
  });
});

describe('the audit log, paged', () => {
  it('goes through every record once, newest first, records of the same millisecond included', async ({ db }) => {
    // 2,500 records, five in each millisecond, written out of order: the log orders them by time, then id
    const times = Array.from({ length: 500 }, (_, i) => new Date(Date.parse('2026-10-06T10:00:00Z') + i).toISOString());
    const rows = times.flatMap((at, i) => Array.from({ length: 5 }, (_, j) => record(at, `actor-${i}-${j}`)));
    const shuffled = rows.map((r, i) => ({ r, key: (i * 7919) % rows.length })).sort((a, b) => a.key - b.key);
    for (let i = 0; i < shuffled.length; i += 500) {
      await db.kysely
        .insertInto('audit_records')
        .values(shuffled.slice(i, i + 500).map(({ r }) => ({ ...r, cluster: db.cluster })))
        .execute();
    }
    const seen: Array<{ id: number; at: string }> = [];
    let page = await listAudit(db, 1000);
    while (page.length > 0) {
      seen.push(...page.map(({ id, at }) => ({ id, at })));
      const last = page.at(-1)!;
      expect(await auditCursor(db, last.id)).toEqual({ id: last.id, at: last.at });
      page = await listAudit(db, 1000, { before: { id: last.id, at: last.at } });
    }
    expect(seen).toHaveLength(2500);
    expect(new Set(seen.map((s) => s.id)).size).toBe(2500);
    const ordered = [...seen].sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1));
    expect(seen).toEqual(ordered);
  });

  it('pages within a filter, and knows no cursor of a record that does not exist', async ({ db }) => {
    for (let i = 0; i < 10; i++)
      await recordAudit(db, record(`2026-10-06T10:00:0${i}Z`, `a${i}`, i % 2 ? 'table.restore' : 'snapshot.run', 'refused'));
    const first = await listAudit(db, 3, { action: 'table.restore' });
    expect(first.map((r) => r.actor)).toEqual(['a9', 'a7', 'a5']);
    const cursor = (await auditCursor(db, first.at(-1)!.id))!;
    expect((await listAudit(db, 3, { action: 'table.restore', before: cursor })).map((r) => r.actor)).toEqual(['a3', 'a1']);
    expect(await auditCursor(db, 999_999)).toBeNull();
  });
});
