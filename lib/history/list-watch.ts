import 'server-only';
import { Watch, type KubeConfig } from '@kubernetes/client-node';
import { toAppError } from '@/lib/http/errors';
import { heard } from '@/lib/metrics/recorder';
import type { HistoryDb } from './db';
import { readCursor, writeCursor } from './observations';

// One object watched for the history: list it (or resume from the stored resourceVersion), then watch from there;
// a watch that ends is resumed from the last resourceVersion seen, and a 410 Gone (too old) relists.

type Obj = { metadata?: { resourceVersion?: string } };
export type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface ListWatchSpec<T extends Obj> {
  /** The cursor's name in the store. */
  name: string;
  /** The collection's API path, e.g. /api/v1/namespaces/kyverno-prd/configmaps. */
  path: string;
  fieldSelector: string;
  list(): Promise<{ items: T[]; resourceVersion: string }>;
  /** The state found on a list: the object, or null when it does not exist. */
  onList(item: T | null, at: Date): Promise<void>;
  /** `live`: the event came as it happened, not replayed right after (re)connecting from an old resourceVersion. */
  onEvent(type: EventType, item: T, at: Date, live: boolean): Promise<void>;
}

// Events arriving within this long of connecting are replays of what happened before; later ones are live.
const REPLAY_WINDOW_MS = 1500;
const WATCH_SECONDS = 290;

export class ListWatch<T extends Obj> {
  private stopped = false;
  private abort: AbortController | null = null;

  constructor(
    private readonly db: HistoryDb,
    private readonly kc: KubeConfig,
    private readonly spec: ListWatchSpec<T>,
  ) {}

  /** Runs until stop(); failures are logged (without the credential) and retried with a growing pause. */
  async run(): Promise<void> {
    let rv = await readCursor(this.db, this.spec.name);
    let pause = 1000;
    while (!this.stopped) {
      try {
        if (!rv) rv = await this.relist();
        const next = await this.watchFrom(rv);
        if (next === 'gone') rv = null;
        else rv = next;
        pause = 1000;
      } catch (err) {
        if (this.stopped) break;
        if (statusOf(err) === 410) {
          rv = null;
          continue;
        }
        console.warn(`memdash recorder: ${this.spec.name}: ${toAppError(err).message}; retrying in ${pause / 1000}s`);
        await sleep(pause);
        pause = Math.min(pause * 2, 30_000);
      }
    }
  }

  stop(): void {
    this.stopped = true;
    this.abort?.abort();
  }

  private async relist(): Promise<string> {
    const list = await this.spec.list();
    await this.spec.onList(list.items[0] ?? null, new Date());
    heard(this.spec.name, new Date());
    await writeCursor(this.db, this.spec.name, list.resourceVersion, new Date());
    return list.resourceVersion;
  }

  /** Watches from `rv` until the server ends the watch; gives the last resourceVersion handled, or 'gone'. */
  private watchFrom(rv: string): Promise<string | 'gone'> {
    return new Promise((resolve, reject) => {
      let last = rv;
      let gone = false;
      let chain: Promise<void> = Promise.resolve();
      const connectedAt = Date.now();
      const watch = new Watch(this.kc);
      // The server sends a bookmark about every minute; the client's default 30 s of silence would cut it off.
      (watch as unknown as { requestTimeoutMs: number }).requestTimeoutMs = (WATCH_SECONDS + 30) * 1000;
      const params = {
        fieldSelector: this.spec.fieldSelector,
        resourceVersion: rv,
        allowWatchBookmarks: true,
        timeoutSeconds: WATCH_SECONDS,
      };
      const onEvent = (type: string, object: T & { code?: number }) => {
        if (type === 'ERROR') {
          if (object?.code === 410) gone = true;
          return;
        }
        const at = new Date();
        heard(this.spec.name, at);
        const objectRv = object?.metadata?.resourceVersion;
        const live = Date.now() - connectedAt > REPLAY_WINDOW_MS;
        chain = chain.then(async () => {
          if (type === 'ADDED' || type === 'MODIFIED' || type === 'DELETED') await this.spec.onEvent(type, object, at, live);
          if (objectRv) {
            last = objectRv;
            await writeCursor(this.db, this.spec.name, objectRv, at);
          }
        });
      };
      const onDone = (err: unknown) => {
        chain.then(() => (gone ? resolve('gone') : err && !this.stopped ? reject(err) : resolve(last)), reject);
      };
      watch.watch(this.spec.path, params, onEvent, onDone).then((controller) => (this.abort = controller), reject);
    });
  }
}

function statusOf(err: unknown): number | null {
  const status = (err as { statusCode?: unknown; code?: unknown } | null)?.statusCode ?? (err as { code?: unknown } | null)?.code;
  return typeof status === 'number' ? status : null;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
