// Each replica's watch-fed caches against a fresh list of the same collection from the API server: the same names,
// compared by digest (lib/domain/set-digest.ts over namespace/name, as /api/caches gives it), and the same count.
import { api, type Api } from '../../e2e/cluster/lib/api.ts';
import { setDigest } from '../../lib/domain/set-digest.ts';
import type { Replica } from './replicas.ts';

interface CacheStatus {
  name: string;
  synced: boolean;
  objects: number;
  list: string;
  digest: string;
  relists: number;
  watchesLost: number;
  repairs: number;
}

export interface CacheComparison {
  replica: string;
  cache: string;
  synced: boolean;
  /** What the cache holds less what the fresh list holds (0 when the same), and whether the names are the same. */
  countDifference: number;
  sameNames: boolean;
  relists: number;
  watchesLost: number;
  /** Relists the cache made on its own check against a fresh list. */
  repairs: number;
}

// the names are all a comparison needs: a list of metadata is a fraction of the objects (20,000 pods whole were a
// minute's work per comparison for the soak, under its load)
const METADATA_ONLY = 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io,application/json';

async function freshDigest(client: Api, list: string): Promise<{ count: number; digest: string }> {
  const names: string[] = [];
  let next: string | undefined;
  do {
    const url = new URL(list, 'http://x');
    url.searchParams.set('limit', '500');
    if (next) url.searchParams.set('continue', next);
    // a list of metadata with no items gives none (null), not []
    const page = await client.call<{
      items: Array<{ metadata: { name: string; namespace?: string } }> | null;
      metadata: { continue?: string };
    }>('GET', `${url.pathname}${url.search}`, undefined, undefined, METADATA_ONLY);
    for (const item of page.items ?? []) names.push(`${item.metadata.namespace ?? ''}/${item.metadata.name}`);
    next = page.metadata.continue || undefined;
  } while (next);
  return { count: names.length, digest: setDigest(names) };
}

export async function compareCaches(replicas: Replica[]): Promise<CacheComparison[]> {
  const client = api();
  const fresh = new Map<string, { count: number; digest: string }>();
  const result: CacheComparison[] = [];
  for (const replica of replicas) {
    const { caches } = (await (await fetch(`${replica.url}/api/caches`, { headers: { connection: 'close' } })).json()) as {
      caches: CacheStatus[];
    };
    for (const cache of caches) {
      if (!fresh.has(cache.list)) fresh.set(cache.list, await freshDigest(client, cache.list));
      const listed = fresh.get(cache.list)!;
      result.push({
        replica: replica.name,
        cache: cache.name,
        synced: cache.synced,
        countDifference: cache.objects - listed.count,
        sameNames: cache.digest === listed.digest,
        relists: cache.relists,
        watchesLost: cache.watchesLost,
        repairs: cache.repairs ?? 0,
      });
    }
  }
  return result;
}

/** The caches not synced or not holding what the fresh list holds. */
export const differing = (comparisons: CacheComparison[]) => comparisons.filter((c) => !c.synced || !c.sameNames);

export const allSame = (comparisons: CacheComparison[]) => comparisons.length > 0 && differing(comparisons).length === 0;

/**
 * Compares until every cache of every replica holds what a fresh list holds, or `timeoutMs`; gives the seconds until
 * the start of the comparison that found them the same.
 */
export async function untilSynced(replicas: Replica[], timeoutMs: number): Promise<{ seconds: number | null; last: CacheComparison[] }> {
  const started = Date.now();
  let last: CacheComparison[] = [];
  while (Date.now() - started < timeoutMs) {
    // what a comparison finds is the state as it starts: the seconds are counted to there
    const asOf = Date.now();
    try {
      last = await compareCaches(replicas);
      if (allSame(last)) return { seconds: (asOf - started) / 1000, last };
    } catch {
      // a replica or the API server not answering yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { seconds: null, last };
}
