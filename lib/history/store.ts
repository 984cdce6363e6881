import 'server-only';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { inForceFrom, type SavedTable, type TableData, type TableVersion } from '@/lib/domain';
import { historyIn, type HistoryDb } from './db';
import { isPostgres } from './dialect';

// Reads and writes of the table's versions. Every insert is one statement that checks and writes at once, so two
// recorders on one store (or a restart that relists what was seen) never store a version twice.

/** A version without its rows: enough to list versions and to find the one in force at a time. */
export interface VersionSummary {
  id: number;
  inForceFrom: string;
  seenAt: string;
  writtenAt: string | null;
  rows: number;
  contentHash: string;
  source: 'watch' | 'import';
  label: string | null;
}

/** Times as stored: ISO 8601 with milliseconds, which order correctly as text. */
export function storedTime(time: string | Date): string {
  const date = time instanceof Date ? time : new Date(time);
  if (Number.isNaN(date.getTime())) throw new Error(`not a time: ${String(time)}`);
  return date.toISOString();
}

/** sha256 of the rows in key order; a table without data hashes as "null". */
export function contentHash(data: TableData): string {
  const canonical =
    data === null
      ? 'null'
      : JSON.stringify(
          Object.keys(data)
            .sort()
            .map((k) => [k, data[k]]),
        );
  return createHash('sha256').update(canonical).digest('hex');
}

function normalised(data: TableData | undefined): TableData {
  return data && Object.keys(data).length > 0 ? data : null;
}

export interface WatchedTable {
  data: TableData | undefined;
  resourceVersion: string;
  seenAt: Date;
  /** The data's last write from managedFields, only when an entry owns f:data (otherwise it says nothing). */
  writtenAt: string | null;
  /** The resourceVersions the recorder was handed after this state: when the store holds one, this one is history. */
  seenAfter?: readonly string[];
}

/**
 * Stores the table as the recorder saw it, unless it is the content of the version in force (a change to the
 * ConfigMap's metadata only, a write of the same rows, a relist after a restart), or this resourceVersion or one seen
 * after it is already stored (another recorder, a replay). Any other content is a new version, a return to earlier content too, in force
 * from inForceFrom against the version in force: the newest recorded one, by the order the recorder stored them in.
 */
export async function recordTableVersion(db: HistoryDb, seen: WatchedTable): Promise<'recorded' | 'unchanged'> {
  const data = normalised(seen.data);
  const hash = contentHash(data);
  const change = { seenAt: storedTime(seen.seenAt), writtenAt: seen.writtenAt ? storedTime(seen.writtenAt) : null };
  if (seen.seenAfter?.length && (await storedAnyOf(db, seen.seenAfter))) return 'unchanged';
  // Read, then insert only if no version was stored meanwhile: a second recorder makes this read again.
  for (let attempt = 0; attempt < RECORD_ATTEMPTS; attempt++) {
    const inForce = await recordedInForce(db);
    if (inForce?.content_hash === hash) return 'unchanged';
    const from = storedTime(inForceFrom(change, inForce?.in_force_from ?? null));
    const result = await sql`
      insert into table_versions (cluster, content_hash, data, rows, in_force_from, seen_at, written_at, origin, source, label)
      select ${db.cluster}, ${hash}, ${data === null ? null : JSON.stringify(data)}, cast(${Object.keys(data ?? {}).length} as integer),
             ${from}, ${change.seenAt}, ${change.writtenAt}, ${originOf(seen.resourceVersion)}, 'watch', null
      where not exists (
        select 1 from table_versions where cluster = ${db.cluster} and source = 'watch' and id > cast(${inForce?.id ?? 0} as integer)
      )
      on conflict (cluster, content_hash, origin) do nothing`.execute(db.kysely);
    if (Number(result.numAffectedRows ?? 0) > 0) return 'recorded';
    // nothing stored: this resourceVersion already is, unless another recorder stored a version meanwhile
    if ((await recordedInForce(db))?.id === inForce?.id) return 'unchanged';
  }
  throw new Error('memdash: the table version could not be stored: other recorders kept storing versions meanwhile');
}

const originOf = (resourceVersion: string) => `rv:${resourceVersion}`;

