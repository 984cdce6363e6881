import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { Tag } from '@/components/ui/Tag';
import { Time } from '@/components/ui/Time';
import { formatDuration, notYet } from '@/lib/domain';
import { incidentPath } from '@/lib/routes';
import type { IncidentSummary } from '@/lib/views/incidents-types';
import { ClusterLink } from '@/components/shell/ClusterName';

/** Every break-glass and drill, newest first: when it started, whether it is open, how long each half took. */
export function IncidentList({ incidents }: { incidents: IncidentSummary[] }) {
  return (
    <Table data-testid="incidents">
      <thead>
        <HeadRow>
          <Th>Incident</Th>
          <Th>Started</Th>
          <Th>Status</Th>
          <Th>Pod creation restored after</Th>
          <Th>Kyverno back after</Th>
        </HeadRow>
      </thead>
      <tbody>
        {incidents.map((i) => (
          <Row key={i.id} className="align-top" data-testid="incident-row" data-id={i.id} data-kind={i.kind} data-open={i.open}>
            <Td>
              <ClusterLink href={incidentPath(i.id)} className="font-mono">
                {i.id}
              </ClusterLink>{' '}
              {i.kind === 'drill' && <Tag tone="plain">drill</Tag>}
            </Td>
            <Td className="whitespace-nowrap">
              <Time at={i.startedAt} />
            </Td>
            <Td>
              {i.open ? (
                <Tag tone="bad">open</Tag>
              ) : i.closedHow === 'superseded' ? (
                <Tag tone="warn">closed by the next, unconfirmed</Tag>
              ) : (
                <Tag tone="good">closed</Tag>
              )}
            </Td>
            <Td className="font-mono">{i.timeToRestoreMs === null ? notYet(i) : formatDuration(i.timeToRestoreMs)}</Td>
            <Td className="font-mono">{i.timeToBringBackMs === null ? notYet(i) : formatDuration(i.timeToBringBackMs)}</Td>
          </Row>
        ))}
        {incidents.length === 0 && (
          <Row>
            <Td colSpan={5} className="text-zinc-600">
              No break-glass or drill recorded.
            </Td>
          </Row>
        )}
      </tbody>
    </Table>
  );
}
