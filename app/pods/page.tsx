import type { Metadata } from 'next';
import { ErrorState } from '@/components/ErrorState';
import { PodFilters } from '@/components/PodFilters';
import { PodTable } from '@/components/PodTable';
import { readClients } from '@/lib/k8s/client';
import { listNamespaceNames } from '@/lib/k8s/namespaces';
import { parsePodSearch } from '@/lib/http/params';
import { attempt } from '@/lib/views/part';
import { findPods } from '@/lib/views/pods';

export const metadata: Metadata = { title: 'Pods · memdash' };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** Every pod, filtered by namespace and name through the URL, each linked to why it has its memory request. */
export default async function PodsPage({ searchParams }: Props) {
  const raw = await searchParams;
  const now = new Date();
  const read = await attempt(async () => {
    const search = parsePodSearch(raw);
    const k = readClients();
    const [found, namespaces] = await Promise.all([findPods(k, search), listNamespaceNames(k)]);
    return { search, found, namespaces };
  });
  if (!read.ok) {
    return (
      <>
        <h1 className="mb-3 text-lg font-semibold">Pods</h1>
        <ErrorState error={read.error} />
      </>
    );
  }
  const { search, found, namespaces } = read.value;
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">Pods</h1>
      <PodFilters namespaces={namespaces} namespace={search.namespace} name={search.name} />
      <p className="text-zinc-600" data-testid="pod-count">
        {found.total} pods
        {found.total > found.pods.length && ` (showing the first ${found.pods.length}; narrow the filter)`}
      </p>
      <PodTable pods={found.pods} now={now} />
    </div>
  );
}
