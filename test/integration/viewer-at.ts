// Apart from cluster.ts, which the browser tests load too: they have no use for the Kubernetes client.
import { KubeConfig } from '@kubernetes/client-node';
import { kubeconfig } from './cluster';

/** The viewer's kubeconfig with its server at another local port: a proxy in front of the API server, or nothing. */
export function viewerAt(port: number): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfig('viewer'));
  const name = kc.getCurrentCluster()!.name;
  kc.clusters = kc.clusters.map((c) => (c.name === name ? { ...c, server: `https://127.0.0.1:${port}` } : c));
  return kc;
}
