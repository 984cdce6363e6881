import { Memory } from '@/components/ui/Memory';
import { Verdict } from '@/components/ui/Verdict';
import { isDrifted, type ContainerExplanation, type TableVersion } from '@/lib/domain';
import type { WorkloadPod } from '@/lib/views/workload-history-types';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { podHref } from '@/lib/routes';
import { Time } from '@/components/ui/Time';

/** The workload's rows in each recorded version, newest first; a cell changes colour where the row changed. */
export function RowsAcrossVersions({ versions, keys }: { versions: TableVersion[]; keys: Array<{ container: string; key: string }> }) {
  const newest = [...versions].reverse();
  return (
    <Table data-testid="rows-across-versions">
      <thead>
        <HeadRow>
          <Th>In force from</Th>
          {keys.map((k) => (
            <Th key={k.key} className="font-mono">
              {k.container}
            </Th>
          ))}
        </HeadRow>
      </thead>
      <tbody>
        {newest.map((v, i) => (
          <Row key={v.id}>
            <Td className="font-mono">
              <Time at={v.inForceFrom} />
              {v.source === 'import' ? ` (imported)` : ''}
            </Td>
            {keys.map((k) => {
              const value = v.data === null ? 'no table' : (v.data[k.key] ?? '—');
              const before = newest[i + 1];
              const changed = before && (before.data === null ? 'no table' : (before.data[k.key] ?? '—')) !== value;
              return (
                <Td key={k.key} className={`font-mono ${changed ? 'bg-amber-50 font-semibold' : ''}`}>
                  {value}
                </Td>
              );
            })}
          </Row>
        ))}
      </tbody>
    </Table>
  );
}

/** The current pods, each container's request, limit, row and verdict; a request that is not the row is marked. */
export function WorkloadPods({ namespace, pods }: { namespace: string; pods: WorkloadPod[] }) {
  return (
    <Table data-testid="workload-pods">
      <thead>
        <HeadRow>
          <Th>Pod</Th>
          <Th>Container</Th>
          <Th className="text-right">Request</Th>
          <Th className="text-right">Limit</Th>
          <Th className="text-right">Row now</Th>
          <Th>Verdict</Th>
        </HeadRow>
      </thead>
      <tbody>
        {pods.flatMap((pod) =>
          pod.containers.map((c: ContainerExplanation) => {
            const drifted = isDrifted(c);
            const mark = drifted ? 'bg-amber-50 font-semibold' : '';
            return (
              <Row
                key={`${pod.name}/${c.name}`}
                data-testid="workload-pod"
                data-pod={pod.name}
                data-container={c.name}
                data-drifted={drifted}
              >
                <Td className="font-mono">
                  <a href={podHref(namespace, pod.name)}>{pod.name}</a>
                </Td>
                <Td className="font-mono">
                  {c.name}
                  {c.init ? ' (init)' : ''}
                </Td>
                <Td className={`text-right ${mark}`}>
                  <Memory bytes={c.request} />
                </Td>
                <Td className="text-right">
                  <Memory bytes={c.limit} />
                </Td>
                <Td className={`text-right ${mark}`}>
                  <Memory bytes={c.row} />
                </Td>
                <Td title={c.reason}>
                  <Verdict code={c.verdict} />
                </Td>
              </Row>
            );
          }),
        )}
      </tbody>
    </Table>
  );
}
