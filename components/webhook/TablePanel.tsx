import type { SnapshotRun } from '@/lib/views/webhook-health-types';
import type { Part, WebhookHealth } from '@/lib/views/webhook-health-types';
import { Time } from '@/components/Time';
import { Tag } from '@/components/ui/Tag';
import { Panel } from './Panel';

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
  const now = new Date();
  return (
    <div className="space-y-3">
      <Panel title={`Table ${name}`} part={table} id="table">
        {(t) =>
          t.loaded ? (
            <p>
              <Tag tone="good">loaded</Tag> {t.rows} rows, last written <Time at={t.lastWriteAt} now={now} />
            </p>
          ) : (
            <p>
              <Tag tone="bad">no table</Tag> {t.exists ? 'the ConfigMap has no data' : 'the ConfigMap does not exist'}: covered pods are
              admitted untouched.
            </p>
          )
        }
      </Panel>
      <Panel title="Last snapshot runs" part={runs} id="snapshot-runs">
        {(list) =>
          list.length === 0 ? (
            <p>No run of the CronJob is kept.</p>
          ) : (
            <ul className="space-y-1">
              {list.map((r) => (
                <li key={r.name}>
                  <Tag tone={r.outcome === 'succeeded' ? 'good' : r.outcome === 'failed' ? 'bad' : 'plain'}>{r.outcome}</Tag>{' '}
                  <span className="font-mono">{r.name}</span>
                  {r.manual && <span className="text-zinc-600"> (by hand)</span>} <Time at={r.startedAt} now={now} />
                  {r.lastLine && <div className="font-mono text-xs text-zinc-700">{r.lastLine}</div>}
                </li>
              ))}
            </ul>
          )
        }
      </Panel>
    </div>
  );
}
