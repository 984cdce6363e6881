import { partFailed, partOk, type Part } from './part';
import { parseMemory } from './quantity';
import { lastDataWrite, problemWithKey, type TableConfigMapShape } from './table';
import type { TableData } from './table-diff';
import { formatTime, parseRfc3339 } from './time';

// A saved table, as the runbook saves it (`kubectl get configmap memory-requests -o json > memory-requests-<date>.json`),
// turned into a snapshot: its data and the time it stands for.

export interface SavedTable {
  data: TableData;
  /** The time the snapshot stands for. */
  takenAt: string;
  /** explicit: given by the operator; managed-fields: the data's last write in the file; file-name: the date in its name. */
  takenAtSource: 'explicit' | 'managed-fields' | 'file-name';
  rows: number;
}

export interface ImportTarget {
  namespace: string;
  name: string;
}

// A saved file is refused whole rather than stored in part: an import becomes history that verdicts may read.
/** Kubernetes refuses a ConfigMap whose data passes 1 MiB, so no real table is bigger. */
export const MAX_TABLE_DATA_BYTES = 1024 * 1024;
/** No container's request is above 1 TiB; a bigger row is a typo or an attack on the diff's arithmetic. */
export const MAX_ROW_BYTES = 2 ** 40;
const ROWS_NAMED = 5;

/**
 * Reads a saved table file; never throws: a file that is not the table's ConfigMap, a row that is not
 * <namespace>_<workload>_<container>: <memory size>, or a time that is not RFC 3339 or lies after `now` gets a
 * sentence saying why.
 */
export function parseSavedTable(text: string, fileName: string, target: ImportTarget, now: Date, explicitTime?: string): Part<SavedTable> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(`${fileName} is not JSON: save the table with kubectl get configmap ${target.name} -o json`);
  }
  const problem = configMapProblem(json, target);
  if (problem) return fail(`${fileName} ${problem}`);
  const configMap = json as { data?: Record<string, string> } & TableConfigMapShape;
  const rows = rowsProblem(configMap.data ?? {});
  if (rows) return fail(`${fileName} ${rows}`);
  const time = timeOf(configMap, fileName, explicitTime);
  if ('problem' in time) return fail(time.problem);
  if (new Date(time.at) > now)
    return fail(`${fileName} is dated ${time.at}, after now (${formatTime(now)}): a saved table is from the past`);
  const data = configMap.data && Object.keys(configMap.data).length > 0 ? configMap.data : null;
  return partOk({ data, takenAt: time.at, takenAtSource: time.source, rows: Object.keys(data ?? {}).length });
}

function fail(problem: string): Part<SavedTable> {
  return partFailed('bad-request', problem);
}

function configMapProblem(json: unknown, target: ImportTarget): string | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'is not a Kubernetes object';
  const { kind, apiVersion, metadata, data } = json as Record<string, unknown>;
  if (kind === 'List') return 'is a list: save the one ConfigMap (kubectl get configmap <name> -o json), not a list';
  if (kind !== 'ConfigMap' || apiVersion !== 'v1') return `is a ${String(kind ?? 'object without a kind')}, not a v1 ConfigMap`;
  const meta = (metadata ?? {}) as { name?: unknown; namespace?: unknown };
  if (meta.name !== undefined && meta.name !== target.name) return `is ConfigMap ${String(meta.name)}, not the table ${target.name}`;
  if (meta.namespace !== undefined && meta.namespace !== target.namespace) {
    return `is in namespace ${String(meta.namespace)}, not the table's namespace ${target.namespace}`;
  }
  if (data === undefined || data === null) return null;
  if (typeof data !== 'object' || Array.isArray(data)) return 'has a data field that is not a map';
  const bad = Object.entries(data).find(([, v]) => typeof v !== 'string');
  return bad ? `has a row ${bad[0]} whose value is not a string` : null;
}

/** Every row must be one Kyverno could use; the first few bad ones are named, with how many there are. */
function rowsProblem(data: Record<string, string>): string | null {
  const size = Object.entries(data).reduce((sum, [k, v]) => sum + k.length + v.length, 0);
  if (size > MAX_TABLE_DATA_BYTES) return `holds ${size} bytes of data: Kubernetes keeps at most ${MAX_TABLE_DATA_BYTES} in a ConfigMap`;
  const bad: string[] = [];
  let count = 0;
  for (const [key, value] of Object.entries(data)) {
    const problem = problemWithKey(key) ?? problemWithRowValue(value);
    if (!problem) continue;
    count++;
    if (bad.length < ROWS_NAMED) bad.push(`${JSON.stringify(key.slice(0, 80))}: ${problem}`);
  }
  if (count === 0) return null;
  return `has ${count} row${count === 1 ? '' : 's'} that cannot be a table row (${bad.join('; ')}${count > bad.length ? '; …' : ''})`;
}

function problemWithRowValue(value: string): string | null {
  const bytes = parseMemory(value);
  if (bytes === null)
    return `${JSON.stringify(value.slice(0, 40))}${value.length > 40 ? ` (${value.length} characters)` : ''} is not a memory size`;
  if (bytes > MAX_ROW_BYTES) return `${value} is above 1Ti`;
  return null;
}

const DATE_IN_NAME = /(\d{4}-\d{2}-\d{2})(?:[T_](\d{2})[:-]?(\d{2}))?/;

function timeOf(
  configMap: TableConfigMapShape,
  fileName: string,
  explicit?: string,
): { at: string; source: SavedTable['takenAtSource'] } | { problem: string } {
  if (explicit) {
    const at = parseRfc3339(explicit);
    return at
      ? { at: formatTime(at), source: 'explicit' }
      : { problem: `${JSON.stringify(explicit)} is not an RFC 3339 time with its zone (write it as 2026-10-06T10:00:00Z)` };
  }
  // Kept only when the file was saved with --show-managed-fields; the last write of the data is then exact.
  const written = lastDataWrite(configMap);
  if (written?.source === 'data-fields') return { at: written.at, source: 'managed-fields' };
  const match = DATE_IN_NAME.exec(fileName);
  const at = match ? parseRfc3339(`${match[1]}T${match[2] ?? '00'}:${match[3] ?? '00'}:00Z`) : null;
  if (at) return { at: formatTime(at), source: 'file-name' };
  if (match) return { problem: `${fileName} is named with ${match[0]}, which is no date and time that exists` };
  return { problem: `${fileName} has no date in its name (memory-requests-<YYYY-MM-DD>.json) and no time was given` };
}
