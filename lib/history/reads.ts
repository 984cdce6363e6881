import 'server-only';
import {
  diffCounts,
  diffTablesInSlices,
  parseTable,
  recordedFirst,
  registrationAt,
  rowsFromJsonInSlices,
  registrationGaps,
  tableAt,
  type DiffCounts,
  type HistoryAtCreation,
  type RegistrationGap,
  type TableDiff,
} from '@/lib/domain';
import type { HistoryDb } from './db';
import { listRegistrationObservations } from './observations';
import { listVersions, readVersion, readVersionText, type VersionSummary } from './store';

// What pages and the explanation read from the history: the past at a pod's creation, the list of versions with
// the job's counts, and the diff of two versions.

/** The table in force and the registration's state at `createdAt`, as the verdicts take them. */
export async function historyAtCreation(db: HistoryDb, createdAt: string): Promise<HistoryAtCreation> {
  return (await historiesAtCreation(db, [createdAt]))[0]!;
}

/**
 * The same for many creation times at once (the lists): the versions and the observations are read once, and each
 * version in force at one of the times is read and parsed once, however many pods were created under it.
 */
export async function historiesAtCreation(db: HistoryDb, createdAts: readonly string[]): Promise<HistoryAtCreation[]> {
  const [versions, observations] = await Promise.all([listVersions(db), listRegistrationObservations(db)]);
  const recorded = recordedFirst(versions);
  const gaps = registrationGaps(observations);
  // Pods are created in bursts (a rollout, a node drained): at 20,000 pods there are far fewer distinct creation
  // times, and each is looked up once.
  const distinct = [...new Set(createdAts)];
  const ats = new Map(distinct.map((createdAt) => [createdAt, tableAt(recorded, createdAt)]));
  const ids = [...new Set([...ats.values()].flatMap((at) => (at.known ? [at.version.id] : [])))];
  const tables = new Map<number, HistoryAtCreation['table']>();
  for (const id of ids) {
    const table = await parsedVersion(db, id);
    if (table) tables.set(id, table);
  }
  const pasts = new Map(
    distinct.map((createdAt): [string, HistoryAtCreation] => {
      const at = ats.get(createdAt)!;
      return [
        createdAt,
        {
          table: at.known ? (tables.get(at.version.id) ?? null) : null,
          tableRecordedSince: versions[0]?.inForceFrom ?? null,
          registration: registrationAt(observations, gaps, createdAt),
        },
      ];
    }),
  );
  return createdAts.map((createdAt) => pasts.get(createdAt)!);
}

/**
 * What the pasts at creation are read from, as one short string: the store is only appended to (no version or
 * observation is changed or deleted), so the last id of each changes whenever, and only when, something is recorded.
 */
export async function recordedStamp(db: HistoryDb): Promise<string> {
  const lasts = await Promise.all(
    (['table_versions', 'registration_observations'] as const).map((table) =>
      db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.max('id').as('last'))
        .where('cluster', '=', db.cluster)
        .executeTakeFirst(),
    ),
  );
  return lasts.map((row) => row?.last ?? 0).join('/');
}

type TableAtCreation = NonNullable<HistoryAtCreation['table']>;

// A recorded version is never changed or deleted, so its parse is kept by id: explaining a pod otherwise read and
// parsed the whole table in force at its creation for every request. The few versions pods were created under are
// kept, most recently used last.
const KEPT_VERSIONS = 4;
const parsedVersions = new WeakMap<HistoryDb, Map<number, Promise<TableAtCreation | null>>>();

function parsedVersion(db: HistoryDb, id: number): Promise<TableAtCreation | null> {
  let kept = parsedVersions.get(db);
  if (!kept) parsedVersions.set(db, (kept = new Map()));
  let table = kept.get(id);
  if (table) kept.delete(id);
  else
    table = readVersion(db, id).then((v) =>
      v ? { parsed: parseTable(v.data), inForceFrom: v.inForceFrom, source: v.source, label: v.label } : null,
    );
  kept.set(id, table);
  // a failed read is not kept: the next request asks the store again
  table.catch(() => kept.delete(id));
  while (kept.size > KEPT_VERSIONS) kept.delete(kept.keys().next().value!);
  return table;
}

/** The open gap's start when the registration is absent now (memdash saw it go), else null. */
export async function absentSince(db: HistoryDb): Promise<string | null> {
  const gaps = registrationGaps(await listRegistrationObservations(db));
  const last = gaps[gaps.length - 1];
  return last && last.to === null ? last.from : null;
}

export async function listGaps(db: HistoryDb): Promise<RegistrationGap[]> {
  return registrationGaps(await listRegistrationObservations(db));
}

export interface SnapshotEntry extends VersionSummary {
  /** The version the counts are against: for a recorded one the recorded one before it, for an import the one before it. */
  before: number | null;
  /** Against `before`; null for the first. */
  counts: DiffCounts | null;
}

// Counts of a pair of contents never change, so they are kept for the process's life, keyed by the two hashes.
const countsByHashes = new Map<string, DiffCounts>();

/**
 * Every version, newest first, with rows, new, gone and changed against the one before it. A recorded version is
 * compared with the recorded one before it, never with an import in between: the recorded ones are what the table
 * went through, and an import is a file someone uploaded.
 */
export async function listSnapshots(db: HistoryDb): Promise<SnapshotEntry[]> {
  const versions = await listVersions(db);
  const entries: SnapshotEntry[] = [];
  let lastRecorded: VersionSummary | undefined;
  for (let i = 0; i < versions.length; i++) {
    const version = versions[i]!;
    const before = version.source === 'watch' ? lastRecorded : versions[i - 1];
    if (version.source === 'watch') lastRecorded = version;
    entries.push({ ...version, before: before?.id ?? null, counts: before ? await countsBetween(db, before, version) : null });
  }
  return entries.reverse();
}

async function countsBetween(db: HistoryDb, from: VersionSummary, to: VersionSummary): Promise<DiffCounts> {
  const key = `${from.contentHash}:${to.contentHash}`;
  const known = countsByHashes.get(key);
  if (known) return known;
  const [a, b] = await Promise.all([readRows(db, from.id), readRows(db, to.id)]);
  const counts = diffCounts(await diffTablesInSlices(a ?? new Map(), b ?? new Map(), breathe));
  countsByHashes.set(key, counts);
  return counts;
}

export interface VersionDiff {
  from: VersionSummary;
  to: VersionSummary;
  diff: TableDiff;
}

/** The diff between two versions by id, or null when either does not exist. */
export async function diffVersions(db: HistoryDb, fromId: number, toId: number): Promise<VersionDiff | null> {
  const versions = await listVersions(db);
  const from = versions.find((v) => v.id === fromId);
  const to = versions.find((v) => v.id === toId);
  if (!from || !to) return null;
  const a = await readRows(db, fromId);
  const b = await readRows(db, toId);
  if (!a || !b) return null;
  return { from, to, diff: await diffTablesInSlices(a, b, breathe) };
}

/** A version's rows read in slices (a stored table of 100,000 rows is not parsed in one go), or null. */
async function readRows(db: HistoryDb, id: number) {
  const text = await readVersionText(db, id);
  return text === undefined ? null : rowsFromJsonInSlices(text, breathe);
}

/** Lets every waiting request (a health check, another page) run before the next slice of a long computation. */
export function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
