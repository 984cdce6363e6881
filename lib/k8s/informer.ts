import 'server-only';
import { HttpMethod, RequestContext, Watch, type KubeConfig } from '@kubernetes/client-node';
import { fetch } from 'undici';
import {
  cacheDifference,
  differs,
  NO_DIFFERENCE,
  persistingDifference,
  repairReason,
  type CacheDifference,
} from '@/lib/domain/cache-check';
import { setDigest } from '@/lib/domain/set-digest';
import { noteServerBack, noteServerLost } from './api-server-back';

// A watch-fed cache of one kind, shared by the process (the API server's informer, in small): list once in pages,
// then watch from the list's resourceVersion; a watch that ends is resumed from the last resourceVersion seen; a
// 410 Gone (the server no longer has that version) lists again. It is trusted only once synced and while its watch
// is not lost; otherwise `behind()` says why, and readers read directly. Every so often it compares what it holds
// with a fresh list of names (lib/domain/cache-check.ts): a change its watch never delivered is repaired by a relist.

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface RawObject {
  metadata?: { name?: string; namespace?: string; resourceVersion?: string; uid?: string };
}

export interface InformerSpec<T> {
  /** What it caches, in messages and /api/caches: "pods", "configmap kyverno-prd/memory-requests". */
  name: string;
  /** The collection's API path, e.g. /api/v1/pods. */
  path: string;
  fieldSelector?: string;
  labelSelector?: string;
  /** What is kept of an object: only the fields the pages use. */
  slim(raw: RawObject): T;
}

/** Who else follows the same watch (the recorder): told of every list and every event, in order, as cached. */
export interface InformerSubscriber<T> {
  /** The objects a (re)list found, at the list's resourceVersion; on subscribing, what the cache holds. */
  onList?(items: T[], at: Date, resourceVersion: string): Promise<void> | void;
  /** `live`: it came as it happened, not replayed right after (re)connecting. */
  onEvent?(type: WatchEventType, object: T, at: Date, live: boolean): Promise<void> | void;
}

export interface CacheStatus {
  name: string;
  synced: boolean;
  objects: number;
  /** Why the cache is not trusted now (not synced, watch lost), or null. */
  behind: string | null;
  listedAt: string | null;
  lastHeardAt: string | null;
  relists: number;
  watchesLost: number;
  /** Relists made because a check found it holding what a fresh list did not (a change its watch never delivered). */
  repairs: number;
  /** What it lists: the collection's path and its selectors, as a URL's path and query. */
  list: string;
}

/** A cache's status with what it holds, as /api/caches gives it. */
export interface CacheListing extends CacheStatus {
  /** The names it holds (namespace/name), as setDigest gives them: compared with a fresh list's by `npm run soak`. */
  digest: string;
}

const PAGE = 500;
// The server ends a watch after this long (a normal end: it is resumed at once). Silence is no sign of trouble: a
// quiet kind gets no bookmarks; a connection that died without a word is cut by the client's inactivity timeout.
const WATCH_SECONDS = 290;
const REPLAY_WINDOW_MS = 1500;

export interface CheckTimes {
  /** How often the cache is compared with a fresh list of names. */
  everyMs: number;
  /** After a comparison that differed, how soon it is compared again (a difference must persist to count). */
  againAfterMs: number;
}

// a list of names is a small part of a list of objects, and a missed change is rare: every ten minutes bounds how
// long one is shown at little cost on the largest clusters
const CHECK_TIMES: CheckTimes = { everyMs: 600_000, againAfterMs: 15_000 };

/** Checks every `seconds` (MEMDASH_CACHE_CHECK_SECONDS), each difference looked at again 15 s later, or sooner. */
export const checkTimesEvery = (seconds: number): CheckTimes => ({
  everyMs: seconds * 1000,
  againAfterMs: Math.min(CHECK_TIMES.againAfterMs, seconds * 1000),
});

