import { formatCount } from '@/lib/domain';
import type { GlobalContextEntryRead, MutatingPolicyRead } from '@/lib/views/webhook-health-types';
import type { Part } from '@/lib/views/webhook-health-types';
import { Time } from '@/components/ui/Time';
import { useRenderNow } from '@/components/ui/RenderNow';
import { Tag } from '@/components/ui/Tag';
import { Panel } from './Panel';

/** Whether Kyverno has loaded the policy (MutatingPolicy READY) and the table (GlobalContextEntry Ready). */
export function PolicyPanel({
  policy,
  entry,
}: {
  policy: Part<MutatingPolicyRead> | undefined;
  entry: Part<GlobalContextEntryRead> | undefined;
}) {
  const now = useRenderNow();
  return (
    <div className="space-y-3">
      <Panel title="MutatingPolicy" part={policy} id="mutating-policy">
        {(p) => (
          <p>
            <span className="font-mono">{p.name}</span>:{' '}
            {!p.exists ? (
              <Tag tone="bad">not found</Tag>
            ) : p.ready ? (
              <Tag tone="good">READY true</Tag>
            ) : (
              <Tag tone="bad">READY {String(p.ready ?? 'unknown')}</Tag>
            )}
            {p.conditions
              .filter((c) => c.status !== 'True')
              .map((c) => (
                <span key={c.type} className="ml-2 text-zinc-700">
                  {c.type}: {c.message}
                </span>
              ))}
          </p>
        )}
      </Panel>
      <Panel title="GlobalContextEntry (the table as Kyverno loads it)" part={entry} id="global-context-entry">
        {(e) => (
          <div className="space-y-1">
            <p>
              <span className="font-mono">{e.name}</span>: {!e.exists && <Tag tone="bad">not found</Tag>}
              {e.conditions.map((c) => (
                <span key={c.type} className="mr-2" data-condition={c.type} data-status={c.status}>
                  <Tag tone={c.status === 'True' ? 'good' : 'bad'}>
                    {c.type} {c.status}
                  </Tag>{' '}
                  {c.message}
                </span>
              ))}
              {e.exists && e.conditions.length === 0 && (
                <span className="text-zinc-600" data-testid="entry-no-status">
                  no status: Kyverno v1.19 writes none for an entry that reads a Kubernetes resource (only a failed load shows, as the
                  events below); whether the table is served shows in how pods are sized
                </span>
              )}
              {e.lastRefreshTime && (
                <span className="text-zinc-600">
                  refreshed <Time at={e.lastRefreshTime} now={now} />
                </span>
              )}
            </p>
            {e.events.length > 0 && (
              <ul className="text-xs">
                {e.events.map((ev, i) => (
                  <li key={i}>
                    <Tag tone={ev.type === 'Warning' ? 'warn' : 'plain'}>
                      {ev.type} {ev.reason}
                    </Tag>{' '}
                    ×{formatCount(ev.count)} <Time at={ev.last} now={now} />: <span className="font-mono">{ev.message}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Panel>
    </div>
  );
}
