'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useSyncExternalStore } from 'react';
import { pathInCluster } from '@/lib/routes';
import { takesNamespace } from './namespace-carry';

// Kept per tab (sessionStorage): a new tab, or a pasted link, starts from what its URL says, never from a namespace
// chosen yesterday that would hide the pod being looked for.
const KEY = 'memdash.namespace';
const CHANGED = 'memdash:namespace';

/**
 * The namespace the header's links carry: on a list, the one its URL filters by (remembered for this tab); on any
 * other page (a pod, a workload), the one last chosen in a list in this tab.
 */
export function useCarriedNamespace(): string {
  const path = pathInCluster(usePathname());
  const params = useSearchParams();
  const onList = takesNamespace(path);
  const fromUrl = params.get('namespace') ?? '';
  const remembered = useSyncExternalStore(subscribe, readRemembered, () => '');
  useEffect(() => {
    if (onList) remember(fromUrl);
  }, [onList, fromUrl]);
  return onList ? fromUrl : remembered;
}

function subscribe(changed: () => void): () => void {
  window.addEventListener(CHANGED, changed);
  return () => window.removeEventListener(CHANGED, changed);
}

function readRemembered(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return ''; // storage refused (a privacy setting): nothing is carried but the URL's own
  }
}

function remember(namespace: string) {
  if (namespace === readRemembered()) return;
  try {
    if (namespace) sessionStorage.setItem(KEY, namespace);
    else sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  window.dispatchEvent(new Event(CHANGED));
}
