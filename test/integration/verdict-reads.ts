// What the verdict tests read from memdash, as a running memdash answers it: the explanation through its route, the
// lists' verdicts, and the table versions its recorder records into the file's own store. Loaded as the viewer.
import { expect } from 'vitest';
import { kubeconfig, requireCluster, until } from './cluster';

type Explanation = import('@/lib/views/explain-types').Explanation;

/** Sets KUBECONFIG to the viewer's before memdash's modules load (they read it as they load). */
export async function verdictReads() {
  requireCluster();
  process.env.KUBECONFIG = kubeconfig('viewer');
  const { GET } = await import('@/app/c/[cluster]/api/pods/[namespace]/[pod]/explanation/route');
  const { settings } = await import('@/lib/config');
  const { historyDb } = await import('@/lib/history');
  const { startRecorder } = await import('@/lib/history/recorder');
  const { listVersions, readVersion } = await import('@/lib/history/store');
  const { listGaps } = await import('@/lib/history/reads');
  const { findPodsWithVerdicts } = await import('@/lib/views/pods');
  const { defaultCluster } = await import('@/lib/cluster/registry');
  const { EVERYTHING } = await import('@/lib/domain/rights');
  const db = await historyDb();

  async function explain(namespace: string, pod: string): Promise<Explanation> {
    const response = await GET(new Request(`http://memdash.test/api/pods/${namespace}/${pod}/explanation`), {
      params: Promise.resolve({ namespace, pod }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Explanation;
  }

  /**
   * The pod's verdicts as the lists (/pods?verdict=, /workloads) judge them, or null while the pod cache does not
   * have the pod yet. The lists keep each pod's verdicts while what it was judged from is the same, so they are
   * asked early too, and must then follow the explanation.
   */
  async function listedVerdicts(namespace: string, pod: string): Promise<string[] | null> {
    const { pods } = await findPodsWithVerdicts(defaultCluster(), { namespace, name: pod, limit: 50 }, undefined, new Date(), EVERYTHING);
    return pods.find((p) => p.name === pod)?.containers.map((c) => c.verdict) ?? null;
  }

  /** The newest recorded version of the table, once the recorder has one that `holds`. */
  const recorded = (holds: (data: Record<string, string>) => boolean) =>
    until('the recorder to record the table', async () => {
      const newest = (await listVersions(db)).at(-1);
      const data = newest ? ((await readVersion(db, newest.id))?.data ?? {}) : null;
      return data && holds(data) ? newest : null;
    });

  /** Starts the recorder as the server does and waits for its first version of the table; returns its stop. */
  async function startRecording(): Promise<() => void> {
    const recorder = startRecorder(db, defaultCluster().caches(), defaultCluster().facts);
    await until("the recorder's first version of the table", async () => (await listVersions(db)).length > 0);
    return () => recorder.stop();
  }

  return { db, explain, listedVerdicts, recorded, startRecording, listGaps: () => listGaps(db), settings };
}

export const shown = (e: Explanation) =>
  e.containers.map((c) => ({ name: c.name, init: c.init, request: c.request, limit: c.limit, row: c.row, verdict: c.verdict }));
