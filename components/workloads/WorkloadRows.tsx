import { Memory } from '@/components/ui/Memory';
import { Verdict } from '@/components/ui/Verdict';
import { isDrifted, rowRuns, type ContainerExplanation, type TableVersion } from '@/lib/domain';
import type { WorkloadPod } from '@/lib/views/workload-history-types';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { podPath } from '@/lib/routes';
import { Time } from '@/components/ui/Time';
import { ClusterAnchor } from '@/components/shell/ClusterName';

/** The workload's rows across the recorded versions, newest first, one line per run of identical values; a cell changes colour where the row changed. */
export function RowsAcrossVersions({ versions, keys }: { versions: TableVersion[]; keys: Array<{ container: string; key: string }> }) {
  const runs = rowRuns(
    versions,
    keys.map((k) => k.key),
  );
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
        {runs.map((run, i) => (
          <Row key={run.first.id} data-testid="row-run" data-versions={run.versions}>
            <Td className="font-mono">
              <Time at={run.first.inForceFrom} />
              {run.imported ? ' (imported)' : ''}
              {run.versions > 1 && (
                <span className="block font-sans text-xs text-zinc-600">
                  the same through {run.versions} versions, the last from <Time at={run.last.inForceFrom} />
                </span>
              )}
            </Td>
            {run.values.map((value, j) => {
              const changed = runs[i + 1] !== undefined && runs[i + 1]!.values[j] !== value;
              return (
                <Td key={keys[j]!.key} className={`font-mono ${changed ? 'bg-amber-50 font-semibold' : ''}`}>
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
                  <ClusterAnchor href={podPath(namespace, pod.name)}>{pod.name}</ClusterAnchor>
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
