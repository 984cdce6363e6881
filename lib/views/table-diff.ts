import 'server-only';
import { filterDiff } from '@/lib/domain';
import { AppError } from '@/lib/http/errors';
import type { DiffParams } from '@/lib/http/params';
import { historyDb } from '@/lib/history';
import type { HistoryDb } from '@/lib/history/db';
import type { DiffPageBody } from '@/lib/history/diff-job';
import { diffBodyInWorker } from '@/lib/history/diff-in-worker';
import { diffVersions } from '@/lib/history/reads';
import { listVersions, readVersionText } from '@/lib/history/store';
import type { DiffPageView, FilteredDiff } from './table-diff-types';

export type { DiffPageView, FilteredDiff };

/** The version ids the parameters name (the last two recorded when absent), or null when fewer than two exist. */
async function versionIds(db: HistoryDb, params: DiffParams): Promise<{ from: number; to: number } | null> {
  let { from, to } = params;
  if (from === undefined || to === undefined) {
    const versions = await listVersions(db);
    if (versions.length < 2) return null;
    to ??= versions[versions.length - 1]!.id;
    from ??= versions[Math.max(0, versions.findIndex((v) => v.id === to) - 1)]!.id;
  }
  return { from, to };
}

/** The diff the parameters ask for, or null when fewer than two versions are recorded. */
export async function readDiff(params: DiffParams): Promise<FilteredDiff | null> {
  const db = await historyDb();
  const ids = await versionIds(db, params);
  if (!ids) return null;
  const found = await diffVersions(db, ids.from, ids.to);
  if (!found) throw new AppError('not-found', `No recorded version ${ids.from} or ${ids.to}`);
  return { ...found, filtered: filterDiff(found.diff, { namespace: params.namespace, workload: params.workload }) };
}

/** The two versions and their stored text, for the worker. */
async function jobInputs(db: HistoryDb, ids: { from: number; to: number }) {
  const versions = await listVersions(db);
  const from = versions.find((v) => v.id === ids.from);
  const to = versions.find((v) => v.id === ids.to);
  const fromText = await readVersionText(db, ids.from);
  const toText = await readVersionText(db, ids.to);
  if (!from || !to || fromText === undefined || toText === undefined)
    throw new AppError('not-found', `No recorded version ${ids.from} or ${ids.to}`);
  return { from, to, fromText, toText };
}

/**
 * The diff's export (GET /api/table/diff: JSON {from, to, ...filtered} or CSV) as bytes, computed in a worker thread
 * so a diff of 100,000 rows never holds the server; null when fewer than two versions are recorded.
 */
export async function readDiffExport(params: DiffParams): Promise<{ from: number; to: number; body: ReadableStream<Uint8Array> } | null> {
  const db = await historyDb();
  const ids = await versionIds(db, params);
  if (!ids) return null;
  const filter = { namespace: params.namespace, workload: params.workload };
  const body = await diffBodyInWorker({ ...(await jobInputs(db, ids)), filter, format: params.format });
  return { ...ids, body };
}

/** Rows of each kind /table/diff shows per page: the server renders them in well under a tenth of a second. */
export const DIFF_PAGE_ROWS = 500;

/**
 * One page of the diff for /table/diff, computed in the worker like the export (the page's own thread only parses
 * the page), or null when fewer than two versions are recorded.
 */
export async function readDiffPage(params: DiffParams): Promise<DiffPageView | null> {
  const db = await historyDb();
  const ids = await versionIds(db, params);
  if (!ids) return null;
  const inputs = await jobInputs(db, ids);
  const filter = { namespace: params.namespace, workload: params.workload };
  const body = await diffBodyInWorker({ ...inputs, filter, format: { page: params.page, size: DIFF_PAGE_ROWS } });
  const answer = JSON.parse(await new Response(body).text()) as DiffPageBody;
  return { from: inputs.from, to: inputs.to, ...answer };
}
