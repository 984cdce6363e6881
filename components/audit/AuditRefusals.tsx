import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import type { AuditRefusals as Refusals } from '@/lib/views/audit-types';
import { Time } from '@/components/ui/Time';
import { Card } from '@/components/ui/Card';

/** The refusals' reasons (lib/errors' codes) as the guard's checks name them. */
const REASON: Record<string, string> = {
  unauthorized: 'no credential',
  forbidden: "not from memdash's own page (Origin)",
  'unsupported-media-type': 'not JSON',
  'method-not-allowed': 'not POST',
  'bad-request': 'a bad body or Authorization header',
  'invalid-name': 'a bad name',
  'too-large': 'a body too large',
  'length-required': 'a body without a length',
  misdirected: 'a Host memdash does not answer',
};

/** The writes refused before a credential was read: counted per action and reason, not recorded one by one. */
export function AuditRefusals({ refusals }: { refusals: Refusals | null }) {
  if (refusals === null) return null;
  if (refusals.total === 0)
    return (
      <p className="text-sm text-zinc-700" data-testid="audit-refusals" data-total={0}>
        No write refused without a credential.
      </p>
    );
  return (
    <Card as="details" compact className="text-sm" data-testid="audit-refusals" data-total={refusals.total}>
      <summary className="cursor-pointer">
        <span className="font-semibold">{refusals.total.toLocaleString('en')}</span> refused without a credential since{' '}
        <Time at={refusals.since!} />, by action (counted, not recorded one by one)
      </summary>
      <Table className="mt-1" data-testid="audit-refusal-counts">
        <thead>
          <HeadRow>
            <Th>Action</Th>
            <Th>Why refused</Th>
            <Th className="text-right">Count</Th>
            <Th>First</Th>
            <Th>Last</Th>
          </HeadRow>
        </thead>
        <tbody>
          {refusals.byAction.map((c) => (
            <Row key={`${c.action} ${c.reason}`} data-testid="audit-refusal-count" data-action={c.action} data-reason={c.reason}>
              <Td className="font-mono">{c.action}</Td>
              <Td>{REASON[c.reason] ?? c.reason}</Td>
              <Td className="text-right font-mono">{c.count.toLocaleString('en')}</Td>
              <Td className="font-mono text-xs whitespace-nowrap">
                <Time at={c.firstAt} />
              </Td>
              <Td className="font-mono text-xs whitespace-nowrap">
                <Time at={c.lastAt} />
              </Td>
            </Row>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
