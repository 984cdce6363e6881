import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { readTarget } from './client';

/**
 * What /readyz answers when the API server answers: its version. Not its URL or the context: /readyz answers anyone
 * who can reach memdash (load balancers, monitors); the home page shows where memdash reads from.
 */
export interface Readiness {
  ready: true;
  version: string;
}

/** Asks the API server for its version, the cheapest call that proves it answers; throws when it does not. */
export async function readiness(cluster: Cluster): Promise<Readiness> {
  const info = await cluster.clients().version.getCode();
  return { ready: true, version: info.gitVersion };
}

/** Where memdash reads from (the API server's URL and the kubeconfig context), for the home page only. */
export { readTarget };
