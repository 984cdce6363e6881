import 'server-only';
import { settings } from '@/lib/config';
import { readCaches } from '@/lib/k8s/caches';
import { historyDb } from './index';
import { startRecorder, type Recorder } from './recorder';

const KEY = Symbol.for('memdash.recorder');
type WithRecorder = typeof globalThis & { [KEY]?: Recorder };

/** Opens the store (running its migrations) and starts the recorder unless MEMDASH_RECORDER=off. Once per process. */
export async function startHistory(): Promise<void> {
  const db = await historyDb();
  const s = settings();
  const g = globalThis as WithRecorder;
  if (s.recorder === 'off' || g[KEY]) return;
  let recorder: Recorder;
  try {
    recorder = startRecorder(db, readCaches(), s);
  } catch (err) {
    // Pages still serve without the recorder; the history then simply stops growing, and says from when it reaches.
    console.error('memdash: the recorder did not start:', err instanceof Error ? err.message : err);
    return;
  }
  g[KEY] = recorder;
  recorder.done.catch((err) => console.error('memdash recorder stopped', err));
  console.log(
    `memdash: recording the table ${s.kyvernoNamespace}/${s.tableConfigMap}, the registration ${s.webhookConfiguration} and ${s.admissionDeployment} into ${s.historyPath}`,
  );
}
