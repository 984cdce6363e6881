import type { RegistrationCheck } from '@/lib/domain';
import type { Part } from '@/lib/views/webhook-health-types';
import { Tag } from '@/components/ui/Tag';
import { Panel } from './Panel';

/** Every Kyverno registration against the runbook's upgrade check: the right owner, or none. */
export function KyvernoRegistrationsPanel({ part }: { part: Part<RegistrationCheck[]> | undefined }) {
  return (
    <Panel title="Kyverno's registrations" part={part} id="kyverno-registrations">
      {(checks) =>
        checks.length === 0 ? (
          <p>None: Kyverno has no webhook registered.</p>
        ) : (
          <table className="w-full text-left">
            <thead className="text-zinc-600">
              <tr>
                <th className="pr-2">Name</th>
                <th className="pr-2">failurePolicy</th>
                <th className="pr-2">Owner</th>
                <th>Check</th>
              </tr>
            </thead>
            <tbody>
              {checks.map((c) => (
                <tr key={`${c.kind}/${c.name}`} className="border-t border-zinc-100 align-top" data-registration={c.name} data-ok={c.problem ? 'false' : 'true'}>
                  <td className="pr-2 font-mono">
                    {c.name} <span className="text-xs text-zinc-500">{c.kind.replace('WebhookConfiguration', '')}</span>
                  </td>
                  <td className="pr-2">{[...new Set(c.entries.map((e) => e.failurePolicy))].join(', ')}</td>
                  <td className="pr-2 font-mono">{c.owners.join(', ') || '<none>'}</td>
                  <td>{c.problem ? <Tag tone="bad">{c.problem}</Tag> : <Tag tone="good">{c.expectedOwner ? 'owned as expected' : 'no owner, as expected'}</Tag>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </Panel>
  );
}
