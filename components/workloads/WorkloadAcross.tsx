'use client';

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useClusterName } from '@/components/shell/ClusterName';
import { ErrorText } from '@/components/ui/ErrorText';
import { Link } from '@/components/ui/Link';
import { Memory } from '@/components/ui/Memory';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { countOf, MiB, type Part } from '@/lib/domain';
import { fetchJson, queryKeys } from '@/lib/client/query';
import { workloadAcrossUrl, workloadHref } from '@/lib/routes';
import type { AcrossColumn, WorkloadAcross, WorkloadInCluster } from '@/lib/views/workload-across-types';

/**
 * The same workload in the other clusters the asker reads, side by side with this one (a stage against prd): each
 * container's row and p90, its pods and OOM kills, each cell a link to that cluster's page of it. Read after the page
 * (each cluster within its own deadline), so a slow cluster holds up nothing else.
 */
export function WorkloadAcrossPanel({ namespace, workload }: { namespace: string; workload: string }) {
  const cluster = useClusterName();
  const { data, error } = useQuery({
    queryKey: queryKeys.workloads.across(cluster, namespace, workload),
    queryFn: ({ signal }) => fetchJson<WorkloadAcross>(workloadAcrossUrl(cluster, namespace, workload), signal),
    staleTime: 60_000,
  });
  return (
    <section data-testid="workload-across">
      <h2 className="font-semibold">In the other clusters</h2>
      {error ? (
        <ErrorText as="p">Not read: {error.message}</ErrorText>
      ) : !data ? (
        <p className="text-zinc-600">Reading the other clusters…</p>
      ) : (
        <Across answer={data} />
      )}
    </section>
  );
}

function Across({ answer }: { answer: WorkloadAcross }) {
  const { namespace, workload } = answer.ref;
  const containers = [
    ...new Set(answer.columns.flatMap((c) => (c.workload.ok ? c.workload.value.containers.map((x) => x.container) : []))),
  ].sort();
  const windowDays = answer.columns.find((c) => c.workload.ok)?.workload;
  const days = windowDays?.ok ? windowDays.value.windowDays : null;
  const cell = (column: AcrossColumn, show: (w: WorkloadInCluster) => ReactNode) => (
    <Td key={column.cluster} data-cluster={column.cluster}>
      {column.workload.ok ? (
        <Link href={workloadHref(column.cluster, namespace, workload)} className="block">
          {show(column.workload.value)}
        </Link>
      ) : null}
    </Td>
  );
  return (
    <div className="space-y-1">
      {answer.columns.length === 1 && <p>No other cluster you may read has {`${namespace}/${workload}`}.</p>}
      <Table data-testid="across-table">
        <thead>
          <HeadRow>
            <Th />
            {answer.columns.map((c) => (
              <Th key={c.cluster} scope="col">
                <Link href={workloadHref(c.cluster, namespace, workload)} className="font-mono">
                  {c.cluster}
                </Link>
                {c.here && <span className="font-normal text-zinc-600"> (this cluster)</span>}
              </Th>
            ))}
          </HeadRow>
        </thead>
        <tbody>
          {answer.columns.some((c) => !c.workload.ok) && (
            <Row>
              <Th scope="row">Not read</Th>
              {answer.columns.map((c) => (
                <Td key={c.cluster} data-cluster={c.cluster} data-testid={c.workload.ok ? undefined : 'across-failed'}>
                  {!c.workload.ok && <ErrorText>{c.workload.error.message}</ErrorText>}
                </Td>
              ))}
            </Row>
          )}
          {containers.map((container) => (
            <ContainerRows key={container} container={container} columns={answer.columns} cell={cell} />
          ))}
          <Row>
            <Th scope="row">Pods now</Th>
            {answer.columns.map((c) => cell(c, (w) => w.pods))}
          </Row>
          <Row data-testid="across-oom-kills">
            <Th scope="row">{days === null ? 'OOM kills' : `OOM kills, ${days} days`}</Th>
            {answer.columns.map((c) => cell(c, (w) => partOf(w.oomKills, (n) => countOf(n, 'OOM kill'))))}
          </Row>
        </tbody>
      </Table>
      {answer.without.length > 0 && <p className="text-zinc-600">Not in {answer.without.join(', ')}.</p>}
    </div>
  );
}

type Cell = (column: AcrossColumn, show: (w: WorkloadInCluster) => ReactNode) => ReactNode;

function ContainerRows({ container, columns, cell }: { container: string; columns: AcrossColumn[]; cell: Cell }) {
  const of = (w: WorkloadInCluster) => w.containers.find((c) => c.container === container);
  return (
    <>
      <Row data-testid="across-row" data-container={container}>
        <Th scope="row" className="font-mono font-normal">{`${container}: row`}</Th>
        {columns.map((c) => cell(c, (w) => <Memory bytes={of(w)?.row?.bytes ?? null} />))}
      </Row>
      <Row data-testid="across-p90" data-container={container}>
        <Th scope="row" className="font-mono font-normal">{`${container}: p90`}</Th>
        {columns.map((c) =>
          cell(c, (w) => partOf(w.p90Mi, (p90) => <Memory bytes={p90[container] == null ? null : p90[container] * MiB} />)),
        )}
      </Row>
    </>
  );
}

function partOf<T>(part: Part<T>, show: (value: T) => ReactNode): ReactNode {
  return part.ok ? show(part.value) : <ErrorText title={part.error.message}>not read</ErrorText>;
}