/** Whether the store holds a recorded version of one of these resourceVersions. */
async function storedAnyOf(db: HistoryDb, resourceVersions: readonly string[]): Promise<boolean> {
  const found = await db.kysely
    .selectFrom('table_versions')
    .select('id')
    .where('cluster', '=', db.cluster)
    .where('source', '=', 'watch')
    .where('origin', 'in', resourceVersions.map(originOf))
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

// Far more than two recorders on one store (a Lease handover) ever race for.
const RECORD_ATTEMPTS = 5;

/** The newest recorded version (imports aside): the one in force now. */
function recordedInForce(db: HistoryDb) {
  return db.kysely
    .selectFrom('table_versions')
    .select(['id', 'content_hash', 'in_force_from'])
    .where('cluster', '=', db.cluster)
    .where('source', '=', 'watch')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** What all imports together may hold in the store (the settings MEMDASH_HISTORY_IMPORTS_MAX and _IMPORT_BYTES_MAX). */
export interface ImportCap {
  imports: number;
  bytes: number;
}

/** What the store's imports hold now: how many, and the bytes of their data. */
export type ImportsHeld = ImportCap;

export interface ImportedVersion {
  versionId: number;
  created: boolean;
}

export type ImportResult = ImportedVersion | { full: ImportsHeld };

/**
 * Stores a saved table as a version dated by its file; importing the same file twice stores it once. With a `cap`
 * (an upload), an import that would take the store's imports past it is not stored: the answer says what they hold
 * (an import is never deleted, so only raising the cap makes room); the same file again is answered as before. The
 * override's own save of the table it is about to empty takes no cap: a full store must not stop it half-way.
 */
export async function importSavedTable(db: HistoryDb, saved: SavedTable, fileName: string, importedAt: Date): Promise<ImportedVersion>;
export async function importSavedTable(
  db: HistoryDb,
  saved: SavedTable,
  fileName: string,
  importedAt: Date,
  cap: ImportCap,
): Promise<ImportResult>;
export async function importSavedTable(
  db: HistoryDb,
  saved: SavedTable,
  fileName: string,
  importedAt: Date,
  cap?: ImportCap,
): Promise<ImportResult> {
  const hash = contentHash(saved.data);
  const takenAt = storedTime(saved.takenAt);
  const origin = `import:${takenAt}`;
  const data = saved.data === null ? null : JSON.stringify(saved.data);
  return db.kysely.transaction().execute(async (transaction) => {
    const tx = historyIn(transaction, db);
    // two imports at once on PostgreSQL would both see room for one; SQLite writes one transaction at a time
    if (isPostgres(db.kysely)) await sql`lock table imports in share row exclusive mode`.execute(transaction);
    const existing = await importedVersion(tx, hash, origin);
    if (existing !== undefined) return { versionId: existing, created: false };
    if (cap) {
      const held = await importsHeld(tx);
      if (held.imports + 1 > cap.imports || held.bytes + Buffer.byteLength(data ?? '') > cap.bytes) return { full: held };
    }
    const inserted = await transaction
      .insertInto('table_versions')
      .values({
        cluster: db.cluster,
        content_hash: hash,
        data,
        rows: saved.rows,
        in_force_from: takenAt,
        seen_at: storedTime(importedAt),
        written_at: saved.takenAtSource === 'managed-fields' ? takenAt : null,
        origin,
        source: 'import',
        label: fileName,
      })
      .onConflict((oc) => oc.columns(['cluster', 'content_hash', 'origin']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // another process stored the same file between the look and the insert
    if (!inserted) return { versionId: (await importedVersion(tx, hash, origin))!, created: false };
    await transaction
      .insertInto('imports')
      .values({
        cluster: db.cluster,
        file_name: fileName,
        imported_at: storedTime(importedAt),
        taken_at: takenAt,
        taken_at_source: saved.takenAtSource,
        version_id: inserted.id,
      })
      .execute();
    return { versionId: inserted.id, created: true };
  });
}

async function importedVersion(db: HistoryDb, hash: string, origin: string): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom('table_versions')
    .select('id')
    .where('cluster', '=', db.cluster)
    .where('content_hash', '=', hash)
    .where('origin', '=', origin)
    .executeTakeFirst();
  return row?.id;
}

/** How many imported versions the store holds and the bytes of their data, as stored (UTF-8 JSON). */
export async function importsHeld(db: HistoryDb): Promise<ImportsHeld> {
  const size = isPostgres(db.kysely) ? sql<number>`octet_length(data)` : sql<number>`length(cast(data as blob))`;
  const row = await db.kysely
    .selectFrom('table_versions')
    .select([sql<number | string>`count(*)`.as('imports'), sql<number | string | null>`sum(${size})`.as('bytes')])
    .where('cluster', '=', db.cluster)
    .where('source', '=', 'import')
    .executeTakeFirstOrThrow();
  return { imports: Number(row.imports), bytes: Number(row.bytes ?? 0) };
}

/** Every version, oldest first, without rows. */
export async function listVersions(db: HistoryDb): Promise<VersionSummary[]> {
  const rows = await db.kysely
    .selectFrom('table_versions')
    .select(['id', 'in_force_from', 'seen_at', 'written_at', 'rows', 'content_hash', 'source', 'label'])
    .where('cluster', '=', db.cluster)
    .orderBy('in_force_from')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    inForceFrom: r.in_force_from,
    seenAt: r.seen_at,
    writtenAt: r.written_at,
    rows: r.rows,
    contentHash: r.content_hash,
    source: r.source,
    label: r.label,
  }));
}

