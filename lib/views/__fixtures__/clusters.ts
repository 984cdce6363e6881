// Clusters for unit tests of read models: a name, the runbook's facts, and the clients a test gives (none by default:
// a read the test did not expect fails, naming the cluster). Two of the same shape tell apart an answer kept per
// cluster from one shared by all.
import type { KubeConfig } from '@kubernetes/client-node';
import type { Cluster } from '@/lib/cluster/cluster';
import { factsFromSettings } from '@/lib/cluster/facts';
import { loadSettings } from '@/lib/config';
import type { HistoryDb } from '@/lib/history';
import type { KubeCaches } from '@/lib/k8s/caches';
import type { KubeClients } from '@/lib/k8s/client';

export function fakeCluster(name: string, clients?: () => KubeClients): Cluster {
  const none = (what: string) => () => {
    throw new Error(`${what} of cluster ${name}: not given by the test`);
  };
  return Object.freeze({
    name,
    facts: factsFromSettings(loadSettings({})),
    prometheus: {},
    identity: { usernamePrefix: '', groupsPrefix: '', writeAsUser: true },
    kubeConfig: none('the kubeconfig') as () => KubeConfig,
    clients: clients ?? (none('the clients') as () => KubeClients),
    caches: none('the caches') as () => KubeCaches,
    cachesMade: () => undefined,
    history: () => Promise.reject(new Error(`the history store of cluster ${name}: not given by the test`)) as Promise<HistoryDb>,
  });
}
