import 'server-only';
import { KubeConfig } from '@kubernetes/client-node';
import { variableOf } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { historyOf, type HistoryDb } from '@/lib/history';
import { createCaches, type KubeCaches } from '@/lib/k8s/caches';
import { clientsFor, nameCluster, type KubeClients } from '@/lib/k8s/client';
import type { ClusterEntry, IdentityMapping, PrometheusTarget } from './config';
import type { ClusterFacts } from './facts';

/**
 * One cluster memdash reads, resolved once per request at the edge (`route()`, a page) and handed first to every read
 * model and reader: its name, its read credential's clients, its watch-fed caches, its facts, its Prometheus and its
 * history. Nothing below the edge finds a cluster by itself.
 */
export interface Cluster {
  readonly name: string;
  /** The kubeconfig context it is read with, when one is named (the CLI's --context picks by it). */
  readonly context?: string;
  readonly facts: ClusterFacts;
  readonly prometheus: PrometheusTarget;
  /** How its API server names a person memdash signed in. */
  readonly identity: IdentityMapping;
  /** The read credential, loaded on first use. */
  kubeConfig(): KubeConfig;
  /** Clients acting with the read credential (see clientsFor). */
  clients(timeoutMs?: number, signal?: AbortSignal): KubeClients;
  /** The watch-fed caches, created on first use, each started on its own first use. */
  caches(): KubeCaches;
  /** The caches if any were made: /metrics and /api/caches list what started, and never start one. */
  cachesMade(): KubeCaches | undefined;
  /** The history store. */
  history(): Promise<HistoryDb>;
}

/** A cluster from its entry; `kc` is its read credential already loaded (a test's own kubeconfig), else loaded on use. */
export function makeCluster(entry: ClusterEntry, loaded?: KubeConfig): Cluster {
  let kc: KubeConfig | undefined = loaded && named(loaded, entry.name);
  let caches: KubeCaches | undefined;
  const kubeConfig = () => (kc ??= named(loadKubeConfig(entry), entry.name));
  return Object.freeze({
    name: entry.name,
    context: entry.context,
    facts: entry.facts,
    prometheus: Object.freeze({ ...entry.prometheus }),
    identity: Object.freeze({ ...entry.identity }),
    kubeConfig,
    clients: (timeoutMs?: number, signal?: AbortSignal) => clientsFor(kubeConfig(), timeoutMs, signal),
    caches: () => (caches ??= createCaches(kubeConfig(), entry.facts)),
    cachesMade: () => caches,
    history: () => historyOf(entry.name),
  });
}

function named(kc: KubeConfig, name: string): KubeConfig {
  nameCluster(kc, name);
  return kc;
}

function loadKubeConfig(entry: ClusterEntry): KubeConfig {
  const kc = new KubeConfig();
  if (entry.inCluster) kc.loadFromCluster();
  else if (entry.kubeconfig) kc.loadFromFile(entry.kubeconfig);
  else kc.loadFromDefault();
  if (entry.context) {
    if (!kc.getContextObject(entry.context)) {
      throw new AppError('internal', `${where(entry)}: the kubeconfig has no context named "${entry.context}"`);
    }
    kc.setCurrentContext(entry.context);
  }
  return kc;
}

const where = (entry: ClusterEntry) => `cluster ${entry.name} (${entry.kubeconfig ? 'its kubeconfig' : variableOf('kubeContext')})`;
