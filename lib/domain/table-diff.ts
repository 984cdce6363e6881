import { MiB, parseMemory } from './quantity';
import { rowKeyParts } from './table';

// What changed between two versions of the table: rows new, gone and changed, as the snapshot job counts them
// ("<n> rows, <n> new, <n> gone"), plus the changed rows the job does not count. Works on the raw `data` so a
// malformed row is diffed too (its size, when it has one, is read as Kubernetes would).

/** The table's data as the ConfigMap holds it; null when it has none. */
export type TableData = Record<string, string> | null;

export interface RowChange {
  key: string;
  namespace: string;
  workload: string;
  container: string;
  /** The value as written ("512Mi"), or null when the row is not in that version. */
  fromValue: string | null;
  toValue: string | null;
  /** Bytes, when the value is a memory size. */
  fromBytes: number | null;
  toBytes: number | null;
  /** to − from in MiB, when both have a size. */
  deltaMi: number | null;
  /** (to − from) / from in percent, when both have a size and from is not 0. */
  deltaPercent: number | null;
}

export interface TableDiff {
  added: RowChange[];
  gone: RowChange[];
  changed: RowChange[];
  unchanged: number;
}

export interface DiffCounts {
  rows: number;
  new: number;
  gone: number;
  changed: number;
}

/** The parts of a row key; a key that does not split in three keeps it whole as the namespace, for filtering. */
export function keyParts(key: string): { namespace: string; workload: string; container: string } {
  const parts = rowKeyParts(key);
  if (parts.length !== 3) return { namespace: key, workload: '', container: '' };
  const [namespace = '', workload = '', container = ''] = parts;
  return { namespace, workload, container };
}

function changeOf(key: string, fromValue: string | null, toValue: string | null): RowChange {
  const fromBytes = fromValue === null ? null : parseMemory(fromValue);
  const toBytes = toValue === null ? null : parseMemory(toValue);
  // A size too big for a double (Infinity) has no difference to show: Infinity − Infinity is NaN.
  const both = fromBytes !== null && toBytes !== null && Number.isFinite(fromBytes) && Number.isFinite(toBytes);
  return {
    key,
    ...keyParts(key),
    fromValue,
    toValue,
    fromBytes,
    toBytes,
    deltaMi: both ? (toBytes - fromBytes) / MiB : null,
    deltaPercent: both && fromBytes !== 0 ? ((toBytes - fromBytes) / fromBytes) * 100 : null,
  };
}

