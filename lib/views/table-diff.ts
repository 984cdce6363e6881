import 'server-only';
import { filterDiff } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import type { DiffParams } from '@/lib/http/params';
import type { Cluster } from '@/lib/cluster/cluster';
import type { HistoryDb } from '@/lib/history/db';
import type { DiffJob, DiffPageBody } from './table-diff/diff-job';
import { closedBeforeDiff, diffBodyOf } from './table-diff/diff-body-of';
import { diffVersions } from '@/lib/history/reads';
import { listVersions, readVersionText, type VersionSummary } from '@/lib/history/store';
import type { DiffPageView, FilteredDiff } from './table-diff-types';

export type { DiffPageView, FilteredDiff };

/**
 * The two versions the parameters name, or null when they name none and fewer than two are recorded. Left out, `to`
 * is the newest recorded version and `from` the recorded one before `to`: an imported file is compared only when
 * named, never taken for what the table went through.
 */
async function chosenVersions(db: HistoryDb, params: DiffParams): Promise<{ from: VersionSummary; to: VersionSummary } | null> {
  const versions = await listVersions(db);
  const recorded = versions.filter((v) => v.source === 'watch');
  if ((params.from === undefined || params.to === undefined) && recorded.length < 2) return null;
  const toId = params.to ?? recorded[recorded.length - 1]!.id;
  const toAt = versions.findIndex((v) => v.id === toId);
  const fromId = params.from ?? (versions.slice(0, Math.max(0, toAt)).findLast((v) => v.source === 'watch') ?? recorded[0]!).id;
  const from = versions.find((v) => v.id === fromId);
  const to = versions[toAt];
  if (!from || !to) throw notRecorded(fromId, toId);
  return { from, to };
}

const notRecorded = (from: number, to: number) => new AppError('not-found', `No recorded version ${from} or ${to}`);

/** The diff the parameters ask for, or null when fewer than two versions are recorded. */
export async function readDiff(cluster: Cluster, params: DiffParams): Promise<FilteredDiff | null> {
  const db = await cluster.history();
  const chosen = await chosenVersions(db, params);
  if (!chosen) return null;
  const found = await diffVersions(db, chosen.from.id, chosen.to.id);
  if (!found) throw notRecorded(chosen.from.id, chosen.to.id);
  return { ...found, filtered: filterDiff(found.diff, { namespace: params.namespace, workload: params.workload }) };
}

/**
 * The diff the parameters ask for, computed in a worker thread when the tables are large so a diff of 100,000 rows
 * never holds the server: the two versions and the answer's body in `format`, or null when fewer than two versions
 * are recorded. `signal` ends the worker when the request it answers is closed.
 */
async function computedDiff(cluster: Cluster, params: DiffParams, format: DiffJob['format'], signal: AbortSignal) {
  const db = await cluster.history();
  const chosen = await chosenVersions(db, params);
  if (!chosen) return null;
  // a client that has already gone costs no read of two large tables
  if (signal.aborted) throw closedBeforeDiff();
  const fromText = await versionText(cluster, db, chosen.from.id);
  const toText = await versionText(cluster, db, chosen.to.id);
  if (fromText === undefined || toText === undefined) throw notRecorded(chosen.from.id, chosen.to.id);
  const filter = { namespace: params.namespace, workload: params.workload };
  return { ...chosen, body: await diffBodyOf({ ...chosen, fromText, toText, filter, format }, signal) };
}

// A recorded version's text never changes: the last few read are kept, so that many requests for one diff (a team
// on the same link, or a client that connects and hangs up over and over) read two large tables from the store once,
// not on the server's thread each time. Kept per store and per cluster: a version is one cluster's.
const KEPT_TEXTS = 4;
const keptTextsOf = new WeakMap<HistoryDb, Map<string, string | null>>();

async function versionText(cluster: Cluster, db: HistoryDb, id: number): Promise<string | null | undefined> {
  let keptTexts = keptTextsOf.get(db);
  if (!keptTexts) keptTextsOf.set(db, (keptTexts = new Map()));
  const key = `${cluster.name}/${id}`;
  const kept = keptTexts.get(key);
  if (kept !== undefined) {
    const text = kept;
    keptTexts.delete(key);
    keptTexts.set(key, text); // the newest use goes last
    return text;
  }
  const text = await readVersionText(db, id);
  if (text === undefined) return text; // not recorded (yet): asked again next time
  keptTexts.set(key, text);
  if (keptTexts.size > KEPT_TEXTS) keptTexts.delete(keptTexts.keys().next().value!);
  return text;
}

/**
 * The diff's export (GET /api/table/diff: JSON {from, to, ...filtered} or CSV) as bytes, made while `signal` (the
 * request's) has not aborted.
 */
export async function readDiffExport(
  cluster: Cluster,
  params: DiffParams,
  signal: AbortSignal,
): Promise<{ from: number; to: number; body: ReadableStream<Uint8Array> } | null> {
  const computed = await computedDiff(cluster, params, params.format, signal);
  return computed && { from: computed.from.id, to: computed.to.id, body: computed.body };
}

/** Rows of each kind /table/diff shows per page: the server renders them in well under a tenth of a second. */
export const DIFF_PAGE_ROWS = 500;

/** One page of the diff for /table/diff: the page's own thread only parses the page. */
export async function readDiffPage(cluster: Cluster, params: DiffParams): Promise<DiffPageView | null> {
  // A page has no request signal to follow; it reads the body whole at once, and the deadline bounds the rest.
  const computed = await computedDiff(cluster, params, { page: params.page, size: DIFF_PAGE_ROWS }, new AbortController().signal);
  if (!computed) return null;
  const answer = JSON.parse(await new Response(computed.body).text()) as DiffPageBody;
  return { from: computed.from, to: computed.to, ...answer };
}
