import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';

/**
 * `make`'s value for each cluster, made on its first use: a memo or a shared read that depends on a cluster's facts
 * (its step, its Jenkins namespace) is one per cluster. Shared reads' keys still name the cluster, as every key does.
 */
export function perCluster<F>(make: (cluster: Cluster) => F): (cluster: Cluster) => F {
  const made = new WeakMap<Cluster, F>();
  return (cluster) => {
    let f = made.get(cluster);
    if (!f) made.set(cluster, (f = make(cluster)));
    return f;
  };
}