/** Biggest change first (by |Δ MiB|, rows without a size last), then by key, so the list reads the same each time. */
function byMagnitude(a: RowChange, b: RowChange): number {
  const da = a.deltaMi === null ? -1 : Math.abs(a.deltaMi);
  const db = b.deltaMi === null ? -1 : Math.abs(b.deltaMi);
  return db - da || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

function byBytes(bytes: (c: RowChange) => number | null) {
  return (a: RowChange, b: RowChange) => (bytes(b) ?? -1) - (bytes(a) ?? -1) || (a.key < b.key ? -1 : 1);
}

/** A table's rows as a Map: read lazily, where iterating an object of 100,000 keys first copies them all. */
export type TableRows = ReadonlyMap<string, string>;

function rowsOf(data: TableData): TableRows {
  return new Map(Object.entries(data ?? {}));
}

/** Rows new in `to`, gone from `from`, and changed between them; the biggest first in each list. */
export function diffTables(from: TableData, to: TableData): TableDiff {
  const steps = diffSteps(rowsOf(from), rowsOf(to));
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * diffTables in slices of rows, awaiting `pause` between them: a diff of two tables of 100,000 rows takes long
 * enough to keep a server from answering anything else (its health checks included) if done in one go.
 */
export async function diffTablesInSlices(from: TableRows, to: TableRows, pause: () => Promise<void>): Promise<TableDiff> {
  const steps = diffSteps(from, to);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** Rows compared between two yields; a slice takes a few milliseconds. */
export const DIFF_SLICE = 1000;

function* diffSteps(before: TableRows, after: TableRows): Generator<void, TableDiff> {
  const added: RowChange[] = [];
  const gone: RowChange[] = [];
  const changed: RowChange[] = [];
  let unchanged = 0;
  let done = 0;
  for (const [key, value] of after) {
    const old = before.get(key);
    if (old === undefined) added.push(changeOf(key, null, value));
    else if (old !== value) changed.push(changeOf(key, old, value));
    else unchanged++;
    if (++done % DIFF_SLICE === 0) yield;
  }
  for (const [key, value] of before) {
    if (!after.has(key)) gone.push(changeOf(key, value, null));
    if (++done % DIFF_SLICE === 0) yield;
  }
  return {
    added: yield* sortInSlices(
      added,
      byBytes((c) => c.toBytes),
    ),
    gone: yield* sortInSlices(
      gone,
      byBytes((c) => c.fromBytes),
    ),
    changed: yield* sortInSlices(changed, byMagnitude),
    unchanged,
  };
}

/** A stable merge sort that yields every DIFF_SLICE elements: slices sorted alone, then merged pass by pass. */
function* sortInSlices<T>(items: T[], compare: (a: T, b: T) => number): Generator<void, T[]> {
  let runs: T[][] = [];
  for (let i = 0; i < items.length; i += DIFF_SLICE) {
    runs.push(items.slice(i, i + DIFF_SLICE).sort(compare));
    yield;
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let i = 0; i < runs.length; i += 2) merged.push(runs[i + 1] ? yield* merge(runs[i]!, runs[i + 1]!, compare) : runs[i]!);
    runs = merged;
  }
  return runs[0] ?? [];
}

function* merge<T>(a: T[], b: T[], compare: (a: T, b: T) => number): Generator<void, T[]> {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    // <= keeps equal elements of `a` first: the sort stays stable, so the order reads the same each time.
    out.push(j >= b.length || (i < a.length && compare(a[i]!, b[j]!) <= 0) ? a[i++]! : b[j++]!);
    if (out.length % DIFF_SLICE === 0) yield;
  }
  return out;
}

// One "key":"value" pair of a JSON object of strings, as JSON.stringify writes it: no spaces, escapes kept.
const JSON_PAIR = String.raw`[{,]"((?:[^"\\]|\\.)*)":"((?:[^"\\]|\\.)*)"`;

/**
 * The rows of a stored table (the JSON text of its data, as JSON.stringify wrote it) read DIFF_SLICE at a time,
 * awaiting `pause` between slices: JSON.parse of 100,000 keys holds the server for a fifth of a second. Null data
 * gives no rows; text of any other shape is parsed whole.
 */
export async function rowsFromJsonInSlices(text: string | null, pause: () => Promise<void>): Promise<TableRows> {
  const rows = new Map<string, string>();
  if (text === null || text === '{}' || text === 'null') return rows;
  const unescape = (s: string) => (s.includes('\\') ? (JSON.parse(`"${s}"`) as string) : s);
  const pair = new RegExp(JSON_PAIR, 'y'); // one per call: a sticky regex keeps its place across the pauses
  let end = 0; // a failed exec resets lastIndex: where the last pair ended is kept here
  for (let match = pair.exec(text); match; match = pair.exec(text)) {
    end = pair.lastIndex;
    rows.set(unescape(match[1]!), unescape(match[2]!));
    if (rows.size % DIFF_SLICE === 0) await pause();
  }
  if (end !== text.length - 1 || text[end] !== '}') return rowsOf(JSON.parse(text) as TableData);
  return rows;
}

/** The counts the job logs for a run that wrote `to` over `from`, and the changed rows it does not log. */
export function diffCounts(diff: TableDiff): DiffCounts {
  return {
    rows: diff.added.length + diff.changed.length + diff.unchanged,
    new: diff.added.length,
    gone: diff.gone.length,
    changed: diff.changed.length,
  };
}

/** A workload of the table: the namespace and workload its row keys start with. */
export interface TableWorkload {
  namespace: string;
  workload: string;
}

/**
 * The workloads a write drops: every row of theirs is gone and `after` holds none (a workload that lost one
 * container's row but keeps another's is not dropped). Sorted by namespace/workload.
 */
export function workloadsDropped(gone: readonly RowChange[], after: Readonly<Record<string, string>> | null): TableWorkload[] {
  const id = (w: TableWorkload) => `${w.namespace}/${w.workload}`;
  const kept = new Set(Object.keys(after ?? {}).map((key) => id(keyParts(key))));
  const dropped = new Map<string, TableWorkload>();
  for (const { namespace, workload } of gone) {
    const w = { namespace, workload };
    if (!kept.has(id(w))) dropped.set(id(w), w);
  }
  return [...dropped].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, w]) => w);
}

