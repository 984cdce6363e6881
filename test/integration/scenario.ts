// What the seeded scenario (e2e/cluster/scenario/workloads.ts) says each container holds, worked out here from the
// scenario's declarations and the Kyverno stand-in's rule (row capped at the limit), never from memdash's code.
import { bytesOf, requestFor } from '../../e2e/cluster/kyverno/mutation.ts';
import type { ContainerSpec, WorkloadSpec } from '../../e2e/cluster/scenario/model.ts';
import { WORKLOADS } from '../../e2e/cluster/scenario/workloads.ts';

export function scenarioWorkload(namespace: string, name: string): WorkloadSpec {
  const found = WORKLOADS.find((w) => w.namespace === namespace && w.name === name);
  if (!found) throw new Error(`the scenario has no workload ${namespace}/${name}`);
  return found;
}

/** A quantity in bytes; null for none. */
export const bytes = (quantity: string | undefined): number | null => (quantity === undefined ? null : bytesOf(quantity));

/** How the container came out of admission: sized from the table in force then, or left as its manifest asked. */
export function requestAtCreation(w: WorkloadSpec, c: ContainerSpec, sizedByKyverno: boolean): number | null {
  const row = (w.rowsAtCreation ?? w.rows)?.[c.name];
  // Kubernetes defaults a missing request to the limit before admission
  const manifest = c.request ?? c.limit;
  return bytes(sizedByKyverno && row !== undefined ? requestFor(row, c.limit) : manifest);
}

export interface ExpectedContainer {
  name: string;
  init: boolean;
  request: number | null;
  limit: number | null;
  row: number | null;
  verdict: string;
}

/** Every container of a scenario workload's pod as the explanation should show it, init containers first. */
export function expectedContainers(w: WorkloadSpec, verdict: (c: ContainerSpec) => string, sizedByKyverno: boolean): ExpectedContainer[] {
  const one = (c: ContainerSpec, init: boolean): ExpectedContainer => ({
    name: c.name,
    init,
    request: requestAtCreation(w, c, sizedByKyverno),
    limit: bytes(c.limit),
    row: bytes(w.rows?.[c.name]),
    verdict: verdict(c),
  });
  return [...(w.initContainers ?? []).map((c) => one(c, true)), ...w.containers.map((c) => one(c, false))];
}
