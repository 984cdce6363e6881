import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect } from 'vitest';
import { it } from './__fixtures__/store';
import { listAudit, recordAudit, refusalCounts } from './audit';
import { listBreakGlass, recordBreakGlass } from './break-glass';
import { connectHistoryDb, historyFor, openHistoryDb, type HistoryDb } from './db';
import { isPostgres } from './dialect';
import { endedSessions } from './ended-sessions';
import { listIncidentAudit, listProbeOutcomes, listReplicas, recordProbeOutcome } from './incidents';
import { MIGRATIONS_BEFORE_CLUSTERS } from './migrations';
import {
  lastDesiredReplicas,
  listRegistrationObservations,
  readCursor,
  recordRegistration,
  recordReplicas,
  writeCursor,
} from './observations';
import { recordedStamp } from './reads';
import { keepRowConfidence, readRowConfidence } from './row-confidence';
import { contentHash, importSavedTable, importsHeld, listVersions, readVersion, recordTableVersion, rowsOverTime } from './store';
import { countsByWorkload, listEvictions, listTerminations, recordPodFacts, requestsAtCreation, type PodFacts } from './terminations';

// One store for every cluster (issue 57): a store made by the migrations of before (main up to 0010_incidents) gets
// its rows stamped with the default cluster's name; two clusters' stores on one file or database keep apart.

type Row = Record<string, string | number | null>;

async function insert(db: Kysely<unknown>, table: string, row: Row): Promise<void> {
  const columns = sql.join(Object.keys(row).map((c) => sql.ref(c)));
  await sql`insert into ${sql.table(table)} (${columns}) values (${sql.join(Object.values(row))})`.execute(db);
}

const A = { shop_web_app: '300Mi' };
const B = { shop_web_app: '450Mi' };

/** One row in each table, as the code of before wrote them (no cluster column yet). */
async function seedAsBefore(db: Kysely<unknown>): Promise<void> {
  // a fresh store numbers them 1 and 2 (the import below names 2)
  const version = (id: number, origin: string, source: string, data: object, label: string | null) => ({
    content_hash: contentHash(data as Record<string, string>),
    data: JSON.stringify(data),
    rows: 1,
    in_force_from: `2026-10-0${id}T04:15:00.000Z`,
    seen_at: `2026-10-0${id}T04:15:01.000Z`,
    written_at: null,
    origin,
    source,
    label,
  });
  await insert(db, 'table_versions', version(1, 'rv:100', 'watch', A, null));
  await insert(db, 'table_versions', version(2, 'import:2026-10-02T04:15:00.000Z', 'import', B, 'saved.json'));
  await insert(db, 'imports', {
    file_name: 'saved.json',
    imported_at: '2026-10-02T05:00:00.000Z',
    taken_at: '2026-10-02T04:15:00.000Z',
    taken_at_source: 'managed-fields',
    version_id: 2,
  });
  await insert(db, 'registration_observations', {
    at: '2026-10-01T04:00:00.000Z',
    present: 1,
    uid: 'reg-1',
    created_at: '2026-09-01T00:00:00.000Z',
    failure_policy: 'Ignore',
    owner: null,
    live: 0,
  });
  await insert(db, 'admission_replicas', { at: '2026-10-01T04:00:00.000Z', ready: 3, desired: 3 });
  await insert(db, 'watch_cursors', { name: 'configmaps', resource_version: '100', updated_at: '2026-10-01T04:00:00.000Z' });
  await insert(db, 'audit_records', {
    at: '2026-10-03T10:00:00.000Z',
    actor: 'kubernetes-admin',
    action: 'break-glass.scale-down',
    target: 'kyverno-prd/deployment/kyverno-admission-controller',
    outcome: 'success',
    detail: null,
    signed_in: null,
    credential: 'pasted',
  });
  await insert(db, 'ended_sessions', { sid: 'sid-1', ends_at: '2099-01-01T00:00:00.000Z' });
  await insert(db, 'audit_refusals', {
    action: 'snapshot.run',
    reason: 'forbidden',
    hour: '2026-10-03T10:00:00.000Z',
    count: 4,
    first_at: '2026-10-03T10:01:00.000Z',
    last_at: '2026-10-03T10:02:00.000Z',
  });
  await insert(db, 'break_glass_records', {
    at: '2026-10-03T10:00:00.000Z',
    action: 'scale-down',
    replicas: 3,
    registrations: '[]',
    probe: null,
    registration_present: 1,
    saved: null,
  });
  await insert(db, 'probe_outcomes', { at: '2026-10-03T09:59:00.000Z', outcome: 'refused' });
  const pod = { pod_uid: 'uid-1', namespace: 'shop', pod: 'web-6d4f9-abcde', workload: 'web' };
  await insert(db, 'container_terminations', {
    ...pod,
    container: 'app',
    reason: 'OOMKilled',
    exit_code: 137,
    restart_count: 1,
    finished_at: '2026-10-03T08:00:00.000Z',
    seen_at: '2026-10-03T08:00:01.000Z',
  });
  await insert(db, 'pod_evictions', {
    ...pod,
    message: 'low on memory',
    at: '2026-10-03T08:10:00.000Z',
    seen_at: '2026-10-03T08:10:01.000Z',
  });
  await insert(db, 'pod_requests', {
    ...pod,
    created_at: '2026-10-03T07:00:00.000Z',
    containers: '[{"name":"app","request":1,"limit":null}]',
  });
  await insert(db, 'row_confidence', {
    row_key: 'shop_web_app',
    pods: 2,
    span_seconds: 3600,
    samples: 60,
    p90_mi: 280,
    hottest_pod: 'web-6d4f9-abcde',
    hottest_p90_mi: 290,
    max_mi: 300,
    computed_at: '2026-10-03T00:00:00.000Z',
  });
}