/** One page of a diff as /table/diff shows it: each kind's rows from `(page - 1) * size`, and how many there are. */
export interface DiffPage {
  page: number;
  size: number;
  added: RowChange[];
  gone: RowChange[];
  changed: RowChange[];
  totals: { added: number; gone: number; changed: number };
  unchanged: number;
}

/** The page's slice of each kind: a page of 100,000 rows would take the server seconds to render and the browser more. */
export function pageOfDiff(diff: TableDiff, page: number, size: number): DiffPage {
  const slice = (rows: RowChange[]) => rows.slice((page - 1) * size, page * size);
  return {
    page,
    size,
    added: slice(diff.added),
    gone: slice(diff.gone),
    changed: slice(diff.changed),
    totals: { added: diff.added.length, gone: diff.gone.length, changed: diff.changed.length },
    unchanged: diff.unchanged,
  };
}

/** How many pages the longest kind fills. */
export function diffPageCount(page: DiffPage): number {
  return Math.max(1, Math.ceil(Math.max(page.totals.added, page.totals.gone, page.totals.changed) / page.size));
}

export interface DiffFilter {
  namespace?: string;
  /** Part of the workload's name. */
  workload?: string;
}

/** Only the rows of one namespace and of workloads whose name contains the given text. */
export function filterDiff(diff: TableDiff, filter: DiffFilter): TableDiff {
  const keep = (c: RowChange) =>
    (!filter.namespace || c.namespace === filter.namespace) && (!filter.workload || c.workload.includes(filter.workload));
  if (!filter.namespace && !filter.workload) return diff;
  return { added: diff.added.filter(keep), gone: diff.gone.filter(keep), changed: diff.changed.filter(keep), unchanged: diff.unchanged };
}

const CSV_HEADER = ['change', 'key', 'namespace', 'workload', 'container', 'from', 'to', 'delta_mi', 'delta_percent'];

/** The diff as CSV, one line per row that differs: what a spreadsheet or `column -t -s,` reads. */
export function diffToCsv(diff: TableDiff): string {
  return `${[...diffCsvLines(diff)].join('\n')}\n`;
}

/** The CSV's lines one by one (header first), for a response written in slices. */
export function* diffCsvLines(diff: TableDiff): Generator<string> {
  yield CSV_HEADER.join(',');
  const line = (change: string, c: RowChange) =>
    [
      change,
      c.key,
      c.namespace,
      c.workload,
      c.container,
      c.fromValue ?? '',
      c.toValue ?? '',
      c.deltaMi ?? '',
      c.deltaPercent === null ? '' : Math.round(c.deltaPercent * 10) / 10,
    ]
      .map(csvField)
      .join(',');
  for (const c of diff.changed) yield line('changed', c);
  for (const c of diff.added) yield line('new', c);
  for (const c of diff.gone) yield line('gone', c);
}

// Keys and values come from a ConfigMap anyone with write access could fill: quote what CSV needs quoted, and
// defuse a leading =, +, - or @ that a spreadsheet would run as a formula.
function csvField(value: string | number): string {
  // Numbers are written as numbers (a spreadsheet reads -12.5 as one); only text is defused.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
