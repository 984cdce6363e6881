import type { Metadata } from 'next';
import { Link } from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { DiffTables } from '@/components/table/DiffTables';
import { RowsGone } from '@/components/snapshot/RowsGone';
import { ErrorState } from '@/components/ui/ErrorState';
import { diffPageCount, countOf, formatCount, type DiffPage } from '@/lib/domain';
import { isNotThere } from '@/lib/errors';
import { clusterOfPage } from '@/lib/http/cluster';
import { parseDiffParams } from '@/lib/http/params';
import { attempt } from '@/lib/views/part';
import { readDiffPage, type DiffPageView } from '@/lib/views/table-diff';
import { Time } from '@/components/ui/Time';
import { rightsOfPage, requireTable } from '@/lib/http/viewer';
import { Button } from '@/components/ui/Button';
import { ClusterLink } from '@/components/shell/ClusterName';
import { clusterHref } from '@/lib/routes';

export const metadata: Metadata = { title: 'Table diff · memdash' };

interface Props {
  params: Promise<{ cluster: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * Two versions compared: the last two recorded unless ?from=&to= name others (an import only when named); filters by namespace and workload;
 * DIFF_PAGE_ROWS rows of each kind per page (?page=), the exports have them all.
 */
export default async function DiffPage({ params: segments, searchParams }: Props) {
  const cluster = clusterOfPage(await segments);
  await connection();
  const raw = await searchParams;
  const read = await attempt(async () => {
    requireTable(cluster, await rightsOfPage());
    const params = parseDiffParams(raw);
    return { params, found: await readDiffPage(cluster, params) };
  });
  if (!read.ok) {
    // a real 404, rendered by ./not-found.tsx, which names the versions asked for
    if (isNotThere(read.error)) notFound();
    return <ErrorState error={read.error} page />;
  }
  const { params, found } = read.value;
  if (!found)
    return (
      <div className="space-y-3">
        <h1 className="text-lg font-semibold">What changed in the table</h1>
        <p>
          Fewer than two versions of the table are recorded yet. <ClusterLink href="/table/snapshots">Recorded versions</ClusterLink>
        </p>
      </div>
    );
  const { counts, page } = found;
  const query = new URLSearchParams({
    from: String(found.from.id),
    to: String(found.to.id),
    ...(params.namespace && { namespace: params.namespace }),
    ...(params.workload && { workload: params.workload }),
  });
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">What changed in the table</h1>
      <p data-testid="diff-summary">
        From the version in force from <Time at={found.from.inForceFrom} /> ({formatCount(found.from.rows)} rows
        {imported(found.from) && `; ${imported(found.from)}`}) to the one from <Time at={found.to.inForceFrom} />
        {imported(found.to) && ` (${imported(found.to)})`}:{' '}
        <strong>
          {countOf(counts.rows, 'row')}, {formatCount(counts.new)} new,{' '}
          {counts.gone > 0 ? <Link href="#diff-gone">{formatCount(counts.gone)} gone</Link> : '0 gone'}
        </strong>
        , {counts.changed} changed.
      </p>
      <RowsGone gone={counts.gone} />
      <form className="flex flex-wrap items-end gap-3 text-sm" method="get">
        <input type="hidden" name="from" value={found.from.id} />
        <input type="hidden" name="to" value={found.to.id} />
        <label className="flex flex-col">
          Namespace
          <input name="namespace" defaultValue={params.namespace ?? ''} className="rounded border px-2 py-1 font-mono" />
        </label>
        <label className="flex flex-col">
          Workload contains
          <input name="workload" defaultValue={params.workload ?? ''} className="rounded border px-2 py-1 font-mono" />
        </label>
        <Button look="grey">Filter</Button>
        <a href={clusterHref(cluster.name, `/api/table/diff?${query}&format=csv`)} download>
          Export CSV
        </a>
        <a href={clusterHref(cluster.name, `/api/table/diff?${query}&format=json`)} download>
          Export JSON
        </a>
        <ClusterLink href="/table/snapshots">All versions</ClusterLink>
      </form>
      <PageLinks page={page} query={query} />
      <DiffTables diff={page} totals={page.totals} />
      <PageLinks page={page} query={query} />
    </div>
  );
}

/** What an imported version is, said wherever it is compared; '' for a recorded one. */
function imported(version: DiffPageView['from']): string {
  return version.source === 'import' ? `imported from ${version.label ?? 'a saved file'}, not seen by memdash` : '';
}

/** "Page 2 of 200" with the previous and next pages, when the diff fills more than one. */
function PageLinks({ page, query }: { page: DiffPage; query: URLSearchParams }) {
  const pages = diffPageCount(page);
  if (pages <= 1) return null;
  const href = (n: number) => `/table/diff?${new URLSearchParams([...query, ['page', String(n)]])}`;
  return (
    <nav aria-label="Pages of the diff" className="flex flex-wrap gap-3 text-sm" data-testid="diff-pages">
      <span>
        Page {formatCount(page.page)} of {formatCount(pages)} ({countOf(page.size, 'row')} of each kind per page; the exports have them all)
      </span>
      {page.page > 1 && <ClusterLink href={href(page.page - 1)}>Previous page</ClusterLink>}
      {page.page < pages && <ClusterLink href={href(page.page + 1)}>Next page</ClusterLink>}
    </nav>
  );
}