export class Informer<T> {
  private readonly objects = new Map<string, T>();
  /**
   * The same objects by namespace, each with the number of the cache's last change to it: a view of one namespace is
   * made again only then. A namespace left empty is dropped, so the numbers come from one counter and never repeat.
   */
  private readonly namespaces = new Map<string, { objects: Map<string, T>; changed: number }>();
  private changes = 0;
  private readonly subscribers = new Set<InformerSubscriber<T>>();
  private rv: string | null = null;
  private synced = false;
  private stopped = false;
  private running: Promise<void> | null = null;
  private abort: AbortController | null = null;
  private listedAt: Date | null = null;
  private lastHeardAt: Date | null = null;
  private lost: { since: Date; reason: string } | null = null;
  private relists = 0;
  private watchesLost = 0;
  private forcedResume: string | null = null;
  private relistWanted = false;
  private repairs = 0;
  private lastDifference: CacheDifference = NO_DIFFERENCE;
  private checkTimer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private syncWaiters: Array<() => void> = [];
  /** Bumped on every change: derived views are recomputed only when it moved. */
  version = 0;

  constructor(
    private readonly kc: KubeConfig,
    readonly spec: InformerSpec<T>,
    private readonly checkTimes: CheckTimes = CHECK_TIMES,
  ) {}

  /** Whether it was started: each cache starts on its first use. */
  get started(): boolean {
    return this.running !== null;
  }

  start(): this {
    if (!this.running) this.running = this.run();
    return this;
  }

  stop(): Promise<void> {
    this.stopped = true;
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.abort?.abort();
    return this.running ?? Promise.resolve();
  }

  /** Follows the cache's changes (starting it); a cache already synced first hands over what it holds. */
  subscribe(subscriber: InformerSubscriber<T>): () => void {
    this.start();
    void this.inOrder(async () => {
      this.subscribers.add(subscriber);
      if (this.synced) await subscriber.onList?.(this.list(), new Date(), this.rv ?? '');
    });
    return () => void this.subscribers.delete(subscriber);
  }

