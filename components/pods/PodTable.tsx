'use client';

import { Link } from '@/components/ui/Link';
import type { PodListRow } from '@/lib/views/pods-types';
import { Memory } from '@/components/ui/Memory';
import { Time } from '@/components/ui/Time';
import { Verdict } from '@/components/ui/Verdict';
import { podHref, workloadHref } from '@/lib/routes';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { PodSortHeader } from './PodSortHeader';
import type { PodListQuery } from './pod-list-query';
import { useClusterName } from '@/components/shell/ClusterName';

/**
 * The pods found, one line per container: its request beside today's row, and why it has it; a header sorts by its
 * column. A client component only so that the page sends the pods as data once, not as their rendered rows a second
 * time for the browser.
 */
export function PodTable({ pods, now, query }: { pods: PodListRow[]; now: Date; query: PodListQuery }) {
  const cluster = useClusterName();
  return (
    <Table data-testid="pod-table">
      <thead>
        <HeadRow>
          <PodSortHeader sort="namespace" query={query}>
            Namespace
          </PodSortHeader>
          <PodSortHeader sort="name" query={query}>
            Pod
          </PodSortHeader>
          <PodSortHeader sort="workload" query={query}>
            Workload
          </PodSortHeader>
          <Th>Container</Th>
          <PodSortHeader sort="request" query={query} className="text-right" title="By the pod's whole request, largest first">
            Request
          </PodSortHeader>
          <Th className="text-right">Row</Th>
          <PodSortHeader sort="verdict" query={query} title="By the pod's most serious verdict first">
            Verdict
          </PodSortHeader>
          <PodSortHeader sort="created" query={query} title="By creation, newest first">
            Phase, created
          </PodSortHeader>
        </HeadRow>
      </thead>
      {pods.map((p) => (
        // one tbody per pod: its containers' lines belong together
        <tbody key={`${p.namespace}/${p.name}`} data-testid="pod-row" data-pod={`${p.namespace}/${p.name}`} className="border-b">
          {p.containers.map((c, i) => (
            <Row
              key={c.name}
              className={i < p.containers.length - 1 ? 'border-zinc-200' : 'border-transparent'}
              data-testid="pod-container"
            >
              {i === 0 && (
                <>
                  <Td rowSpan={p.containers.length} className="align-top font-mono text-zinc-600">
                    {p.namespace}
                  </Td>
                  <Td rowSpan={p.containers.length} className="align-top font-mono">
                    <Link href={podHref(cluster, p.namespace, p.name)}>{p.name}</Link>
                  </Td>
                  <Td rowSpan={p.containers.length} className="align-top font-mono">
                    {p.workload ? (
                      <Link href={workloadHref(cluster, p.namespace, p.workload.name)}>
                        {p.workload.name} <span className="text-zinc-600">{p.workload.kind}</span>
                      </Link>
                    ) : (
                      <span className="text-zinc-600">none</span>
                    )}
                  </Td>
                </>
              )}
              <Td className="font-mono">
                {c.name}
                {c.init && <span className="text-zinc-600"> (init)</span>}
              </Td>
              <Td className="text-right">
                <Memory bytes={c.request} />
              </Td>
              <Td className="text-right">
                <Memory bytes={c.row} />
              </Td>
              {/* In a narrow window the columns shrink to their longest word: the verdict's sentence then took a line a
                  word. It keeps a readable width and the table scrolls sideways instead (phones get cards). */}
              <Td className="min-w-56">
                <Verdict code={c.verdict} />
              </Td>
              {i === 0 && (
                <Td rowSpan={p.containers.length} className="align-top">
                  {p.phase}, <Time at={p.createdAt} now={now} />
                </Td>
              )}
            </Row>
          ))}
        </tbody>
      ))}
    </Table>
  );
}
