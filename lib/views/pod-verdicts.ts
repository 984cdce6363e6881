import 'server-only';
import { explainPod, type ContainerExplanation, type ExplainInput } from '@/lib/domain';
import { settings } from '@/lib/config';
import type { KubeClients } from '@/lib/k8s/client';
import { listNamespaces } from '@/lib/k8s/namespaces';
import { timestampOf, type LoadedPod } from '@/lib/k8s/pods';
import { readTable } from '@/lib/k8s/table';
import { readRegistration } from '@/lib/k8s/webhook';
import { withHistories } from './at-creation';

/** What the lists show and count of a container's verdict: its codes and sizes, not the sentences that explain it. */
export type ListedVerdict = Pick<ContainerExplanation, 'name' | 'init' | 'request' | 'limit' | 'row' | 'verdict'>;

/**
 * Every container's verdict for many pods at once (the lists): the table, the registration and the namespaces'
 * labels are read once for all of them, and the history at the pods' creations in one read of the store.
 */
export async function verdictsOf(k: KubeClients, pods: LoadedPod[], now: Date): Promise<ListedVerdict[][]> {
  const [table, registration, namespaces] = await Promise.all([readTable(k), readRegistration(k), listNamespaces(k)]);
  const labels = new Map(namespaces.map((n) => [n.name, n.labels]));
  const { jenkinsNamespace } = settings();
  const pasts = await withHistories(pods.map(timestampOf), registration);
  return pods.map((pod, i) => {
    const past = pasts[i]!;
    return judged(pod, {
      pod,
      namespaceLabels: labels.get(pod.metadata.namespace ?? '') ?? {},
      table,
      registration: past.registration,
      now,
      jenkinsNamespace,
      history: past.history,
    });
  });
}

// /workloads and /pods?verdict= judge every pod: 20,000 explanations took a second per request. A pod from the
// watch-fed cache is the same object until it changes, and the table, the namespaces' labels and a recorded table
// version are the same objects until they change; so each pod's verdicts are kept with what they were judged from
// and reused while all of it is the same. `now` only words how long the registration has been absent, so it counts
// (to the minute) only then. Only what the lists use is kept: with the explanations' sentences, 20,000 pods' kept
// verdicts held 100 MB.
const kept = new WeakMap<LoadedPod, { inputs: unknown[]; containers: ListedVerdict[] }>();

function judged(pod: LoadedPod, input: ExplainInput): ListedVerdict[] {
  const inputs = inputsOf(input);
  const last = kept.get(pod);
  if (last && last.inputs.every((v, i) => v === inputs[i])) return last.containers;
  const containers = explainPod(input).containers.map(({ name, init, request, limit, row, verdict }) => ({
    name,
    init,
    request,
    limit,
    row,
    verdict,
  }));
  kept.set(pod, { inputs, containers });
  return containers;
}

/** What a pod's verdicts depend on besides the pod, each compared by identity or as a short string. */
function inputsOf(input: ExplainInput): unknown[] {
  const { registration, history } = input;
  return [
    input.table,
    input.namespaceLabels,
    input.jenkinsNamespace,
    registration.present,
    registration.entry,
    registration.absentSince,
    registration.present ? null : Math.floor(input.now.getTime() / 60_000),
    history?.table ?? null,
    history?.tableRecordedSince ?? null,
    history ? registrationKey(history.registration) : null,
  ];
}

// The registration at a creation is a new object on each read, shared by the pods created at the same time: its
// words are compared, worked out once per object.
const registrationKeys = new WeakMap<object, string>();

function registrationKey(registration: object): string {
  let key = registrationKeys.get(registration);
  if (key === undefined) registrationKeys.set(registration, (key = JSON.stringify(registration)));
  return key;
}
