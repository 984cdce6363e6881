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
  const both = fromBytes !== null && toBytes !== null;
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

/** Rows new in `to`, gone from `from`, and changed between them; the biggest first in each list. */
export function diffTables(from: TableData, to: TableData): TableDiff {
  const before = from ?? {};
  const after = to ?? {};
  const added: RowChange[] = [];
  const gone: RowChange[] = [];
  const changed: RowChange[] = [];
  let unchanged = 0;
  for (const [key, value] of Object.entries(after)) {
    const old = Object.hasOwn(before, key) ? before[key] : undefined;
    if (old === undefined) added.push(changeOf(key, null, value));
    else if (old !== value) changed.push(changeOf(key, old, value));
    else unchanged++;
  }
  for (const [key, value] of Object.entries(before)) {
    if (!Object.hasOwn(after, key)) gone.push(changeOf(key, value, null));
  }
  added.sort(byBytes((c) => c.toBytes));
  gone.sort(byBytes((c) => c.fromBytes));
  changed.sort(byMagnitude);
  return { added, gone, changed, unchanged };
}

/** The counts the job logs for a run that wrote `to` over `from`, and the changed rows it does not log. */
export function diffCounts(diff: TableDiff): DiffCounts {
  return { rows: diff.added.length + diff.changed.length + diff.unchanged, new: diff.added.length, gone: diff.gone.length, changed: diff.changed.length };
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
  const lines = [CSV_HEADER.join(',')];
  const add = (change: string, c: RowChange) =>
    lines.push(
      [change, c.key, c.namespace, c.workload, c.container, c.fromValue ?? '', c.toValue ?? '', c.deltaMi ?? '', c.deltaPercent === null ? '' : c.deltaPercent.toFixed(1)]
        .map(csvField)
        .join(','),
    );
  for (const c of diff.changed) add('changed', c);
  for (const c of diff.added) add('new', c);
  for (const c of diff.gone) add('gone', c);
  return `${lines.join('\n')}\n`;
}

// Keys and values come from a ConfigMap anyone with write access could fill: quote what CSV needs quoted, and
// defuse a leading =, +, - or @ that a spreadsheet would run as a formula.
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
