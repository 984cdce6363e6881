import { Link } from '@/components/ui/Link';
import { ClusterStatus } from './ClusterStatus';
import { HeaderBar } from './HeaderBar';
import { JumpToPod } from './JumpToPod';
import { PodCreationStatus } from './PodCreationStatus';
import { SignInStatus } from './SignInStatus';
import { SiteNav } from './SiteNav';
import { ThemeSwitch } from './ThemeSwitch';
import { TimeZoneSwitch } from './TimeZone';
import { clusterHref, type NavigationPage } from '@/lib/routes';
import type { ThemeChoice } from '@/lib/client/theme';

/** The cluster a page is about, as its header shows it. */
export interface HeaderCluster {
  name: string;
  /** The pages of the navigation the asker may open in it. */
  pages: readonly NavigationPage[];
  /** memdash reads more than one cluster: "memdash" leads to the fleet's page at `/`. */
  fleet: boolean;
}

/**
 * Every page's header. A cluster's pages (app/c/[cluster]/layout.tsx) name the cluster beside "memdash" and carry its
 * pills, navigation and Ctrl-K; the fleet's page, about every cluster, has none of them, only the person's switches.
 */
export function SiteHeader({
  cluster,
  theme,
  auth,
  openOnNetwork,
}: {
  cluster?: HeaderCluster;
  theme: ThemeChoice;
  auth: 'none' | 'proxy' | 'oidc';
  openOnNetwork: boolean;
}) {
  const home = cluster && !cluster.fleet ? clusterHref(cluster.name, '/') : '/';
  return (
    <header className="border-b border-zinc-300 bg-white px-4 py-2">
      <HeaderBar
        home={
          <span className="flex items-baseline gap-2">
            <Link href={home} className="font-semibold text-zinc-900" title={cluster?.fleet ? 'Every cluster' : undefined}>
              memdash
            </Link>
            {cluster && (
              <Link href={clusterHref(cluster.name, '/')} className="font-mono text-zinc-800" data-testid="cluster-name">
                {cluster.name}
              </Link>
            )}
          </span>
        }
        pill={cluster ? <PodCreationStatus /> : null}
      >
        {cluster && <SiteNav pages={cluster.pages} />}
        <div className="flex flex-col gap-x-4 gap-y-2 md:ml-auto md:flex-row md:flex-wrap md:items-center">
          {cluster && <JumpToPod pages={cluster.pages} />}
          {cluster && <ClusterStatus />}
          <TimeZoneSwitch />
          <ThemeSwitch initial={theme} />
          <SignInStatus mode={auth} openOnNetwork={openOnNetwork} />
        </div>
      </HeaderBar>
    </header>
  );
}
