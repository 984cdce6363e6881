import { MiB, parseMemory } from './quantity';
import { formatTime, toDate } from './time';

// The table is the ConfigMap's data: one row per container, <namespace>_<workload>_<container>: <n>Mi.

export interface TableRow {
  key: string;
  namespace: string;
  workload: string;
  container: string;
  bytes: number;
  value: string;
}

export interface MalformedRow {
  key: string;
  value: string;
  problem: string;
}

export interface ParsedTable {
  /** False when the ConfigMap has no data (or an empty one): Kyverno then admits every pod untouched. */
  loaded: boolean;
  rows: Record<string, TableRow>;
  malformed: MalformedRow[];
  /** Well-formed rows; the ConfigMap holds count + malformed.length entries. */
  count: number;
}

// A row's key is `<namespace>_<workload>_<container>`. Namespaces and containers are RFC 1123 labels, workloads at
// most subdomains: lower case, digits, '-' and '.'. None holds '_', which is why the key can be split on it.
const KEY_SEPARATOR = '_';

/** The key of a container's row. */
export function rowKey(namespace: string, workload: string, container: string): string {
  return [namespace, workload, container].join(KEY_SEPARATOR);
}

/** A key's parts between the separators: three for a well-formed key. */
export function rowKeyParts(key: string): string[] {
  return key.split(KEY_SEPARATOR);
}

const KUBERNETES_NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
// At most 9 digits (under 954 TiB): a number a double holds exactly; longer is no memory size.
const TABLE_VALUE = /^(0|[1-9]\d{0,8})Mi$/;
const PART_LIMITS = [
  ['namespace', 63],
  ['workload', 253],
  ['container', 63],
] as const;

/** Every entry of the ConfigMap's data as a row or as a malformed row: nothing is thrown, nothing dropped. */
export function parseTable(data: Record<string, string> | null | undefined): ParsedTable {
  const rows: Record<string, TableRow> = {};
  const malformed: MalformedRow[] = [];
  for (const [key, value] of Object.entries(data ?? {})) {
    const row = parseRow(key, value);
    if ('problem' in row) malformed.push(row);
    else rows[key] = row;
  }
  const count = Object.keys(rows).length;
  return { loaded: count + malformed.length > 0, rows, malformed, count };
}

function parseRow(key: string, value: string): TableRow | MalformedRow {
  const keyProblem = problemWithKey(key);
  if (keyProblem) return { key, value, problem: keyProblem };
  const valueProblem = problemWithValue(value);
  if (valueProblem) return { key, value, problem: valueProblem };
  const [namespace = '', workload = '', container = ''] = rowKeyParts(key);
  return { key, namespace, workload, container, bytes: Number(value.slice(0, -2)) * MiB, value };
}

/** Why a key is no <namespace>_<workload>_<container> of Kubernetes names, or null when it is one. */
export function problemWithKey(key: string): string | null {
  const parts = rowKeyParts(key);
  if (parts.length !== 3) {
    return `the key has ${parts.length} part${parts.length === 1 ? '' : 's'} between underscores, not 3 (<namespace>_<workload>_<container>)`;
  }
  const bad = parts.find((part) => !KUBERNETES_NAME.test(part));
  if (bad !== undefined) return `the key's part ${JSON.stringify(bad)} is not a Kubernetes name`;
  const long = PART_LIMITS.findIndex(([, max], i) => parts[i]!.length > max);
  if (long >= 0) return `the key's ${PART_LIMITS[long]![0]} is longer than ${PART_LIMITS[long]![1]} characters`;
  return null;
}

function problemWithValue(value: string): string | null {
  if (TABLE_VALUE.test(value)) return null;
  if (value.length > 40) return `a value of ${value.length} characters is no memory size`;
  if (value !== value.trim()) return `"${value}" has spaces around it`;
  const bytes = parseMemory(value);
  if (bytes !== null) return `"${value}" is a memory size, but not in the <n>Mi form the snapshot writes`;
  if (value.trim().startsWith('-')) return `"${value}" is negative`;
  return `"${value}" is not a memory size`;
}

/** A malformed row that is still a memory size (1Gi, 512M, 0.5Mi) in bytes: what Kyverno would likely set. */
export function malformedBytes(row: MalformedRow): number | null {
  return parseMemory(row.value);
}

type ManagedFieldsEntry = { manager?: string; time?: string | Date; operation?: string; fieldsV1?: unknown; subresource?: string };

export interface TableConfigMapShape {
  metadata?: { creationTimestamp?: string | Date; managedFields?: ManagedFieldsEntry[] };
}

/** When the data was last written, by whom, and which evidence that rests on. */
export interface LastWrite {
  at: string;
  manager: string | null;
  /** data-fields: an entry owning f:data; newest-entry: no entry owns data now; creation: no managedFields. */
  source: 'data-fields' | 'newest-entry' | 'creation';
}

/** The time of the table's last write (see lastDataWrite), or null when the ConfigMap tells none. */
export function lastWriteOf(configMap: TableConfigMapShape): string | null {
  return lastDataWrite(configMap)?.at ?? null;
}

/**
 * The last write of the ConfigMap's data, from its managedFields: a ConfigMap keeps no other write time, and its
 * resourceVersion orders writes but is no time. The newest entry that owns f:data is the last write of the rows.
 * When none owns f:data, the data was removed (the remover's entry, if it kept any field, is then the newest) or
 * never written, so the newest entry is the best bound. Limits: times are to the second, and there is one entry
 * per manager and operation, so a manager's earlier writes are overwritten by its latest.
 */
export function lastDataWrite(configMap: TableConfigMapShape): LastWrite | null {
  const entries = (configMap.metadata?.managedFields ?? []).filter(
    (e) => !e.subresource && (e.operation === 'Update' || e.operation === 'Apply'),
  );
  const dataWrite = newest(entries.filter((e) => ownsData(e.fieldsV1)));
  if (dataWrite) return { at: formatTime(dataWrite.at), manager: dataWrite.entry.manager ?? null, source: 'data-fields' };
  const other = newest(entries);
  if (other) return { at: formatTime(other.at), manager: other.entry.manager ?? null, source: 'newest-entry' };
  const created = toDate(configMap.metadata?.creationTimestamp);
  return created ? { at: formatTime(created), manager: null, source: 'creation' } : null;
}

function ownsData(fieldsV1: unknown): boolean {
  return typeof fieldsV1 === 'object' && fieldsV1 !== null && 'f:data' in fieldsV1;
}

function newest(entries: ManagedFieldsEntry[]): { entry: ManagedFieldsEntry; at: Date } | null {
  let found: { entry: ManagedFieldsEntry; at: Date } | null = null;
  for (const entry of entries) {
    const at = toDate(entry.time);
    if (at && (!found || at > found.at)) found = { entry, at };
  }
  return found;
}
