import type { FailedCreateGroup } from '@/lib/domain';
import type { Part } from '@/lib/views/webhook-health-types';
import { Time } from '@/components/Time';
import { Panel } from './Panel';

/** Controllers whose pod creates were refused naming the webhook: what the refusal is holding up. */
export function FailedCreatesPanel({ part, entry }: { part: Part<FailedCreateGroup[]> | undefined; entry: string }) {
  const now = new Date();
  return (
    <Panel title={`Refused pod creates naming ${entry} (FailedCreate events)`} part={part} id="failed-creates">
      {(groups) =>
        groups.length === 0 ? (
          <p>None among the events the API server keeps.</p>
        ) : (
          <ul className="space-y-1">
            {groups.map((g) => (
              <li
                key={`${g.owner.kind}/${g.owner.namespace}/${g.owner.name}`}
                data-testid="failed-create"
                data-owner={`${g.owner.namespace}/${g.owner.name}`}
              >
                <span className="font-mono">
                  {g.owner.kind} {g.owner.namespace}/{g.owner.name}
                </span>{' '}
                ×{g.count}, last <Time at={g.last} now={now} />
                <div className="font-mono text-xs break-words text-zinc-700">{g.message}</div>
              </li>
            ))}
          </ul>
        )
      }
    </Panel>
  );
}
