// The scenario's pods are created through Kyverno's stand-in, so their requests are what "Kyverno" set: first
// Kyverno itself and its registration, then the table as it was, the workloads, a break-glass during which one
// workload is created, and finally a new table, so that some pods are older than the table's last write.
import { kubectl, getJson } from '../lib/kubectl.ts';
import { fail, log } from '../lib/log.ts';
import { waitFor } from '../lib/processes.ts';
import { createPolicyObjects } from '../kyverno/objects.ts';
import { ADMISSION_PODS, DEPLOYMENT, NAMESPACE } from '../kyverno/names.ts';
import { waitForRegistration, waitForRegistrationGone, waitForTable } from '../kyverno/harness.ts';
import { seedTable, seedWorkloads } from './seed.ts';
import { WORKLOAD_LABEL, type WorkloadSpec } from './model.ts';
import { WORKLOADS } from './workloads.ts';

export async function seedThroughKyverno(): Promise<void> {
  const kyverno = WORKLOADS.filter((w) => w.namespace === NAMESPACE);
  const duringBreakGlass = WORKLOADS.filter((w) => w.createdWhileRegistrationDeleted);
  const rest = WORKLOADS.filter((w) => !kyverno.includes(w) && !duringBreakGlass.includes(w));
  createPolicyObjects();
  await seedWorkloads(kyverno);
  await waitForRegistration();
  await waitForTable(seedTable(WORKLOADS, true));
  await seedWorkloads(rest);
  await createDuringBreakGlass(duringBreakGlass);
  await waitForTable(seedTable(WORKLOADS));
  log('table rewritten after the pods: those sized from the older rows are stale');
}

/** Kyverno at zero (its clean shutdown deletes the registrations), the workloads created, Kyverno back at three. */
async function createDuringBreakGlass(workloads: WorkloadSpec[]): Promise<void> {
  kubectl(['-n', NAMESPACE, 'scale', 'deployment', DEPLOYMENT, '--replicas=0']);
  kubectl(['-n', NAMESPACE, 'wait', '--for=delete', 'pod', '-l', ADMISSION_PODS, '--timeout=120s']);
  await waitForRegistrationGone();
  await seedWorkloads(workloads);
  for (const w of workloads) await waitForPods(w);
  log(`created ${workloads.map((w) => `${w.namespace}/${w.name}`).join(', ')} while the registration was deleted`);
  kubectl(['-n', NAMESPACE, 'scale', 'deployment', DEPLOYMENT, '--replicas=3']);
  await waitForRegistration();
}

async function waitForPods(w: WorkloadSpec): Promise<void> {
  const ok = await waitFor(
    () =>
      getJson<{ items: unknown[] }>(['get', 'pods', '-n', w.namespace, '-l', `${WORKLOAD_LABEL}=${w.name}`]).items.length >=
      (w.replicas ?? 1),
    60_000,
    500,
  );
  if (!ok) fail(`the pods of ${w.namespace}/${w.name} were not created`);
}
