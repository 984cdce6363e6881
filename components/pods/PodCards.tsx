'use client';

import { Link } from '@/components/ui/Link';
import { Memory } from '@/components/ui/Memory';
import { Time } from '@/components/ui/Time';
import { Verdict } from '@/components/ui/Verdict';
import type { PodSort } from '@/lib/domain';
import { podHref, workloadHref } from '@/lib/routes';
import type { PodListRow } from '@/lib/views/pods-types';
import { SortLink } from './PodSortHeader';
import type { PodListQuery } from './pod-list-query';
import { useClusterName } from '@/components/shell/ClusterName';

const SORT_WORDS: ReadonlyArray<[PodSort, string]> = [
  ['verdict', 'Verdict'],
  ['namespace', 'Namespace'],
  ['name', 'Pod'],
  ['request', 'Request'],
  ['created', 'Created'],
];

/**
 * The pods found, as cards for a phone: each container's verdict first, with its request against today's row, then the
 * pod, its workload and age. A client component for the same reason as the table: the pods travel once, as data.
 */
export function PodCards({ pods, now, query }: { pods: PodListRow[]; now: Date; query: PodListQuery }) {
  const cluster = useClusterName();
  return (
    <div className="space-y-2">
      <div role="group" aria-label="Sort the pods" className="flex flex-wrap items-center gap-x-3 text-zinc-600">
        Sort by
        {SORT_WORDS.map(([sort, words]) => (
          <SortLink key={sort} sort={sort} query={query} sayOrder>
            {words}
          </SortLink>
        ))}
      </div>
      <ul className="space-y-2" aria-label="Pods" data-testid="pod-cards">
        {pods.map((p) => (
          <li
            key={`${p.namespace}/${p.name}`}
            className="space-y-1 rounded border border-zinc-300 bg-white p-2"
            data-testid="pod-card"
            data-pod={`${p.namespace}/${p.name}`}
          >
            <ul className="space-y-1" aria-label="Containers">
              {p.containers.map((c) => (
                <li key={c.name} data-testid="pod-card-container">
                  <Verdict code={c.verdict} />
                  <div>
                    <span className="font-mono">{c.name}</span>
                    {c.init && <span className="text-zinc-600"> (init)</span>}: request <Memory bytes={c.request} />, row{' '}
                    <Memory bytes={c.row} />
                  </div>
                </li>
              ))}
            </ul>
            <p className="font-mono">
              <span className="text-zinc-600">{p.namespace}/</span>
              <Link href={podHref(cluster, p.namespace, p.name)}>{p.name}</Link>
            </p>
            <p className="text-zinc-600">
              {p.workload ? (
                <Link href={workloadHref(cluster, p.namespace, p.workload.name)} className="font-mono">
                  {p.workload.name}
                </Link>
              ) : (
                'no workload'
              )}
              {p.workload && ` ${p.workload.kind}`} · {p.phase}, <Time at={p.createdAt} now={now} />
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
