import { countOf } from '@/lib/domain';
import { snapshotRunPath } from '@/lib/routes';
import type { SnapshotRun } from '@/lib/views/webhook-health-types';
import type { Part, WebhookHealth } from '@/lib/views/webhook-health-types';
import { Time } from '@/components/ui/Time';
import { useRenderNow } from '@/components/ui/RenderNow';
import { Tag } from '@/components/ui/Tag';
import { Panel } from './Panel';
import { ClusterLink } from '@/components/shell/ClusterName';

/** The table the webhook applies, and the snapshot job's last runs with their outcome. */
export function TablePanel({
  table,
  runs,
  name,
}: {
  table: WebhookHealth['table'] | undefined;
  runs: Part<SnapshotRun[]> | undefined;
  name: string;
}) {
  const now = useRenderNow();
  return (
    <div className="space-y-3">
      <Panel title={`Table ${name}`} part={table} id="table">
        {(t) =>
          t.loaded ? (
            <p>
              <Tag tone="good">loaded</Tag>{' '}
              {t.rows === null ? (
                <span data-testid="table-withheld">its rows and last write are for those who may get the table.</span>
              ) : (
                <>
                  {countOf(t.rows, 'row')}, last written <Time at={t.lastWriteAt} now={now} />.
                </>
              )}{' '}
              <ClusterLink href="/table" data-testid="table-link">
                The table →
              </ClusterLink>
            </p>
          ) : (
            <p>
              <Tag tone="bad">no table</Tag> {t.exists ? 'the ConfigMap has no data' : 'the ConfigMap does not exist'}: covered pods are
              admitted untouched.{' '}
              <ClusterLink href="/table/restore" className="font-semibold" data-testid="table-restore-link">
                Restore a saved table →
              </ClusterLink>
            </p>
          )
        }
      </Panel>
      <Panel title="Last snapshot runs" part={runs} id="snapshot-runs">
        {(list) => (
          <div className="space-y-2">
            {list.length === 0 ? (
              <p>No run of the CronJob is kept.</p>
            ) : (
              <ul className="space-y-1">
                {list.map((r, i) => (
                  <li key={r.name} data-testid="webhook-snapshot-run" data-outcome={r.outcome}>
                    <Tag tone={r.outcome === 'succeeded' ? 'good' : r.outcome === 'failed' ? 'bad' : 'plain'}>{r.outcome}</Tag>{' '}
                    <ClusterLink href={snapshotRunPath(r.name)} className="font-mono break-all">
                      {r.name}
                    </ClusterLink>
                    {r.manual && <span className="text-zinc-600"> (by hand)</span>} <Time at={r.startedAt} now={now} />
                    {/* a failure a later run made good is history, not today's problem */}
                    {r.outcome === 'failed' && list.slice(0, i).some((later) => later.outcome === 'succeeded') && (
                      <>
                        {' '}
                        <Tag tone="plain" data-testid="past">
                          past: a later run succeeded
                        </Tag>
                      </>
                    )}
                    {r.lastLine && <div className="font-mono text-xs break-words text-zinc-700">{r.lastLine}</div>}
                  </li>
                ))}
              </ul>
            )}
            <RunsLink failed={list[0]?.outcome === 'failed'} />
          </div>
        )}
      </Panel>
    </div>
  );
}

/** After a failed last run the next step is there (run it again, override the guard); otherwise just the list. */
function RunsLink({ failed }: { failed: boolean }) {
  return (
    <p>
      <ClusterLink href="/snapshot/runs" className={failed ? 'font-semibold' : ''} data-testid="snapshot-runs-link">
        {failed ? 'The last run failed: recent runs, run it again or override its guard →' : 'Recent runs, and run it by hand →'}
      </ClusterLink>
    </p>
  );
}
