import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { Tag } from '@/components/ui/Tag';
import { Time, WithTimes } from '@/components/ui/Time';
import { whoWords, type TimelineEntry } from '@/lib/domain';

const OUTCOME_CLASS = { success: 'text-green-800', refused: 'text-amber-800', failure: 'text-red-800' } as const;

/** The incident's timeline: what happened, who pressed it, the cluster's answer; what memdash only infers says so. */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <Table data-testid="timeline">
      <thead>
        <HeadRow>
          <Th>Time</Th>
          <Th>What</Th>
          <Th>Who</Th>
          <Th>The cluster&apos;s answer</Th>
        </HeadRow>
      </thead>
      <tbody>
        {entries.map((e, n) => (
          <Row key={n} className="align-top" data-testid="timeline-entry" data-kind={e.kind} data-at={e.at} data-inferred={e.inferred}>
            <Td className="font-mono text-xs whitespace-nowrap">
              <Time at={e.at} />
            </Td>
            <Td>
              <WithTimes text={e.what} />
              {e.inferred && (
                <Tag
                  tone="warn"
                  className="ml-1 text-xs"
                  title="Read from what the cluster still says (events expire after an hour), not recorded as it happened"
                >
                  inferred
                </Tag>
              )}
              {e.outcome && e.outcome !== 'success' && (
                <span className={`ml-1 font-semibold ${OUTCOME_CLASS[e.outcome]}`}>{e.outcome}</span>
              )}
            </Td>
            <Td className="font-mono text-xs">{whoWords(e.by)}</Td>
            <Td className="break-words">
              <WithTimes text={e.answer ?? ''} />
            </Td>
          </Row>
        ))}
      </tbody>
    </Table>
  );
}
