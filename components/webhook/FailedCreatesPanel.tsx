import type { FailedCreateGroup } from '@/lib/domain';
import { podsInNamespacePath } from '@/lib/routes';
import type { Part } from '@/lib/views/webhook-health-types';
import { Time } from '@/components/ui/Time';
import { useRenderNow } from '@/components/ui/RenderNow';
import { Tag } from '@/components/ui/Tag';
import { formatDuration, toDate, formatCount } from '@/lib/domain';
import { Panel } from './Panel';
import { ClusterLink } from '@/components/shell/ClusterName';

// A refusal older than this is history, not the current state: it is marked "past" with its age.
const PAST_AFTER_MS = 15 * 60_000;

/** Controllers whose pod creates were refused naming the webhook: what the refusal is holding up. */
export function FailedCreatesPanel({ part, entry }: { part: Part<FailedCreateGroup[]> | undefined; entry: string }) {
  const now = useRenderNow();
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
                <OwnerName kind={g.owner.kind} namespace={g.owner.namespace} name={g.owner.name} /> ×{formatCount(g.count)}, last{' '}
                <Time at={g.last} now={now} /> <PastMark at={g.last} now={now} />
                <div className="font-mono text-xs break-words text-zinc-700">{g.message}</div>
              </li>
            ))}
          </ul>
        )
      }
    </Panel>
  );
}

/** "past, 3h ago" on a refusal that is not current, so it is not read as today's outage. */
export function PastMark({ at, now }: { at: string | null; now: Date }) {
  const date = toDate(at);
  if (!date || now.getTime() - date.getTime() < PAST_AFTER_MS) return null;
  return (
    <Tag tone="plain" data-testid="past">
      past: {formatDuration(now.getTime() - date.getTime())} ago
    </Tag>
  );
}

/** The refused controller, linked to the pods whose names hold its own (a ReplicaSet's, a Job's, a StatefulSet's). */
function OwnerName({ kind, namespace, name }: { kind: string; namespace: string; name: string }) {
  return (
    <span className="font-mono">
      {kind}{' '}
      <ClusterLink href={`${podsInNamespacePath(namespace)}&name=${encodeURIComponent(name)}`}>
        {namespace}/{name}
      </ClusterLink>
    </span>
  );
}
