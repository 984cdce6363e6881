import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ErrorState } from '@/components/ErrorState';
import { PodFilters } from '@/components/PodFilters';
import { PodTable } from '@/components/PodTable';
import { failureOf, isNotThere } from '@/lib/errors';
import { readClients } from '@/lib/k8s/client';
import { listNamespaceNames } from '@/lib/k8s/namespaces';
import { findPods, parsePodSearch, type PodSearch } from '@/lib/k8s/pods';

export const metadata: Metadata = { title: 'Pods · memdash' };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** Every pod, filtered by namespace and name through the URL, each linked to why it has its memory request. */
export default async function PodsPage({ searchParams }: Props) {
  const raw = await searchParams;
  const now = new Date();
  let search: PodSearch;
  let found: Awaited<ReturnType<typeof findPods>>;
  let namespaces: string[];
  try {
    search = parsePodSearch(raw);
    const k = readClients();
    [found, namespaces] = await Promise.all([findPods(k, search), listNamespaceNames(k)]);
  } catch (err) {
    const error = failureOf(err);
    if (isNotThere(error)) notFound();
    return (
      <>
        <h1 className="mb-3 text-lg font-semibold">Pods</h1>
        <ErrorState error={error} />
      </>
    );
  }
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
