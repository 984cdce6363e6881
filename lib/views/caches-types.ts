// The JSON of GET /api/caches: the state of the server's watch-fed caches. Types only.

export interface CacheState {
  name: string;
  synced: boolean;
  objects: number;
  /** Why the cache is not trusted now (its readers then read directly), or null. */
  behind: string | null;
  listedAt: string | null;
  lastHeardAt: string | null;
  relists: number;
  watchesLost: number;
}

export interface CachesView {
  caches: CacheState[];
}
