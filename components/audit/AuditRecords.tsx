import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import type { AuditLog } from '@/lib/views/audit-types';
import { Time, WithTimes } from '@/components/ui/Time';

const CREDENTIAL_TEXT = { pasted: 'with a pasted write credential', session: 'with their own sign-in (ID token)' } as const;

const OUTCOME_CLASS = { success: 'text-green-800', refused: 'text-amber-800', failure: 'text-red-800' } as const;

/** One page of the records: who, what, which target, the outcome and the cluster's words. */
export function AuditRecords({ log }: { log: AuditLog }) {
  const filtered = log.filter.action || log.filter.outcome;
  return (
    <Table data-testid="audit-records">
      <thead>
        <HeadRow>
          <Th>Time</Th>
          <Th>Who</Th>
          <Th>Action</Th>
          <Th>Target</Th>
          <Th>Outcome</Th>
          <Th>The cluster&apos;s answer</Th>
        </HeadRow>
      </thead>
      <tbody>
        {log.records.map((r) => (
          <Row key={r.id} className="align-top" data-testid="audit-record" data-id={r.id} data-action={r.action} data-outcome={r.outcome}>
            <Td className="font-mono text-xs whitespace-nowrap">
              <Time at={r.at} />
            </Td>
            <Td className="font-mono">
              {r.actor}
              {r.signedIn && <span className="block font-sans text-xs text-zinc-600">signed in as {r.signedIn}</span>}
              {r.credential && (
                <span className="block font-sans text-xs text-zinc-600" data-testid="audit-credential">
                  {CREDENTIAL_TEXT[r.credential]}
                </span>
              )}
            </Td>
            <Td className="font-mono">{r.action}</Td>
            <Td className="font-mono">{atSlashes(r.target)}</Td>
            <Td className={`font-semibold ${OUTCOME_CLASS[r.outcome]}`}>{r.outcome}</Td>
            <Td className="break-words">
              <WithTimes text={r.detail ?? ''} />
            </Td>
          </Row>
        ))}
        {log.records.length === 0 && (
          <Row>
            <Td colSpan={6} className="text-zinc-600">
              No records{filtered ? ' match the filter' : log.filter.before !== null ? ' older than these' : ' yet'}.
            </Td>
          </Row>
        )}
      </tbody>
    </Table>
  );
}

/** A target wraps after its slashes (namespace/kind/name), not in the middle of a name; a long name still wraps. */
function atSlashes(target: string) {
  return target.split('/').map((part, i, all) => (
    <span key={i}>
      {part}
      {i < all.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </span>
  ));
}
