import { parseMemory } from './quantity';
import { malformedBytes, rowKey } from './table';
import type { ContainerShape } from './types';
import type { VerdictContext } from './verdict-types';

/** The container's row as the table holds it now. */
export type RowLookup =
  | { state: 'no-key' }
  | { state: 'no-table'; key: string }
  | { state: 'absent'; key: string }
  | { state: 'found'; key: string; bytes: number; value: string }
  | { state: 'malformed'; key: string; bytes: number | null; value: string; problem: string };

/** What a container's verdict compares: its request and limit in bytes, and its row. */
export interface ContainerFacts {
  name: string;
  init: boolean;
  request: number | null;
  /** The spec has no request: Kubernetes set it to the limit before admission, so that is what Kyverno saw. */
  requestDefaulted: boolean;
  limit: number | null;
  row: RowLookup;
}

export function containerFacts(container: ContainerShape, init: boolean, context: VerdictContext): ContainerFacts {
  const written = memoryOf(container.resources?.requests);
  const limit = memoryOf(container.resources?.limits);
  const requestDefaulted = written === null && limit !== null;
  return {
    name: container.name,
    init,
    request: requestDefaulted ? limit : written,
    requestDefaulted,
    limit,
    row: rowOf(container.name, context),
  };
}

function memoryOf(resources: Record<string, string> | undefined): number | null {
  const quantity = resources?.['memory'];
  return quantity === undefined ? null : parseMemory(quantity);
}

function rowOf(container: string, { workload, table }: VerdictContext): RowLookup {
  if (!workload) return { state: 'no-key' };
  const key = rowKey(workload.namespace, workload.name, container);
  if (!table.parsed.loaded) return { state: 'no-table', key };
  const row = table.parsed.rows[key];
  if (row) return { state: 'found', key, bytes: row.bytes, value: row.value };
  const bad = table.parsed.malformed.find((m) => m.key === key);
  if (bad) return { state: 'malformed', key, bytes: malformedBytes(bad), value: bad.value, problem: bad.problem };
  return { state: 'absent', key };
}

/** The row key, when the pod has a workload. */
export function keyOf(row: RowLookup): string | null {
  return row.state === 'no-key' ? null : row.key;
}

/** The row's bytes, when it has a size (a malformed row like 1Gi still has one). */
export function bytesOf(row: RowLookup): number | null {
  return row.state === 'found' || row.state === 'malformed' ? row.bytes : null;
}

/** What Kyverno gives a container from a row: the row, capped at the limit. */
export function sizedFrom(row: number, limit: number | null): number {
  return limit !== null && row > limit ? limit : row;
}
