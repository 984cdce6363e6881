'use client';

import { LogTail } from '@/components/ui/LogTail';
import { Time } from '@/components/ui/Time';
import { useEffect, useState } from 'react';
import { CommandLines } from '@/components/write/CommandLines';
import type { RunEvent, SnapshotRunView } from '@/lib/views/snapshot-run-types';
import { RunResult } from './RunResult';
import { Card } from '@/components/ui/Card';
import { clusterHref } from '@/lib/routes';
import { useClusterName } from '@/components/shell/ClusterName';

/** Follows a run live over server-sent events: tries and their phases, each try's log, the result. */
export function RunFollower({
  initial,
  initialLogs,
  latest,
}: {
  initial: SnapshotRunView;
  initialLogs: Record<string, string[]>;
  latest: boolean;
}) {
  const [run, setRun] = useState(initial);
  const cluster = useClusterName();
  const [logs, setLogs] = useState(initialLogs);
  const [live, setLive] = useState<'following' | 'ended' | string>('following');

  useEffect(() => {
    const source = new EventSource(clusterHref(cluster, `/api/snapshot/runs/${encodeURIComponent(initial.job)}/events`));
    const fresh: Record<string, string[]> = {};
    source.onmessage = (message) => {
      const event = JSON.parse(message.data as string) as RunEvent;
      if (event.type === 'run') setRun(event.run);
      else if (event.type === 'log') {
        fresh[event.pod] = [...(fresh[event.pod] ?? []), ...event.lines];
        setLogs((l) => ({ ...l, [event.pod]: fresh[event.pod]! }));
      } else if (event.type === 'end') {
        setLive('ended');
        source.close();
      } else if (event.type === 'error') {
        setLive(`stopped: ${event.message}`);
        source.close();
      }
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) setLive((s) => (s === 'following' ? 'stopped: the connection closed' : s));
    };
    return () => source.close(); // leaving the page closes the stream; the server aborts its calls
  }, [cluster, initial.job]);

  return (
    <div className="space-y-3">
      <p className="text-zinc-700" data-testid="run-state" data-state={run.state}>
        {run.manual ? 'Manual run' : 'Scheduled run'}, created <Time at={run.createdAt} /> — <strong>{run.state}</strong>
        {run.retries !== null && `, ${run.tries.length} of at most ${run.retries + 1} tries`} ·{' '}
        <span data-testid="follow-state">{live === 'following' ? 'following live' : live}</span>
      </p>
      <RunResult result={run.result} state={run.state} diff={run.diff} overrideOffered={latest} />
      <ol className="space-y-2" data-testid="run-tries">
        {run.tries.map((t, i) => (
          <Card as="li" compact key={t.pod} data-testid="run-try" data-phase={t.phase}>
            <p>
              Try {i + 1}: <span className="font-mono">{t.pod}</span> — <strong>{t.phase}</strong>
              {t.exitCode !== null && `, exit ${t.exitCode}`}
              {t.result.kind === 'refusal' && ' (refused)'}
              {t.result.kind === 'failed' && ' (traceback)'}
            </p>
            <LogTail
              text={(logs[t.pod] ?? []).join('\n') || '(no log yet)'}
              className="mt-1 max-h-64 overflow-auto rounded bg-(--code-bg) p-2 font-mono text-xs text-(--code-fg)"
              data-testid="run-log"
            />
          </Card>
        ))}
        {run.tries.length === 0 && <li className="text-zinc-600">No pod yet.</li>}
      </ol>
      <CommandLines commands={run.commands} title="Follow it with kubectl" />
    </div>
  );
}
