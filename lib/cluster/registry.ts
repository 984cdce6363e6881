import 'server-only';
import { readFileSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';
import { settings } from '@/lib/config';
import { makeCluster, type Cluster } from './cluster';
import { parseClusters, singleCluster, type ClusterList } from './config';

// The clusters of this process, made once from MEMDASH_CLUSTERS (or the one kubeconfig context) and kept on
// globalThis: Next may load this module more than once in one server, and each cluster's caches and watches must
// be made once. Only the edge asks here (route(), a page, the recorder's start, the CLI); everything below takes the
// Cluster it is handed.

export interface Clusters {
  readonly all: readonly Cluster[];
  readonly defaultCluster: Cluster;
  named(name: string): Cluster | undefined;
}

const KEY = Symbol.for('memdash.clusters');
type WithClusters = typeof globalThis & { [KEY]?: Clusters };

export function clusters(): Clusters {
  const g = globalThis as WithClusters;
  return (g[KEY] ??= makeClusters(clusterList()));
}

/** The configured list, read and checked (config-start calls it first, so a bad file stops the server). */
export function clusterList(): ClusterList {
  const s = settings();
  if (s.clustersFile) return parseClusters(readFileSync(s.clustersFile, 'utf8'), s);
  return singleCluster(s, s.kubeContext ? undefined : currentContext());
}

function currentContext(): string | undefined {
  try {
    const kc = new KubeConfig();
    kc.loadFromDefault();
    return kc.getCurrentContext() || undefined;
  } catch {
    return undefined;
  }
}

function makeClusters(list: ClusterList): Clusters {
  const all = list.clusters.map((entry) => makeCluster(entry));
  const byName = new Map(all.map((c) => [c.name, c]));
  return Object.freeze({ all, defaultCluster: byName.get(list.defaultName)!, named: (name: string) => byName.get(name) });
}

/** The default cluster: what today's URLs, without /c/{cluster}/, are about. */
export const defaultCluster = (): Cluster => clusters().defaultCluster;
