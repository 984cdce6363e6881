import { countOf } from '@/lib/domain';
import type { Part, PodRegistrationView } from '@/lib/views/webhook-health-types';
import { Tag } from '@/components/ui/Tag';
import { Fact, Panel } from './Panel';

/** The pod webhook's registration: entries, failurePolicy, owner, and which namespaces its selectors cover. */
export function RegistrationPanel({
  part,
  name,
  owner,
}: {
  part: Part<PodRegistrationView | null> | undefined;
  name: string;
  owner: string;
}) {
  return (
    <Panel title={`Pod webhook: ${name}`} part={part} id="registration">
      {(view) =>
        !view ? (
          <p data-testid="registration-absent">
            <Tag tone="warn">not registered</Tag> The API server sends no pod to Kyverno: covered pods are admitted untouched.
          </p>
        ) : (
          <div className="space-y-2">
            <p>
              Owner: {view.owners.length ? <span className="font-mono">{view.owners.join(', ')}</span> : 'none'}{' '}
              {view.ownedAsExpected ? (
                <Tag tone="good">as expected</Tag>
              ) : (
                <Tag tone="bad">expected ClusterRole/{owner}: it would outlive the app</Tag>
              )}
            </p>
            {view.entries.map((entry) => (
              <dl
                key={entry.name}
                className="grid grid-cols-1 sm:grid-cols-[10rem_minmax(0,1fr)] gap-x-3 gap-y-1 border-t border-zinc-100 pt-2"
                data-testid="registration-entry"
              >
                <Fact label="Entry">
                  <span className="font-mono">{entry.name}</span>{' '}
                  <Tag tone={entry.failurePolicy === 'Fail' ? 'warn' : 'plain'}>failurePolicy {entry.failurePolicy}</Tag>
                </Fact>
                <Fact label="namespaceSelector">
                  <span className="font-mono">{entry.namespaceSelector.join('; ') || 'every namespace'}</span>
                </Fact>
                <Fact label="objectSelector">
                  <span className="font-mono">{entry.objectSelector.join('; ') || 'every pod'}</span>
                </Fact>
                {entry.namespaces && (
                  <>
                    <Fact label="Skipped namespaces">
                      <span data-testid="skipped-namespaces">{entry.namespaces.skipped.join(', ') || 'none'}</span>
                      <Unread count={entry.namespaces.unread.skipped} />
                    </Fact>
                    <Fact label={`Covered (${entry.namespaces.covered.length})`}>
                      <span className="text-zinc-700" data-testid="covered-namespaces">
                        {entry.namespaces.covered.join(', ') || 'none'}
                      </span>
                      <Unread count={entry.namespaces.unread.covered} />
                    </Fact>
                  </>
                )}
              </dl>
            ))}
          </div>
        )
      }
    </Panel>
  );
}

/** The namespaces of a list they may not read: counted, never named. */
function Unread({ count }: { count: number }) {
  if (count === 0) return null;
  return <span data-testid="unread-namespaces">, and {countOf(count, 'namespace')} you cannot read</span>;
}
