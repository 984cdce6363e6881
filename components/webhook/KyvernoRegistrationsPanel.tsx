import type { RegistrationCheck } from '@/lib/domain';
import type { Part } from '@/lib/views/webhook-health-types';
import { Tag } from '@/components/ui/Tag';
import { Panel } from './Panel';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';

/** Every Kyverno registration against the runbook's upgrade check: the right owner, or none. */
export function KyvernoRegistrationsPanel({ part }: { part: Part<RegistrationCheck[]> | undefined }) {
  return (
    <Panel title="Kyverno's registrations" part={part} id="kyverno-registrations">
      {(checks) =>
        checks.length === 0 ? (
          <p>None: Kyverno has no webhook registered.</p>
        ) : (
          <Table>
            <thead>
              <HeadRow>
                <Th>Name</Th>
                <Th>failurePolicy</Th>
                <Th>Owner</Th>
                <Th>Check</Th>
              </HeadRow>
            </thead>
            <tbody>
              {checks.map((c) => (
                <Row key={`${c.kind}/${c.name}`} className="align-top" data-registration={c.name} data-ok={c.problem ? 'false' : 'true'}>
                  <Td className="font-mono">
                    {c.name} <span className="text-xs text-zinc-500">{c.kind.replace('WebhookConfiguration', '')}</span>
                  </Td>
                  <Td>{[...new Set(c.entries.map((e) => e.failurePolicy))].join(', ')}</Td>
                  <Td className="font-mono">{c.owners.join(', ') || '<none>'}</Td>
                  <Td>
                    {c.problem ? (
                      <Tag tone="bad">{c.problem}</Tag>
                    ) : (
                      <Tag tone="good">{c.expectedOwner ? 'owned as expected' : 'no owner, as expected'}</Tag>
                    )}
                  </Td>
                </Row>
              ))}
            </tbody>
          </Table>
        )
      }
    </Panel>
  );
}
