import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { ClusterProvider } from '@/components/shell/ClusterName';
import { SiteHeader } from '@/components/shell/SiteHeader';
import { clusters } from '@/lib/cluster/registry';
import { clusterOfPage } from '@/lib/http/cluster';
import { headerOfPage } from '@/lib/http/header';
import { navigationOfPage } from '@/lib/http/viewer';

type Props = { params: Promise<{ cluster: string }> };

/** Every title names the cluster: two tabs on prd and stg are told apart in the tab bar. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { name } = clusterOfPage(await params);
  return { title: { template: `%s · ${name}`, default: `memdash · ${name}` } };
}

/** Every page of one cluster: the header names it, and its client components learn which cluster from here. */
export default async function ClusterLayout({ children, params }: Props & { children: ReactNode }) {
  const cluster = clusterOfPage(await params);
  const [header, pages] = await Promise.all([headerOfPage(), navigationOfPage()]);
  return (
    <ClusterProvider name={cluster.name}>
      <SiteHeader cluster={{ name: cluster.name, pages, fleet: clusters().all.length > 1 }} {...header} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-4 outline-none">
        {children}
      </main>
    </ClusterProvider>
  );
}
