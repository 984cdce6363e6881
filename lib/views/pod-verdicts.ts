import 'server-only';
import { explainPod, type ContainerExplanation } from '@/lib/domain';
import { settings } from '@/lib/config';
import type { KubeClients } from '@/lib/k8s/client';
import { listNamespaces } from '@/lib/k8s/namespaces';
import { timestampOf, type LoadedPod } from '@/lib/k8s/pods';
import { readTable } from '@/lib/k8s/table';
import { readRegistration } from '@/lib/k8s/webhook';
import { withHistories } from './at-creation';

/**
 * Every container's verdict for many pods at once (the lists): the table, the registration and the namespaces'
 * labels are read once for all of them, and the history at the pods' creations in one read of the store.
 */
export async function verdictsOf(k: KubeClients, pods: LoadedPod[], now: Date): Promise<ContainerExplanation[][]> {
  const [table, registration, namespaces] = await Promise.all([readTable(k), readRegistration(k), listNamespaces(k)]);
  const labels = new Map(namespaces.map((n) => [n.name, n.labels]));
  const { jenkinsNamespace } = settings();
  const pasts = await withHistories(pods.map(timestampOf), registration);
  return pods.map((pod, i) => {
    const past = pasts[i]!;
    return explainPod({
      pod,
      namespaceLabels: labels.get(pod.metadata.namespace ?? '') ?? {},
      table,
      registration: past.registration,
      now,
      jenkinsNamespace,
      history: past.history,
    }).containers;
  });
}