/** The store's tables as its catalogue lists them, with whether each has a `cluster` column. */
async function tables(db: Kysely<unknown>): Promise<Map<string, boolean>> {
  const rows = isPostgres(db)
    ? (
        await sql<{ name: string; has: boolean }>`
        select t.table_name as name,
               exists (select 1 from information_schema.columns c
                       where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'cluster') as has
        from information_schema.tables t where t.table_schema = 'public' and t.table_type = 'BASE TABLE'`.execute(db)
      ).rows
    : (
        await sql<{ name: string; has: number }>`
        select m.name as name, exists (select 1 from pragma_table_info(m.name) where name = 'cluster') as has
        from sqlite_master m where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db)
      ).rows;
  return new Map(rows.filter((r) => !r.name.startsWith('kysely_')).map((r) => [r.name, Boolean(r.has)]));
}

// The server's own rows: a sign-out ends a session on every cluster; a refusal is counted before a cluster is named.
const SERVERS_OWN = ['audit_refusals', 'ended_sessions'];

describe('a store from before clusters had names', () => {
  it('has every row of every cluster table stamped with the default cluster’s name, and reads them as before', async ({ store }) => {
    const old = connectHistoryDb(store.location);
    const made = await new Migrator({ db: old, provider: { getMigrations: async () => MIGRATIONS_BEFORE_CLUSTERS } }).migrateToLatest();
    expect(made.error).toBeUndefined();
    await seedAsBefore(old as Kysely<unknown>);
    const before = await tables(old as Kysely<unknown>);
    expect([...before.values()].every((has) => !has)).toBe(true);
    await old.destroy();

    const db = await openHistoryDb(store.location, 'prd');
    try {
      const after = await tables(db.kysely as Kysely<unknown>);
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [table, has] of after) {
        expect([table, has]).toEqual([table, !SERVERS_OWN.includes(table)]);
        if (!has) continue;
        const { rows } = await sql<{ cluster: string }>`select cluster from ${sql.table(table)}`.execute(db.kysely);
        expect([table, rows.length > 0, rows.every((r) => r.cluster === 'prd')]).toEqual([table, true, true]);
      }
      await readsAsBefore(db);
      // another cluster's store sees none of it; the server's own rows are everyone's
      const stage = historyFor(db, 'stage');
      expect(await listVersions(stage)).toEqual([]);
      expect(await listAudit(stage)).toEqual([]);
      expect(await listTerminations(stage, { uid: 'uid-1' })).toEqual([]);
      expect((await readRowConfidence(stage)).rows.size).toBe(0);
      expect([...(await endedSessions(stage, new Date('2026-10-04T00:00:00Z'))).keys()]).toEqual(['sid-1']);
      expect((await refusalCounts(stage)).map((c) => c.count)).toEqual([4]);
      // the version's key now holds the cluster: the same content at the same resourceVersion is another cluster's
      const seen = { data: A, resourceVersion: '100', seenAt: new Date('2026-10-05T00:00:00Z'), writtenAt: null };
      expect(await recordTableVersion(stage, seen)).toBe('recorded');
      expect(await recordTableVersion(db, seen)).toBe('unchanged');
      // new rows are numbered after the old ones
      expect((await listVersions(stage))[0]!.id).toBeGreaterThan(2);
    } finally {
      await db.kysely.destroy();
    }
  });
});

/** What the stamped store answers under the default cluster: every row seeded, as the code of before read it. */
async function readsAsBefore(db: HistoryDb): Promise<void> {
  const versions = await listVersions(db);
  expect(versions.map((v) => [v.id, v.source, v.label])).toEqual([
    [1, 'watch', null],
    [2, 'import', 'saved.json'],
  ]);
  expect((await readVersion(db, 2))?.data).toEqual(B);
  expect(await importsHeld(db)).toEqual({ imports: 1, bytes: JSON.stringify(B).length });
  expect((await listRegistrationObservations(db)).map((o) => o.uid)).toEqual(['reg-1']);
  expect(await lastDesiredReplicas(db)).toBe(3);
  expect(await readCursor(db, 'configmaps')).toBe('100');
  expect((await listAudit(db)).map((r) => [r.cluster, r.actor, r.credential])).toEqual([['prd', 'kubernetes-admin', 'pasted']]);
  expect((await listBreakGlass(db, new Date('2026-10-01T00:00:00Z'))).map((r) => r.action)).toEqual(['scale-down']);
  expect(await listProbeOutcomes(db, new Date('2026-10-03T10:00:00Z'))).toEqual([{ at: '2026-10-03T09:59:00.000Z', outcome: 'refused' }]);
  expect((await listTerminations(db, { uid: 'uid-1' })).map((t) => t.reason)).toEqual(['OOMKilled']);
  expect((await listEvictions(db, { uid: 'uid-1' })).map((e) => e.message)).toEqual(['low on memory']);
  expect([...(await requestsAtCreation(db, 'shop', ['web-6d4f9-abcde'])).keys()]).toEqual(['web-6d4f9-abcde']);
  expect((await readRowConfidence(db)).rows.get('shop_web_app')?.p90Mi).toBe(280);
}

const oomOf = (at: string) => ({ container: 'app', reason: 'OOMKilled', exitCode: 137, at, restartCount: 1 });
const podIn = (uid: string, at: string): PodFacts => ({
  uid,
  namespace: 'shop',
  pod: 'web-6d4f9-abcde',
  workload: 'web',
  createdAt: '2026-12-01T08:00:00Z',
  containers: [{ name: 'app', request: uid.length, limit: null }],
  terminations: [oomOf(at)],
  eviction: { message: `evicted in ${uid}`, at },
});

describe('two clusters on one store', () => {
  it('each write the same table, workload, rows and records, and each reads only its own', async ({ db }) => {
    const prd = historyFor(db, 'prd');
    const stage = historyFor(db, 'stage');
    expect(historyFor(db, 'stage')).toBe(stage); // one object per cluster: memos keyed by it are per cluster

    // the table: the same content at the same resourceVersion in both, then a change in stage only
    const seen = (data: object, rv: string, at: string) => ({
      data: data as Record<string, string>,
      resourceVersion: rv,
      seenAt: new Date(at),
      writtenAt: null,
    });
    expect(await recordTableVersion(prd, seen(A, '7', '2026-12-01T04:00:00Z'))).toBe('recorded');
    expect(await recordTableVersion(stage, seen(A, '7', '2026-12-01T04:00:00Z'))).toBe('recorded');
    expect(await recordTableVersion(stage, seen(B, '8', '2026-12-02T04:00:00Z'))).toBe('recorded');
    expect(await recordTableVersion(prd, seen(A, '9', '2026-12-03T04:00:00Z'))).toBe('unchanged'); // stage's B is not prd's
    expect((await listVersions(prd)).map((v) => v.inForceFrom)).toEqual(['2026-12-01T04:00:00.000Z']);
    expect((await listVersions(stage)).map((v) => v.inForceFrom)).toEqual(['2026-12-01T04:00:00.000Z', '2026-12-02T04:00:00.000Z']);
    const stageB = (await listVersions(stage))[1]!.id;
    expect(await readVersion(prd, stageB)).toBeNull();
    expect((await rowsOverTime(prd, ['shop_web_app'])).map((v) => v.data)).toEqual([A]);
    expect(await recordedStamp(prd)).not.toEqual(await recordedStamp(stage));

    // an import of the same file into each
    const saved = { data: B, rows: 1, takenAt: '2026-12-02T00:00:00Z', takenAtSource: 'managed-fields' as const };
    expect((await importSavedTable(prd, saved, 'b.json', new Date('2026-12-04T00:00:00Z'))).created).toBe(true);
    expect((await importSavedTable(stage, saved, 'b.json', new Date('2026-12-04T00:00:00Z'))).created).toBe(true);
    expect((await importsHeld(prd)).imports).toBe(1);

    // the registration and the admission controller: the same state in each is stored in each
    const reg = { at: '2026-12-01T05:00:00Z', present: true, uid: 'u', createdAt: null, failurePolicy: 'Ignore', owner: null, live: true };
    expect(await recordRegistration(prd, reg)).toBe('recorded');
    expect(await recordRegistration(stage, reg)).toBe('recorded');
    expect(await recordRegistration(stage, { ...reg, at: '2026-12-01T06:00:00Z', present: false, uid: null })).toBe('recorded');
    expect((await listRegistrationObservations(prd)).map((o) => o.present)).toEqual([true]);
    expect(await recordReplicas(prd, { at: '2026-12-01T05:00:00Z', ready: 3, desired: 3 })).toBe('recorded');
    expect(await recordReplicas(stage, { at: '2026-12-01T05:00:00Z', ready: 3, desired: 3 })).toBe('recorded');
    expect(await recordReplicas(stage, { at: '2026-12-01T06:00:00Z', ready: 0, desired: 0 })).toBe('recorded');
    expect((await listReplicas(prd, new Date('2026-12-01T00:00:00Z'))).map((r) => r.desired)).toEqual([3]);
    await writeCursor(prd, 'pods', '1', new Date());
    await writeCursor(stage, 'pods', '2', new Date());
    expect([await readCursor(prd, 'pods'), await readCursor(stage, 'pods')]).toEqual(['1', '2']);

    // the same workload's pods ended in each
    await recordPodFacts(prd, [podIn('uid-prd', '2026-12-01T10:00:00Z')], new Date('2026-12-01T10:00:05Z'));
    await recordPodFacts(stage, [podIn('uid-stage', '2026-12-01T11:00:00Z')], new Date('2026-12-01T11:00:05Z'));
    const workload = { namespace: 'shop', workload: 'web', from: '2026-12-01T00:00:00Z' };
    expect((await listTerminations(prd, workload)).map((t) => t.uid)).toEqual(['uid-prd']);
    expect((await listEvictions(stage, workload)).map((e) => e.message)).toEqual(['evicted in uid-stage']);
    expect(await countsByWorkload(prd, '2026-12-01T00:00:00Z')).toEqual(new Map([['shop/web', { oomKills: 1, evictions: 1 }]]));
    expect((await requestsAtCreation(stage, 'shop', ['web-6d4f9-abcde'])).get('web-6d4f9-abcde')?.[0]?.request).toBe('uid-stage'.length);

    // the rows' confidence: the same row key, each preview replacing its own cluster's only
    const confidence = (p90Mi: number) => ({
      shop_web_app: { pods: 1, spanSeconds: 60, samples: 2, p90Mi, hottestPod: 'web', hottestP90Mi: p90Mi, maxMi: p90Mi },
    });
    await keepRowConfidence(prd, confidence(280), '2026-12-01T00:00:00Z');
    await keepRowConfidence(stage, confidence(500), '2026-12-02T00:00:00Z');
    await keepRowConfidence(prd, confidence(290), '2026-12-03T00:00:00Z');
    expect((await readRowConfidence(prd)).rows.get('shop_web_app')?.p90Mi).toBe(290);
    expect((await readRowConfidence(stage)).rows.get('shop_web_app')?.p90Mi).toBe(500);

    // records of writes, of the break-glass and of the probe
    const audit = {
      at: '2026-12-01T12:00:00Z',
      actor: 'a',
      action: 'workload.restart',
      target: 'shop/web',
      outcome: 'success' as const,
      detail: null,
    };
    await recordAudit(prd, audit);
    await recordAudit(prd, { ...audit, cluster: 'stage', actor: 'b' }); // the record names its cluster: the write guard's
    expect((await listAudit(prd)).map((r) => [r.cluster, r.actor])).toEqual([['prd', 'a']]);
    expect((await listIncidentAudit(stage, new Date('2026-12-01T00:00:00Z'))).map((r) => [r.cluster, r.actor])).toEqual([['stage', 'b']]);
    const glass = {
      at: '2026-12-01T12:00:00Z',
      action: 'scale-down' as const,
      replicas: 3,
      registrations: [],
      probe: null,
      registrationPresent: true,
    };
    await recordBreakGlass(stage, glass);
    expect(await listBreakGlass(prd, new Date('2026-12-01T00:00:00Z'))).toEqual([]);
    expect(await recordProbeOutcome(prd, '2026-12-01T12:00:00Z', 'refused')).toBe('recorded');
    expect(await recordProbeOutcome(stage, '2026-12-01T11:00:00Z', 'refused')).toBe('recorded'); // prd's later one is not stage's
    expect((await listProbeOutcomes(stage, new Date('2026-12-01T00:00:00Z'))).map((o) => o.at)).toEqual(['2026-12-01T11:00:00.000Z']);
  });
});