/** A version's data as stored (JSON text, null for no data), or undefined when there is no such version. */
export async function readVersionText(db: HistoryDb, id: number): Promise<string | null | undefined> {
  const row = await db.kysely
    .selectFrom('table_versions')
    .select('data')
    .where('cluster', '=', db.cluster)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? row.data : undefined;
}

/** One version with its rows, or null when there is no such version. */
export async function readVersion(db: HistoryDb, id: number): Promise<TableVersion | null> {
  const row = await db.kysely
    .selectFrom('table_versions')
    .selectAll()
    .where('cluster', '=', db.cluster)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return versionOf(row, row.data === null ? null : (JSON.parse(row.data) as Record<string, string>));
}

function versionOf(
  r: { id: number; in_force_from: string; seen_at: string; source: TableVersion['source']; label: TableVersion['label'] },
  data: Record<string, string> | null,
): TableVersion {
  return { id: r.id, inForceFrom: r.in_force_from, seenAt: r.seen_at, data, source: r.source, label: r.label };
}

/**
 * Every version, oldest first, holding only the given rows: a workload's rows over time without parsing every
 * table (the store's JSON functions read the few keys). A version without data keeps data null.
 */
export async function rowsOverTime(db: HistoryDb, keys: readonly string[]): Promise<TableVersion[]> {
  const rows = await db.kysely
    .selectFrom('table_versions')
    .select(['id', 'in_force_from', 'seen_at', 'source', 'label'])
    .select(sql<number | boolean>`data is null`.as('empty'))
    .select(pickedRows(db, keys).as('picked'))
    .where('cluster', '=', db.cluster)
    .orderBy('in_force_from')
    .orderBy('id')
    .execute();
  return rows.map((r) => versionOf(r, r.empty ? null : withoutNulls(JSON.parse(r.picked ?? '{}') as Record<string, string | null>)));
}

/** A JSON object (as text) of the given keys' values in a version's data; a key it lacks has null. */
function pickedRows(db: HistoryDb, keys: readonly string[]) {
  if (keys.length === 0) return sql<string | null>`'{}'`;
  if (isPostgres(db.kysely)) {
    const pairs = keys.flatMap((k) => [sql`cast(${k} as text)`, sql`cast(data as json) ->> cast(${k} as text)`]);
    return sql<string | null>`cast(json_build_object(${sql.join(pairs)}) as text)`;
  }
  return sql<string | null>`json_object(${sql.join(keys.flatMap((k) => [sql`${k}`, sql`json_extract(data, ${jsonPath(k)})`]))})`;
}

// Row keys hold '.' and '-', so the path quotes the key; a key with a quote cannot be a row key and matches nothing.
function jsonPath(key: string): string {
  return `$."${key.replaceAll('"', '')}"`;
}

function withoutNulls(picked: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(picked).filter((e): e is [string, string] => e[1] !== null));
}
