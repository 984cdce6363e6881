import 'server-only';
import { settings, type Settings } from '@/lib/config';
import { readCaches } from '@/lib/k8s/caches';
import { readKubeConfig } from '@/lib/k8s/client';
import { recorderLeader } from '@/lib/metrics/metrics';
import { historyDb, storeDescription, type HistoryDb } from './index';
import { startRecorder, type HeldRecorder } from './recorder';
import { recordWhileLeading } from './recorder-lease';

const KEY = Symbol.for('memdash.recorder');
type WithRecorder = typeof globalThis & { [KEY]?: { stop(): void } };

/**
 * Opens the store (running its migrations) and starts the recorder unless MEMDASH_RECORDER=off: at once, or, with
 * MEMDASH_RECORDER_LEASE, whenever this replica holds the Lease. Once per process.
 */
export async function startHistory(): Promise<void> {
  const db = await historyDb();
  const s = settings();
  const g = globalThis as WithRecorder;
  if (s.recorder === 'off' || g[KEY]) return;
  try {
    const kc = readKubeConfig();
    if (s.recorderLease) {
      const [namespace, name] = s.recorderLease.split('/') as [string, string];
      // follows the caches from now on, writing nothing until it holds the Lease: then what it saw meanwhile first
      const recorder = recording(db, s, true);
      g[KEY] = recordWhileLeading(kc, { namespace, name }, s.recorderLeaseSeconds, () => {
        // a held write that fails is reported like a live one, not left as an unhandled rejection
        recorder.release().catch((err) => console.error('memdash recorder: a held write failed', err));
        return { stop: () => recorder.hold(), done: recorder.done };
      });
      console.log(`memdash: recording whenever this replica holds the Lease ${s.recorderLease}`);
    } else {
      g[KEY] = recording(db, s);
      recorderLeader.set(1);
    }
  } catch (err) {
    // Pages still serve without the recorder; the history then simply stops growing, and says from when it reaches.
    console.error('memdash: the recorder did not start:', err instanceof Error ? err.message : err);
  }
}

function recording(db: HistoryDb, s: Settings, held = false): HeldRecorder {
  const recorder = startRecorder(db, readCaches(), s, held);
  recorder.done.catch((err) => console.error('memdash recorder stopped', err));
  // a replica waiting for the Lease says so itself; this line is for one that records now
  if (!held)
    console.log(
      `memdash: recording the table ${s.kyvernoNamespace}/${s.tableConfigMap}, the registration ${s.webhookConfiguration} and ${s.admissionDeployment} into ${storeDescription()}`,
    );
  return recorder;
}
