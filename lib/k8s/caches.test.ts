// derivedIn: a view of one namespace of a cache, made again only when that namespace changed. The cache here is a
// plain stand-in with the two methods derivedIn reads (the Informer's own index is exercised on the cluster).
import { describe, expect, it } from 'vitest';
import { derivedIn, type ByNamespace } from './caches';

function standIn(): ByNamespace<string> & { change(namespace: string, objects: string[]): void; relist(): void } {
  const namespaces = new Map<string, { objects: string[]; changes: number }>();
  let lists = 0;
  return {
    listIn: (namespace) => [...(namespaces.get(namespace)?.objects ?? [])],
    namespaceVersion: (namespace) => `${lists}.${namespaces.get(namespace)?.changes ?? 0}`,
    change: (namespace, objects) => void namespaces.set(namespace, { objects, changes: (namespaces.get(namespace)?.changes ?? 0) + 1 }),
    relist: () => void lists++,
  };
}

describe('derivedIn', () => {
  it('is made once per change of its own namespace, whatever changes in the others', () => {
    const cache = standIn();
    let made = 0;
    const sorted = derivedIn((objects: string[]) => (made++, [...objects].sort()));
    cache.change('shop', ['web-b', 'web-a']);
    cache.change('churn', ['c-1']);
    const first = sorted(cache, 'shop');
    expect(first).toEqual(['web-a', 'web-b']);
    for (let i = 2; i < 50; i++) cache.change('churn', [`c-${i}`]);
    expect(sorted(cache, 'shop')).toBe(first);
    expect(made).toBe(1);
    cache.change('shop', ['web-a']);
    expect(sorted(cache, 'shop')).toEqual(['web-a']);
    expect(made).toBe(2);
  });

  it('is made again after the cache lists anew', () => {
    const cache = standIn();
    let made = 0;
    const count = derivedIn((objects: string[]) => (made++, objects.length));
    cache.change('shop', ['web-a']);
    count(cache, 'shop');
    cache.relist();
    count(cache, 'shop');
    expect(made).toBe(2);
  });

  it('keeps nothing for a namespace the cache holds nothing of', () => {
    const cache = standIn();
    let made = 0;
    const count = derivedIn((objects: string[]) => (made++, objects.length));
    expect(count(cache, 'made-up')).toBe(0);
    expect(count(cache, 'made-up')).toBe(0);
    expect(made).toBe(2);
  });
});
