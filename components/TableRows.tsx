'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { Link } from '@/components/ui/Link';
import { useEffect, useMemo, useRef, useState } from 'react';
import { compareNames, formatMemory, formatCount, keyParts, parseMemory } from '@/lib/domain';
import { workloadHref } from '@/lib/routes';
import type { Sort, TableFilter } from './table-filter';
import { unpackRows, type TableRowSent } from './table-rows-sent';

interface TableRowView {
  key: string;
  namespace: string;
  workload: string;
  /** Null for a malformed row. */
  bytes: number | null;
  value: string;
  problem: string | null;
}

function viewOf({ key, value, problem }: TableRowSent): TableRowView {
  const { namespace, workload } = keyParts(key);
  return { key, namespace, workload, value, bytes: problem ? null : parseMemory(value), problem: problem ?? null };
}

const ROW_HEIGHT = 30;

// What the list's box shows before the browser has measured it (the server's render): its CSS height, 32rem.
const BOX_HEIGHT = 512;

/** Today's table: search, namespace filter, sort by size; only the visible rows are in the page, so 8,000 stay smooth. */
export function TableRows({ packed, malformed, initial }: { packed: string; malformed: TableRowSent[]; initial: TableFilter }) {
  const rows = useMemo(() => [...unpackRows(packed), ...malformed].map(viewOf), [packed, malformed]);
  const namespaces = useMemo(() => [...new Set(rows.map((r) => r.namespace))].sort(compareNames), [rows]);
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
  const shown = useMemo(() => visibleRows(rows, search, namespace, sort), [rows, search, namespace, sort]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
    // the first rows are in the server's HTML too, so the table shows before the page's JavaScript runs
    initialRect: { width: 0, height: BOX_HEIGHT },
  });

  return (
    <section className="space-y-2">
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
            {namespaces.map((n) => (
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
          {formatCount(shown.length)} of {formatCount(rows.length)} rows shown
        </span>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)_6rem_4.5rem] sm:grid-cols-[minmax(0,1fr)_10rem_6rem] border-b border-zinc-300 px-2 text-sm font-semibold">
        <span>Row key (namespace_workload_container)</span>
        <span>Workload</span>
        <span className="text-right">Request</span>
      </div>
      <div ref={scroller} className="h-[32rem] overflow-auto rounded border border-zinc-200 bg-white" data-testid="table-rows">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = shown[item.index]!;
            return (
              <div
                key={row.key}
                data-testid="table-row"
                data-key={row.key}
                className={`absolute left-0 grid w-full grid-cols-[minmax(0,1fr)_6rem_4.5rem] sm:grid-cols-[minmax(0,1fr)_10rem_6rem] items-center px-2 text-sm ${row.problem ? 'bg-red-50' : item.index % 2 ? 'bg-zinc-50' : ''}`}
                style={{ top: item.start, height: ROW_HEIGHT }}
                title={row.problem ?? undefined}
              >
                <span className="truncate font-mono">{row.key}</span>
                <span className="truncate">
                  {row.workload && <Link href={workloadHref(row.namespace, row.workload)}>{row.workload}</Link>}
                </span>
                <span className="text-right font-mono">
                  {row.problem ? (
                    <span className="text-red-800" data-testid="malformed">
                      {row.value} ⚠
                    </span>
                  ) : (
                    formatMemory(row.bytes!)
                  )}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

function visibleRows(rows: TableRowView[], search: string, namespace: string, sort: Sort): TableRowView[] {
  // a space stands for the key's underscore: "shop web" finds shop_web_app
  const needle = search.trim().replace(/\s+/g, '_');
  const kept = rows.filter((r) => (!namespace || r.namespace === namespace) && (!needle || r.key.includes(needle)));
  const size = (r: TableRowView) => r.bytes ?? -1;
  if (sort === 'size-desc') return kept.sort((a, b) => size(b) - size(a) || compareNames(a.key, b.key));
  if (sort === 'size-asc') return kept.sort((a, b) => size(a) - size(b) || compareNames(a.key, b.key));
  return kept.sort((a, b) => compareNames(a.key, b.key));
}
