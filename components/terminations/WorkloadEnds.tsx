import { Card } from '@/components/ui/Card';
import { Memory } from '@/components/ui/Memory';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { Tag } from '@/components/ui/Tag';
import { Time } from '@/components/ui/Time';
import { countOf, type Part } from '@/lib/domain';
import { podPath } from '@/lib/routes';
import type { WorkloadEnd, WorkloadEnds } from '@/lib/views/workload-terminations-types';
import { ClusterLink } from '@/components/shell/ClusterName';

/**
 * The workload's OOM kills and evictions over the snapshot's window: how many, where each source stood, and the pods
 * they ended with the request they had and the working set then. The same events are marked on the charts.
 */
export function WorkloadEndsSection({ namespace, ends, windowDays }: { namespace: string; ends: Part<WorkloadEnds>; windowDays: number }) {
  return (
    <section data-testid="workload-ends">
      <h2 className="font-semibold">{`OOM kills and evictions over the last ${windowDays} days`}</h2>
      {ends.ok ? (
        <Body namespace={namespace} ends={ends.value} />
      ) : (
        <p data-testid="workload-ends-problem">Not read: {ends.error.message}</p>
      )}
    </section>
  );
}

function Body({ namespace, ends }: { namespace: string; ends: WorkloadEnds }) {
  return (
    <div className="space-y-2">
      <p data-testid="end-counts" data-oom-kills={ends.oomKills} data-evictions={ends.evictions}>
        <strong>{countOf(ends.oomKills, 'OOM kill')}</strong> and <strong>{countOf(ends.evictions, 'eviction')}</strong>
        {ends.marks.length > 0 ? ', marked on the charts above.' : '.'}
      </p>
      <ul className="list-disc pl-5 text-zinc-700">
        <li data-testid="source-recorder" data-state={ends.recorder.state}>
          {ends.recorder.line}
        </li>
        <li data-testid="source-prometheus" data-state={ends.prometheus.state}>
          {ends.prometheus.line}
        </li>
      </ul>
      {ends.ends.length > 0 && <EndsList namespace={namespace} ends={ends.ends} />}
    </div>
  );
}

function EndsList({ namespace, ends }: { namespace: string; ends: WorkloadEnd[] }) {
  const now = new Date();
  return (
    <Card compact>
      <Table data-testid="workload-end-list">
        <thead>
          <HeadRow>
            <Th>What</Th>
            <Th>Pod</Th>
            <Th>When</Th>
            <Th>Request then</Th>
            <Th>Working set then</Th>
            <Th>Seen by</Th>
          </HeadRow>
        </thead>
        <tbody>
          {ends.map((e) => (
            <Row
              key={`${e.kind}-${e.pod}-${e.container}-${e.t}`}
              data-testid="workload-end"
              data-kind={e.kind}
              data-pod={e.pod}
              data-t={e.t}
            >
              <Td>
                <Tag tone="bad">{e.kind === 'oom-kill' ? 'OOMKilled' : 'Evicted'}</Tag>
                {e.container && <span className="font-mono"> {e.container}</span>}
                {e.message && <div className="text-xs text-zinc-600">{e.message}</div>}
              </Td>
              <Td className="font-mono">
                <ClusterLink href={podPath(namespace, e.pod)}>{e.pod}</ClusterLink>
              </Td>
              <Td>
                <Time at={new Date(e.t * 1000)} now={now} />
              </Td>
              <Td data-testid="end-request-then">
                {e.request === null ? <span className="text-zinc-600">not recorded</span> : <Memory bytes={e.request} />}
              </Td>
              <Td data-testid="end-working-set-then">
                {e.workingSet === null ? <span className="text-zinc-600">no sample</span> : <Memory bytes={e.workingSet} />}
              </Td>
              <Td>{e.source}</Td>
            </Row>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
