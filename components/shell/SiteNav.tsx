'use client';

import { Link } from '@/components/ui/Link';
import { usePathname } from 'next/navigation';
import { clusterHref, NAVIGATION, pathInCluster, type NavigationPage } from '@/lib/routes';
import { useClusterName } from './ClusterName';
import { carriedHref } from './namespace-carry';
import { useCarriedNamespace } from './useCarriedNamespace';

/**
 * The header's links (`pages`: those the asker may open), the current page marked for screen readers (aria-current)
 * and by eye; the lists' links carry the namespace chosen in one of them. In the phone's menu, one link a row.
 */
export function SiteNav({ pages }: { pages: readonly NavigationPage[] }) {
  const cluster = useClusterName();
  const current = currentSection(pathInCluster(usePathname()));
  const namespace = useCarriedNamespace();
  return (
    <nav aria-label="Pages" className="flex flex-col gap-x-3 md:flex-row md:flex-wrap md:gap-y-1">
      {pages.map((page) => (
        <Link
          key={page.href}
          href={clusterHref(cluster, carriedHref(page.href, namespace))}
          aria-current={page.href === current ? 'page' : undefined}
          className="flex min-h-11 items-center justify-start md:inline md:min-h-0 aria-[current=page]:font-semibold aria-[current=page]:text-zinc-900 aria-[current=page]:underline"
        >
          {page.label}
        </Link>
      ))}
    </nav>
  );
}

/** The navigation entry a path in the cluster belongs to: the longest entry that is the path or a folder above it. */
export function currentSection(path: string): string | null {
  const matches = NAVIGATION.map((p) => p.href).filter((href) => path === href || path.startsWith(`${href}/`));
  return matches.sort((a, b) => b.length - a.length)[0] ?? null;
}
