'use client';

import { Link } from '@/components/ui/Link';
import type { PodListRow } from '@/lib/views/pods-types';
import { Memory } from './Memory';
import { Time } from './Time';
import { Verdict } from './Verdict';
import { podHref, workloadHref } from '@/lib/routes';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';

/**
 * The pods found, one line per container: its request beside today's row, and why it has it. A client component
 * only so that the page sends the pods as data once, not as their rendered rows a second time for the browser.
 */
export function PodTable({ pods, now }: { pods: PodListRow[]; now: Date }) {
  if (pods.length === 0)
    return (
      <p className="text-zinc-600" data-testid="no-pods">
        No pod matches.
      </p>
    );
  return (
    <Table data-testid="pod-table">
      <thead>
        <HeadRow>
          <Th>Pod</Th>
          <Th>Workload</Th>
          <Th>Container</Th>
          <Th className="text-right">Request</Th>
          <Th className="text-right">Row</Th>
          <Th>Verdict</Th>
          <Th>Phase, created</Th>
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
                  <Td rowSpan={p.containers.length} className="align-top font-mono">
                    <span className="text-zinc-600">{p.namespace}/</span>
                    <Link href={podHref(p.namespace, p.name)}>{p.name}</Link>
                  </Td>
                  <Td rowSpan={p.containers.length} className="align-top font-mono">
                    {p.workload ? (
                      <Link href={workloadHref(p.namespace, p.workload.name)}>
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
              {/* On a phone the columns shrink to their longest word: the verdict's sentence then took a line a word.
                  It keeps a readable width and the table scrolls sideways instead. */}
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