  /** Resolves once the first list is in the cache, or after `timeoutMs`; gives whether it is synced. */
  async whenSynced(timeoutMs: number): Promise<boolean> {
    if (this.synced) return true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.syncWaiters.push(resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs).unref())),
    ]);
    clearTimeout(timer);
    return this.synced;
  }

  /** Why the cache cannot be trusted now, or null when it can. */
  behind(): string | null {
    if (!this.synced) return `the ${this.spec.name} cache has not finished its first list`;
    if (this.lost) return `the ${this.spec.name} cache lost its watch at ${this.lost.since.toISOString()} (${this.lost.reason})`;
    return null;
  }

  /** The cached objects; empty until synced. */
  list(): T[] {
    return [...this.objects.values()];
  }

  get(namespace: string | undefined, name: string): T | undefined {
    return this.objects.get(keyOf(namespace, name));
  }

  /** The cached objects of one namespace; empty until synced. */
  listIn(namespace: string): T[] {
    return [...(this.namespaces.get(namespace)?.objects.values() ?? [])];
  }

  /**
   * Moves whenever an object of `namespace` changes or the cache lists again (`version` moves on any change): a list
   * puts every object again, each put numbered past every earlier one.
   */
  namespaceVersion(namespace: string): string {
    return String(this.namespaces.get(namespace)?.changed ?? 0);
  }

  /** Sets (or, given null, deletes) the object at `key` (namespace/name), in both maps. */
  private put(key: string, object: T | null): void {
    const namespace = key.slice(0, key.indexOf('/'));
    let entry = this.namespaces.get(namespace);
    if (!entry) this.namespaces.set(namespace, (entry = { objects: new Map(), changed: 0 }));
    if (object === null) {
      this.objects.delete(key);
      entry.objects.delete(key);
      if (entry.objects.size === 0) this.namespaces.delete(namespace);
    } else {
      this.objects.set(key, object);
      entry.objects.set(key, object);
    }
    entry.changed = ++this.changes;
  }

  status(): CacheStatus {
    return {
      name: this.spec.name,
      synced: this.synced,
      objects: this.objects.size,
      behind: this.behind(),
      listedAt: this.listedAt?.toISOString() ?? null,
      lastHeardAt: this.lastHeardAt?.toISOString() ?? null,
      relists: this.relists,
      watchesLost: this.watchesLost,
      repairs: this.repairs,
      list: listPath(this.spec),
    };
  }

  /** The status and the digest of the names held: a pass over every key, so not part of each /metrics scrape. */
  listing(): CacheListing {
    return { ...this.status(), digest: setDigest(this.objects.keys()) };
  }

  /**
   * Cuts the watch and resumes it from `resourceVersion` (when the watch is lost: once it can connect again), as after
   * a connection lost for long: with a version the server no longer has, it answers 410 Gone and the cache lists
   * again; with a later one, the changes in between are never delivered. For tests of those paths on a real server.
   */
  resumeFrom(resourceVersion: string): void {
    this.forcedResume = resourceVersion;
    this.abort?.abort();
  }

  private async run(): Promise<void> {
    let pause = 1000;
    while (!this.stopped) {
      try {
        if (this.forcedResume) [this.rv, this.forcedResume] = [this.forcedResume, null];
        if (!this.rv) await this.relist();
        const ended = await this.watchFrom(this.rv!);
        if (ended === 'gone' || this.relistWanted) [this.rv, this.relistWanted] = [null, false];
        pause = 1000;
      } catch (err) {
        if (this.stopped) break;
        if (statusOf(err) === 410) {
          this.rv = null;
          continue;
        }
        this.loseWatch(messageOf(err), statusOf(err));
        await sleep(pause);
        pause = Math.min(pause * 2, 30_000);
      }
    }
  }

  private loseWatch(reason: string, status: number | null = null): void {
    if (!this.lost) {
      this.lost = { since: new Date(), reason };
      const server = this.kc.getCurrentCluster()?.server;
      // a server that answered 401, 403 or 404 is there: its refusal of this credential is not the server lost
      const answered = status !== null && status < 500;
      if (server && !answered) noteServerLost(this.kc, server);
      this.watchesLost++;
      console.warn(`memdash: ${this.behind()}; retrying`);
    }
  }

  private async relist(): Promise<void> {
    const { entries, resourceVersion } = await listAll(this.kc, this.spec);
    const at = new Date();
    await this.inOrder(async () => {
      this.objects.clear();
      this.namespaces.clear();
      for (const [key, slim] of entries) this.put(key, slim);
      this.version++;
      for (const s of this.subscribers) await s.onList?.(this.list(), at, resourceVersion);
    });
    if (this.listedAt) this.relists++;
    this.rv = resourceVersion;
    this.listedAt = at;
    this.lastHeardAt = at;
    this.heardAgain();
    this.synced = true;
    this.lastDifference = NO_DIFFERENCE;
    this.syncWaiters.splice(0).forEach((resolve) => resolve());
    this.scheduleCheck(this.checkTimes.everyMs);
  }

  private scheduleCheck(ms: number): void {
    if (this.checkTimer) clearTimeout(this.checkTimer);
    if (this.stopped) return;
    this.checkTimer = setTimeout(() => void this.check(), ms).unref();
  }

  /** Compares the names held with a fresh list's; a difference found twice in a row is repaired by a relist. */
  private async check(): Promise<void> {
    if (!this.synced || this.lost || this.rv === null || this.relistWanted) return this.scheduleCheck(this.checkTimes.everyMs);
    let listed: string[];
    try {
      listed = await listNames(this.kc, this.spec);
    } catch {
      // the API server is away or busy: the watch says so on its own; the next check comes as usual
      return this.scheduleCheck(this.checkTimes.everyMs);
    }
    const difference = await this.inOrder(async () => void 0).then(() => cacheDifference(this.objects.keys(), listed));
    const persisting = persistingDifference(this.lastDifference, difference);
    this.lastDifference = difference;
    if (differs(persisting)) return this.repair(persisting);
    this.scheduleCheck(differs(difference) ? this.checkTimes.againAfterMs : this.checkTimes.everyMs);
  }

  private repair(difference: CacheDifference): void {
    console.warn(`memdash: ${repairReason(this.spec.name, difference, this.checkTimes.againAfterMs / 1000)}; listing again`);
    this.repairs++;
    this.relistWanted = true;
    this.abort?.abort();
  }

  /** Watches from `rv` until the watch ends (the resourceVersion handled moves along in `this.rv`), or 410 Gone. */
  private watchFrom(rv: string): Promise<'ended' | 'gone'> {
    return new Promise((resolve, reject) => {
      let gone = false;
      let ended = false;
      const connectedAt = Date.now();
      const watch = new Watch(this.kc);
      // a quiet watch gets a bookmark about every minute: the client's default 30 s of silence would cut it
      (watch as unknown as { requestTimeoutMs: number }).requestTimeoutMs = (WATCH_SECONDS + 30) * 1000;
      const params = {
        fieldSelector: this.spec.fieldSelector,
        labelSelector: this.spec.labelSelector,
        resourceVersion: rv,
        allowWatchBookmarks: true,
        timeoutSeconds: WATCH_SECONDS,
      };
      const onEvent = (type: string, object: RawObject & { code?: number }) => {
        this.lastHeardAt = new Date();
        if (type === 'ERROR') {
          if (object?.code === 410) gone = true;
          return;
        }
        const objectRv = object?.metadata?.resourceVersion;
        if (type !== 'ADDED' && type !== 'MODIFIED' && type !== 'DELETED') {
          if (type === 'BOOKMARK' && objectRv) void this.inOrder(async () => void (this.rv = objectRv));
          return;
        }
        const at = new Date();
        const live = Date.now() - connectedAt > REPLAY_WINDOW_MS;
        void this.inOrder(async () => {
          const key = keyOf(object.metadata?.namespace, object.metadata?.name);
          const slim = this.spec.slim(object);
          this.put(key, type === 'DELETED' ? null : slim);
          this.version++;
          if (objectRv) this.rv = objectRv;
          for (const s of this.subscribers) await s.onEvent?.(type, slim, at, live);
        });
      };
      const onDone = (err: unknown) => {
        ended = true;
        void this.chain.then(() => {
          if (gone) resolve('gone');
          else if (err && !this.stopped && !this.cutting && !isAbort(err)) reject(err);
          else resolve('ended');
        });
      };
      watch.watch(this.spec.path, params, onEvent, onDone).then((controller) => {
        // the API server sends the watch's headers with its first event: a stop or a forced resume may come first
        this.abort = controller;
        if (this.stopped || this.cutting) controller.abort();
        else if (!ended) {
          // connected: the server answers again
          this.heardAgain();
          this.lastHeardAt = new Date();
        }
      }, reject);
    });
  }

  /** The server answers again: a watch that had lost it tells the 403 check (./api-server-back.ts). */
  private heardAgain(): void {
    const server = this.kc.getCurrentCluster()?.server;
    if (this.lost && server) noteServerBack(this.kc, server);
    this.lost = null;
  }

  /** Whether the watch is being cut on purpose: to resume from another version, or to list again. */
  private get cutting(): boolean {
    return this.forcedResume !== null || this.relistWanted;
  }

  /** Changes and the subscribers' handlers run one at a time, in the order the server sent them. */
  private inOrder(step: () => Promise<void>): Promise<void> {
    const next = this.chain.then(step).catch((err) => console.error(`memdash: the ${this.spec.name} cache:`, messageOf(err)));
    this.chain = next;
    return next;
  }
}

