import Link from 'next/link';
import type { PodSummary } from '@/lib/views/pods-types';
import { Time } from './Time';
import { podHref, workloadHref } from '@/lib/routes';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';

/** The pods found, each linked to its explanation and to its workload's page. */
export function PodTable({ pods, now }: { pods: PodSummary[]; now: Date }) {
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
          <Th>Namespace</Th>
          <Th>Pod</Th>
          <Th>Workload</Th>
          <Th>Phase</Th>
          <Th>Created</Th>
        </HeadRow>
      </thead>
      <tbody>
        {pods.map((p) => (
          <Row key={`${p.namespace}/${p.name}`}>
            <Td className="font-mono">{p.namespace}</Td>
            <Td className="font-mono">
              <Link href={podHref(p.namespace, p.name)}>{p.name}</Link>
            </Td>
            <Td className="font-mono">
              {p.workload ? (
                <Link href={workloadHref(p.namespace, p.workload.name)}>
                  {p.workload.name} <span className="text-zinc-500">{p.workload.kind}</span>
                </Link>
              ) : (
                <span className="text-zinc-500">none</span>
              )}
            </Td>
            <Td>{p.phase}</Td>
            <Td>
              <Time at={p.createdAt} now={now} />
            </Td>
          </Row>
        ))}
      </tbody>
    </Table>
  );
}
