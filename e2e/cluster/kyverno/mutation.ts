// The policy's mutation as a JSON patch: each container's memory request (init containers too) becomes its row,
// capped at its memory limit. Limits and CPU are never in the patch. No table, no workload, no row: no operation.
import { workloadOf, type PodMeta } from './workload.ts';

export interface Resources {
  requests?: Record<string, string>;
  limits?: Record<string, string>;
}
export interface Container {
  name: string;
  resources?: Resources;
}
export interface Pod {
  metadata: PodMeta;
  spec: { containers: Container[]; initContainers?: Container[] };
}
export interface PatchOperation {
  op: 'add';
  path: string;
  value: unknown;
}

/** `rows` is the table's data, or null when it has none (or is not loaded). */
export function patchFor(pod: Pod, namespace: string, rows: Record<string, string> | null): PatchOperation[] {
  if (!rows) return [];
  const workload = workloadOf(pod.metadata, namespace);
  if (!workload) return [];
  const patch = (list: Container[] | undefined, field: string) =>
    (list ?? []).flatMap((c, i) => {
      const row = rows[`${namespace}_${workload}_${c.name}`];
      return row === undefined ? [] : requestOperation(c, `/spec/${field}/${i}`, requestFor(row, c.resources?.limits?.memory));
    });
  return [...patch(pod.spec.initContainers, 'initContainers'), ...patch(pod.spec.containers, 'containers')];
}

/** The row, or the limit when the row is above it. */
export function requestFor(row: string, limit: string | undefined): string {
  if (limit === undefined) return row;
  return bytesOf(row) > bytesOf(limit) ? limit : row;
}

function requestOperation(c: Container, path: string, request: string): PatchOperation[] {
  if (c.resources?.requests?.memory === request) return [];
  if (c.resources?.requests) return [{ op: 'add', path: `${path}/resources/requests/memory`, value: request }];
  if (c.resources) return [{ op: 'add', path: `${path}/resources/requests`, value: { memory: request } }];
  return [{ op: 'add', path: `${path}/resources`, value: { requests: { memory: request } } }];
}

const SUFFIX: Record<string, number> = {
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** A Kubernetes quantity in bytes (decimal exponents and milli included, for completeness). */
export function bytesOf(quantity: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(?:(m)|([eE][+-]?[0-9]+)|(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E))?$/.exec(quantity.trim());
  if (!match) throw new Error(`not a quantity: ${quantity}`);
  const number = Number(match[1]);
  if (match[2]) return number / 1000;
  if (match[3]) return number * 10 ** Number(match[3].slice(1));
  return number * SUFFIX[match[4] ?? '']!;
}