/**
 * Lists a collection in pages of 500 as plain JSON (no typed objects for every pod), consistent at one version,
 * each page slimmed as it arrives: every whole pod (managedFields, specs) held until the last page would take the
 * server past its memory target for the length of a list, where their slim copies take a small part of it
 * (bench/memory.ts: docs/benchmarks.md).
 */
async function listAll<T>(kc: KubeConfig, spec: InformerSpec<T>): Promise<{ entries: Array<[string, T]>; resourceVersion: string }> {
  const entries: Array<[string, T]> = [];
  const resourceVersion = await readPages(kc, spec, 'application/json', (item) =>
    entries.push([keyOf(item.metadata?.namespace, item.metadata?.name), spec.slim(item)]),
  );
  return { entries, resourceVersion };
}

// the objects' metadata only: what a check compares is names
const METADATA_ONLY = 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io,application/json';

/** The names (namespace/name) a fresh list of the collection holds. */
async function listNames(kc: KubeConfig, spec: InformerSpec<unknown>): Promise<string[]> {
  const names: string[] = [];
  await readPages(kc, spec, METADATA_ONLY, (item) => names.push(keyOf(item.metadata?.namespace, item.metadata?.name)));
  return names;
}

/** Reads every page of a list, handing each item over as it comes; gives the list's resourceVersion. */
async function readPages(kc: KubeConfig, spec: InformerSpec<unknown>, accept: string, onItem: (item: RawObject) => void): Promise<string> {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('The kubeconfig has no current cluster');
  let resourceVersion = '';
  let next: string | undefined;
  do {
    const url = new URL(cluster.server + spec.path);
    url.searchParams.set('limit', String(PAGE));
    if (spec.fieldSelector) url.searchParams.set('fieldSelector', spec.fieldSelector);
    if (spec.labelSelector) url.searchParams.set('labelSelector', spec.labelSelector);
    if (next) url.searchParams.set('continue', next);
    const context = new RequestContext(url.toString(), HttpMethod.GET);
    await kc.applySecurityAuthentication(context);
    const response = await fetch(url, {
      headers: { ...context.getHeaders(), accept },
      dispatcher: context.getDispatcher() as never,
      signal: AbortSignal.timeout(60_000),
    });
    if (response.status !== 200) {
      throw Object.assign(new Error(`list ${spec.path}: HTTP ${response.status}`), { statusCode: response.status });
    }
    // a list of metadata with no items gives `items: null`
    const page = (await response.json()) as { items?: RawObject[] | null; metadata?: { resourceVersion?: string; continue?: string } };
    for (const item of page.items ?? []) onItem(item);
    resourceVersion = page.metadata?.resourceVersion ?? resourceVersion;
    next = page.metadata?.continue || undefined;
  } while (next);
  return resourceVersion;
}

function listPath(spec: InformerSpec<unknown>): string {
  const query = new URLSearchParams();
  if (spec.fieldSelector) query.set('fieldSelector', spec.fieldSelector);
  if (spec.labelSelector) query.set('labelSelector', spec.labelSelector);
  return query.size > 0 ? `${spec.path}?${query}` : spec.path;
}

function keyOf(namespace: string | undefined, name: string | undefined): string {
  return `${namespace ?? ''}/${name ?? ''}`;
}

function statusOf(err: unknown): number | null {
  const status = (err as { statusCode?: unknown } | null)?.statusCode ?? (err as { code?: unknown } | null)?.code;
  return typeof status === 'number' ? status : null;
}

function isAbort(err: unknown): boolean {
  return (err as { name?: string } | null)?.name === 'AbortError';
}

function messageOf(err: unknown): string {
  const status = statusOf(err);
  const message = err instanceof Error ? err.message : String(err);
  return status ? `HTTP ${status}: ${message}` : message;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
