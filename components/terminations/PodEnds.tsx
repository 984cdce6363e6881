import { Card } from '@/components/ui/Card';
import { ErrorText } from '@/components/ui/ErrorText';
import { Memory } from '@/components/ui/Memory';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { Tag } from '@/components/ui/Tag';
import { Time } from '@/components/ui/Time';
import { formatMemory, type Part } from '@/lib/domain';
import type { ContainerEnds, EndSeen, PodEnds as Ends, RowThen } from '@/lib/views/pod-terminations-types';

/**
 * How the pod's containers ended and whether it was evicted: restarts, each end the status and the recorder hold
 * (OOMKilled marked), the request, limit and row in force then; the eviction and its message; its events; and heap
 * ceilings its env or args set above the request.
 */
export function PodEnds({ ends, now }: { ends: Part<Ends>; now: Date }) {
  return (
    <Card data-testid="pod-ends">
      <h2 className="font-semibold">How its containers ended</h2>
      {ends.ok ? <EndsBody ends={ends.value} now={now} /> : <p data-testid="pod-ends-problem">Not read: {ends.error.message}</p>}
    </Card>
  );
}

function EndsBody({ ends, now }: { ends: Ends; now: Date }) {
  const anyEnd = ends.containers.some((c) => c.ends.length > 0 || c.restarts > 0);
  return (
    <div className="mt-1 space-y-2">
      {ends.eviction && <EvictionLine eviction={ends.eviction} now={now} />}
      {anyEnd ? (
        <EndsTable containers={ends.containers} now={now} />
      ) : (
        <p data-testid="no-ends">No container of this pod has restarted or ended.</p>
      )}
      <HeapFlags containers={ends.containers} />
      <Events events={ends.events} now={now} />
      {ends.notes.map((n) => (
        <p key={n} className="text-amber-800" data-testid="pod-ends-note">
          {n}
        </p>
      ))}
    </div>
  );
}

function EvictionLine({ eviction, now }: { eviction: NonNullable<Ends['eviction']>; now: Date }) {
  return (
    <p data-testid="eviction" data-at={eviction.at ?? ''}>
      <ErrorText as="strong">Evicted</ErrorText> <Time at={eviction.at} now={now} />:{' '}
      <span data-testid="eviction-message">{eviction.message}</span>
    </p>
  );
}

function EndsTable({ containers, now }: { containers: ContainerEnds[]; now: Date }) {
  return (
    <Table data-testid="container-ends">
      <thead>
        <HeadRow>
          <Th>Container</Th>
          <Th>Restarts</Th>
          <Th>Ended</Th>
          <Th>When</Th>
          <Th>Request</Th>
          <Th>Limit</Th>
          <Th>Row in force then</Th>
        </HeadRow>
      </thead>
      <tbody>
        {containers.flatMap((c) =>
          (c.ends.length > 0 ? c.ends : [null]).map((end, i) => (
            <EndRow key={`${c.name}-${end?.at ?? i}`} c={c} end={end} first={i === 0} now={now} />
          )),
        )}
      </tbody>
    </Table>
  );
}

function EndRow({ c, end, first, now }: { c: ContainerEnds; end: EndSeen | null; first: boolean; now: Date }) {
  return (
    <Row data-testid="container-end" data-container={c.name} data-reason={end?.reason ?? ''} data-at={end?.at ?? ''}>
      <Td className="font-mono">{first ? c.name : ''}</Td>
      <Td data-testid="restarts">{first ? c.restarts : ''}</Td>
      <Td>{end ? <Reason end={end} /> : <span className="text-zinc-500">not ended</span>}</Td>
      <Td>{end && <Time at={end.at} now={now} />}</Td>
      <Td data-testid="end-request">
        <Memory bytes={c.request} />
      </Td>
      <Td data-testid="end-limit">
        <Memory bytes={c.limit} />
      </Td>
      <Td data-testid="end-row">{end && <RowWords row={end.row} />}</Td>
    </Row>
  );
}

function Reason({ end }: { end: EndSeen }) {
  const oom = end.reason === 'OOMKilled';
  return (
    <Tag tone={oom ? 'bad' : end.reason === 'Completed' ? 'plain' : 'warn'}>
      {end.reason}
      {end.exitCode !== null ? ` (exit ${end.exitCode})` : ''}
    </Tag>
  );
}

/** The row in force at a moment, in words. */
export function RowWords({ row }: { row: RowThen }) {
  switch (row.state) {
    case 'found':
      return <span title={row.key ?? ''}>{formatMemory(row.bytes!)}</span>;
    case 'none':
      return <span className="text-zinc-600">no row</span>;
    case 'no-workload':
      return <span className="text-zinc-600">no workload</span>;
    case 'unknown':
      return <span className="text-zinc-600">not recorded then</span>;
  }
}

function HeapFlags({ containers }: { containers: ContainerEnds[] }) {
  const flagged = containers.flatMap((c) => c.heapFlags.map((line) => ({ container: c.name, line })));
  if (flagged.length === 0) return null;
  return (
    <div className="rounded border border-amber-300 bg-amber-50 p-2" data-testid="heap-flags">
      <p className="font-medium">A runtime here ignores the request:</p>
      <ul className="list-disc pl-5">
        {flagged.map((f) => (
          <li key={`${f.container}${f.line}`} data-testid="heap-flag" data-container={f.container}>
            <span className="font-mono">{f.container}</span>: {f.line}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Events({ events, now }: { events: Ends['events']; now: Date }) {
  if (events.length === 0)
    return (
      <p className="text-zinc-600" data-testid="no-end-events">
        No Evicted, OOMKilling, FailedCreate or restart events (events last about an hour).
      </p>
    );
  return (
    <div>
      <h3 className="font-medium">Events</h3>
      <ul className="space-y-1">
        {events.map((e, i) => (
          <li key={i} data-testid="end-event" data-reason={e.reason}>
            <Tag tone={e.type === 'Warning' ? 'warn' : 'plain'}>{e.reason}</Tag> <Time at={e.at} now={now} />{' '}
            <span className="text-zinc-600">{e.object === 'pod' ? '' : `on ${e.object} `}</span>
            {e.count > 1 ? `(${e.count}×) ` : ''}
            <span className="break-words">{e.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
