// The history a test file records, as a running memdash records it: the file's own store (setup.ts) and the recorder
// following the cluster through the viewer's caches.
import { KubeConfig } from '@kubernetes/client-node';
import { kubeconfig, requireCluster } from './cluster';

/**
 * Sets KUBECONFIG to the viewer's before it loads memdash's modules (they read it as they load), so call it before
 * importing any of them. `startRecorder(held)` starts one more recorder on the store with the settings in force.
 */
export async function recordingAsViewer() {
  requireCluster();
  process.env.KUBECONFIG = kubeconfig('viewer');
  const { settings } = await import('@/lib/config');
  const { historyDb } = await import('@/lib/history');
  const recorder = await import('@/lib/history/recorder');
  const { cachesFor } = await import('@/lib/k8s/caches');
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfig('viewer'));
  const db = await historyDb();
  const caches = cachesFor(kc);
  return { db, caches, startRecorder: (held = false) => recorder.startRecorder(db, caches, settings(), held) };
}
