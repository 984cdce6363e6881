import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { toAppError } from '@/lib/errors';

/** One pod's log tail, each line prefixed as kubectl's --prefix does. */
export interface LogTail {
  pod: string;
  container: string;
  lines: string[];
  /** Why this pod's log could not be read (a pod just starting has none yet). */
  error: string | null;
}

const TAIL_LINES = 50;
/** The most of one pod's tail read: fifty lines can be any length. */
const TAIL_BYTES = 256 * 1024;

/** The runbook's `logs -l <admission pods> --prefix --tail=50`: each admission-controller pod's last lines. */
export async function readAdmissionLogs(cluster: Cluster): Promise<LogTail[]> {
  const { kyvernoNamespace: namespace, admissionPodSelector: labelSelector } = cluster.facts;
  const k = cluster.clients();
  const pods = await k.core.listNamespacedPod({ namespace, labelSelector });
  return Promise.all(
    pods.items.map(async (pod) => {
      const name = pod.metadata?.name ?? '';
      const container = pod.spec?.containers[0]?.name ?? '';
      try {
        const text = await k.core.readNamespacedPodLog({ namespace, name, container, tailLines: TAIL_LINES, limitBytes: TAIL_BYTES });
        return { pod: name, container, lines: text.split('\n').filter((l) => l !== ''), error: null };
      } catch (err) {
        return { pod: name, container, lines: [], error: toAppError(err).message };
      }
    }),
  );
}
