import { countOf, formatCount, podOrderParams } from '@/lib/domain';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ErrorState } from '@/components/ui/ErrorState';
import { PodFilters } from '@/components/pods/PodFilters';
import { PodTable } from '@/components/pods/PodTable';
import { PodCards } from '@/components/pods/PodCards';
import type { PodListQuery } from '@/components/pods/pod-list-query';
import { visible } from '@/lib/domain/rights';
import { isNotThere } from '@/lib/errors';
import { clusterOfPage } from '@/lib/http/cluster';
import { rightsOfPage } from '@/lib/http/viewer';
import { listNamespaceNames } from '@/lib/k8s/namespaces';
import { MAX_POD_LIMIT, parsePodOrder, parsePodSearch, parseVerdictFilter } from '@/lib/http/params';
import { podsHref } from '@/lib/routes';
import { Link } from '@/components/ui/Link';
import { attempt } from '@/lib/views/part';
import { findPodsWithVerdicts } from '@/lib/views/pods';

export const metadata: Metadata = { title: 'Pods · memdash' };

// The pods a page lists at first, and how many more each "show more" adds: a page is read (and painted) at once, and
// a search narrows a cluster's pods faster than scrolling through them. Each row is layout Chromium does before the
// first paint, so twice the rows painted visibly later (bench/pages.ts: docs/benchmarks.md).
const PODS_SHOWN = 50;

interface Props {
  params: Promise<{ cluster: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** Every pod with each container's request, row and verdict, filtered through the URL by namespace, name and verdict. */
export default async function PodsPage({ params, searchParams }: Props) {
  const cluster = clusterOfPage(await params);
  const raw = await searchParams;
  const now = new Date();
  const read = await attempt(async () => {
    const search = parsePodSearch(raw, PODS_SHOWN);
    const verdict = parseVerdictFilter(raw);
    const order = parsePodOrder(raw);
    const rights = await rightsOfPage();
    const [found, namespaces] = await Promise.all([
      findPodsWithVerdicts(cluster, search, verdict, now, rights, order),
      listNamespaceNames(cluster).then((names) => visible(rights, names, (name) => name)),
    ]);
    return { search, verdict, order, found, namespaces };
  });
  if (!read.ok) {
    if (isNotThere(read.error)) notFound();
    return (
      <>
        <h1 className="mb-3 text-lg font-semibold">Pods</h1>
        <ErrorState error={read.error} />
      </>
    );
  }
  const { search, verdict, order, found, namespaces } = read.value;
  // the page's URL as asked: the headers' links keep its filters, and its length only when it named one
  const query: PodListQuery = {
    namespace: search.namespace,
    name: search.name,
    verdict,
    limit: raw.limit ? search.limit : undefined,
    order,
  };
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">Pods</h1>
      <PodFilters namespaces={namespaces} namespace={search.namespace} name={search.name} verdict={verdict} order={podOrderParams(order)} />
      <p className="text-zinc-600" data-testid="pod-count">
        {countOf(found.total, 'pod')}
        {verdict ? ` with a container under this verdict` : ''}
        {found.total > found.pods.length && (
          <>
            {' '}
            (showing the first {formatCount(found.pods.length)}; narrow the filter
            {search.limit < MAX_POD_LIMIT && (
              <>
                {' or '}
                <Link
                  href={podsHref(
                    cluster.name,
                    { namespace: search.namespace, name: search.name, verdict, ...podOrderParams(order) },
                    Math.min(MAX_POD_LIMIT, search.limit + PODS_SHOWN),
                  )}
                  data-testid="more-pods"
                >
                  show {formatCount(Math.min(PODS_SHOWN, found.total - found.pods.length, MAX_POD_LIMIT - search.limit))} more
                </Link>
              </>
            )}
            )
          </>
        )}
      </p>
      {found.pods.length === 0 ? (
        <p className="text-zinc-600" data-testid="no-pods">
          No pod matches.
        </p>
      ) : (
        <>
          {/* One of the two shows: a phone gets cards with the verdict first, a wide screen the table. */}
          <div className="lg:hidden">
            <PodCards pods={found.pods} now={now} query={query} />
          </div>
          <div className="max-lg:hidden">
            <PodTable pods={found.pods} now={now} query={query} />
          </div>
        </>
      )}
    </div>
  );
}
