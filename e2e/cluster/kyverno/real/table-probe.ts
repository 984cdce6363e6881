// What table the real Kyverno holds, asked the only way Kyverno answers: server-side dry runs of pods through its
// webhook. One pod per workload of the table, owned by a ReplicaSet of that workload, one container per row and
// no resources; the table is held when each container comes back with its row as its request (no limit, no cap).
import { kubectlAsync } from '../../lib/kubectl.ts';
import { waitFor } from '../../lib/processes.ts';
import { fail } from '../../lib/log.ts';
import { bytesOf } from '../mutation.ts';
import { SKIPPED_NAMESPACES } from '../names.ts';
import { BATCH_NAMESPACE } from '../../scenario/batch-pool.ts';
import { tableRows } from '../../scenario/objects.ts';
import { WORKLOADS } from '../../scenario/workloads.ts';

interface Probe {
  namespace: string;
  workload: string;
  /** container -> the request it must come back with (undefined: none) */
  want: Record<string, string | undefined>;
}

// Kyverno skips these; and the batch pool's ResourceQuota is nearly full by design (the next table's fit breaks it), so
// a dry-run pod there is refused by the quota, whatever Kyverno holds.
const NOT_PROBED = [...SKIPPED_NAMESPACES, BATCH_NAMESPACE];

function probesFor(rows: Record<string, string> | null): Probe[] {
  // no table: a row the scenario's table has must come back untouched
  const keys = rows ?? Object.fromEntries(Object.keys(tableRows(WORKLOADS)).map((k) => [k, undefined]));
  const byWorkload = new Map<string, Probe>();
  for (const [key, row] of Object.entries(keys)) {
    const [namespace, workload, container] = key.split('_');
    if (!namespace || !workload || !container || NOT_PROBED.includes(namespace)) continue;
    const id = `${namespace}/${workload}`;
    const probe = byWorkload.get(id) ?? { namespace, workload, want: {} };
    probe.want[container] = row ?? undefined;
    byWorkload.set(id, probe);
  }
  const probes = [...byWorkload.values()];
  return rows ? probes : probes.slice(0, 1);
}

export function probePod(p: Probe): object {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'memdash-table-probe',
      namespace: p.namespace,
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: `${p.workload}-5b6d8f7c9`,
          uid: '00000000-0000-4000-8000-000000000000',
          controller: true,
        },
      ],
    },
    spec: { containers: Object.keys(p.want).map((name) => ({ name, image: 'registry.local/probe:1.0' })) },
  };
}

async function holds(p: Probe): Promise<boolean> {
  const answer = await kubectlAsync(['create', '--dry-run=server', '-o', 'json', '-f', '-'], { input: JSON.stringify(probePod(p)) });
  if (answer.code !== 0) return false;
  const pod = JSON.parse(answer.stdout) as {
    spec: { containers: Array<{ name: string; resources?: { requests?: { memory?: string } } }> };
  };
  return pod.spec.containers.every((c) => {
    const got = c.resources?.requests?.memory;
    const want = p.want[c.name];
    return want === undefined ? got === undefined : got !== undefined && bytesOf(got) === bytesOf(want);
  });
}

/** Until every workload's probe comes back with its rows (or, with no table, untouched). */
export async function waitForRealTable(rows: Record<string, string> | null, timeoutMs = 60_000): Promise<void> {
  const probes = probesFor(rows && Object.keys(rows).length ? rows : null);
  const allHold = async () => {
    for (const p of probes) if (!(await holds(p))) return false; // one at a time: each is a kubectl process
    return true;
  };
  const ok = await waitFor(allHold, timeoutMs, 1000);
  if (!ok) fail('the real Kyverno did not size dry-run pods from the table: see .cluster/logs/kyverno.log');
}
