'use client';

import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { Link } from '@/components/ui/Link';
import { clusterHref } from '@/lib/routes';

// The cluster a page is about, for the client components under it: every fetch, query key and link they make names
// it. Provided by app/c/[cluster]/layout.tsx from the URL's segment, as the server resolved it.
const ClusterNameContext = createContext<string | null>(null);

export function ClusterProvider({ name, children }: { name: string; children: ReactNode }) {
  return <ClusterNameContext.Provider value={name}>{children}</ClusterNameContext.Provider>;
}

/** The name of the cluster this page is about; outside a cluster's pages it is a mistake, said loudly. */
export function useClusterName(): string {
  const name = useContext(ClusterNameContext);
  if (name === null) throw new Error('useClusterName: this component is rendered outside a cluster’s pages (app/c/[cluster]/)');
  return name;
}

/** The cluster's name, or null outside a cluster's pages (the header, also shown on the fleet's page). */
export const useClusterNameIfAny = (): string | null => useContext(ClusterNameContext);

/**
 * A link to `href`, a path in this page's cluster (`/table`): for server components, which cannot read the context.
 * Outside a cluster's pages (the root error and not-found pages) it is today's URL, which the server sends on to the
 * default cluster.
 */
export function ClusterLink({ href, ...rest }: Omit<ComponentProps<typeof Link>, 'href'> & { href: string }) {
  const cluster = useClusterNameIfAny();
  return <Link href={cluster === null ? href : clusterHref(cluster, href)} {...rest} />;
}

/** The same as a plain anchor: a whole page load (a download, or a page that must not keep the client's state). */
export function ClusterAnchor({ href, ...rest }: Omit<ComponentProps<'a'>, 'href'> & { href: string }) {
  const cluster = useClusterNameIfAny();
  return <a href={cluster === null ? href : clusterHref(cluster, href)} {...rest} />;
}
