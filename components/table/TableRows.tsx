'use client';

import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Link } from '@/components/ui/Link';
import { useEffect, useMemo, useRef, useState } from 'react';
import { countOf, formatCount, formatMemory, rowsOfAnswer, type TableRowSent, type TableRowsAnswer } from '@/lib/domain';
import { fetchJson, queryKeys } from '@/lib/client/query';
import { tableApi, workloadHref } from '@/lib/routes';
import { namespacesOf, viewOf, visibleRows, type Sort, type TableFilter } from './table-filter';
import { ErrorText } from '@/components/ui/ErrorText';
import { ConfidenceTags } from '@/components/confidence/ConfidenceTags';
import { KeptConfidencePanel } from '@/components/confidence/KeptConfidencePanel';
import { useKeptConfidence } from '@/components/confidence/useKeptConfidence';
import { useClusterName } from '@/components/shell/ClusterName';

const ROW_HEIGHT = 30;

// What the list's box shows before the browser has measured it (the server's render): its CSS height, 32rem.
const BOX_HEIGHT = 512;

// The row key, the workload, the request, how sure the row is.
const COLUMNS = 'grid-cols-[minmax(0,1fr)_5rem_4.5rem_4.5rem] sm:grid-cols-[minmax(0,1fr)_10rem_6rem_9rem]';

interface Props {
  /** The first rows for the URL's filter, in its order. */
  first: TableRowSent[];
  /** How many rows the URL's filter keeps. */
  matching: number;
  total: number;
  namespaces: string[];
  initial: TableFilter;
}

/**
 * Today's table: search, namespace filter, sort by size; only the visible rows are in the page, so 8,000 stay smooth.
 * The server sends the first rows for the URL's filter; every row comes from /api/table once the page runs.
 */
export function TableRows({ first, matching, total, namespaces, initial }: Props) {
  const cluster = useClusterName();
  const every = useQuery({
    queryKey: queryKeys.table.rows(cluster),
    queryFn: ({ signal }) => fetchJson<TableRowsAnswer>(tableApi(cluster), signal),
    staleTime: 60_000,
  });
  const all = useMemo(() => (every.data ? rowsOfAnswer(every.data).map(viewOf) : null), [every.data]);
  const kept = useKeptConfidence();
  const firstViews = useMemo(() => first.map(viewOf), [first]);
  const [search, setSearch] = useState(initial.search);
  const [namespace, setNamespace] = useState(initial.namespace);
  const [sort, setSort] = useState<Sort>(initial.sort);
  // The filter lives in the URL too, so a filtered table is a link to paste (replaceState: no navigation, no history entry).
  useEffect(() => {
    const params = new URLSearchParams();
    if (search) params.set('q', search);
    if (namespace) params.set('namespace', namespace);
    if (sort !== 'key') params.set('sort', sort);
    const query = params.toString();
    window.history.replaceState(null, '', query ? `?${query}` : window.location.pathname);
  }, [search, namespace, sort]);
  const asSent = search === initial.search && namespace === initial.namespace && sort === initial.sort;
  // Until every row is here, the list is the server's first window: whole for the URL's filter, a part for another.
  const shown = useMemo(() => visibleRows(all ?? firstViews, { search, namespace, sort }), [all, firstViews, search, namespace, sort]);
  const matched = all ? shown.length : asSent ? matching : null;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    // the whole filtered length from the start, so the scroll bar does not jump when every row comes
    count: matched ?? shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
    // the first rows are in the server's HTML too, so the table shows before the page's JavaScript runs
    initialRect: { width: 0, height: BOX_HEIGHT },
  });

  return (
    <section className="space-y-2">
      <KeptConfidencePanel kept={kept} />
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm">
          Search key
          <input
            className="rounded border px-2 py-1 font-mono"
            value={search}
            onChange={(e) => setSearch(e.target.value.toLowerCase())}
            placeholder="shop_web or shop web"
          />
        </label>
        <label className="flex flex-col text-sm">
          Namespace
          <select className="rounded border px-2 py-1" value={namespace} onChange={(e) => setNamespace(e.target.value)}>
            <option value="">all</option>
            {(all ? namespacesOf(all) : namespaces).map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          Sort
          <select className="rounded border px-2 py-1" value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
            <option value="key">by key</option>
            <option value="size-desc">by size, largest first</option>
            <option value="size-asc">by size, smallest first</option>
          </select>
        </label>
        <span className="text-sm text-zinc-600" data-testid="shown-count">
          {matched === null
            ? every.isError
              ? `Could not read every row (${every.error.message}): searching the first ${formatCount(first.length)} only.`
              : 'Reading every row…'
            : `${formatCount(matched)} of ${countOf(all?.length ?? total, 'row')} shown`}
        </span>
      </div>
      <div className={`grid ${COLUMNS} border-b border-zinc-300 px-2 text-sm font-semibold`}>
        <span>Row key (namespace_workload_container)</span>
        <span>Workload</span>
        <span className="text-right">Request</span>
        <span className="pl-2" title="the pods and days behind the row, or its flags, as the latest preview measured them">
          How sure
        </span>
      </div>
      <div ref={scroller} className="h-[32rem] overflow-auto rounded border border-zinc-200 bg-white" data-testid="table-rows">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = shown[item.index];
            if (!row) return <RowComing key={item.key} top={item.start} />;
            return (
              <div
                key={row.key}
                data-testid="table-row"
                data-key={row.key}
                className={`absolute left-0 grid w-full ${COLUMNS} items-center px-2 text-sm ${row.problem ? 'bg-red-50' : item.index % 2 ? 'bg-zinc-50' : ''}`}
                style={{ top: item.start, height: ROW_HEIGHT }}
                title={row.problem ?? undefined}
              >
                <span className="truncate font-mono" title={row.key}>
                  {row.key}
                </span>
                <span className="truncate" title={row.workload ?? undefined}>
                  {row.workload && <Link href={workloadHref(cluster, row.namespace, row.workload)}>{row.workload}</Link>}
                </span>
                <span className="text-right font-mono">
                  {row.problem ? <ErrorText data-testid="malformed">{row.value} ⚠</ErrorText> : formatMemory(row.bytes!)}
                </span>
                <span className="truncate pl-2 text-xs">
                  <ConfidenceTags confidence={kept.state === 'read' ? kept.of(row.key) : undefined} />
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

/** A row past the server's first window while every row is on its way. */
function RowComing({ top }: { top: number }) {
  return (
    <div className="absolute left-0 w-full px-2 text-sm text-zinc-600" style={{ top, height: ROW_HEIGHT }} aria-hidden>
      …
    </div>
  );
}
