'use client';

import { useQuery } from '@tanstack/react-query';
import { fetchJson, queryKeys } from '@/lib/client/query';
import type { LogTail as Tail } from '@/lib/views/webhook-health-types';
import { Card } from '@/components/ui/Card';
import { LogTail } from '@/components/ui/LogTail';
import { ErrorText } from '@/components/ui/ErrorText';
import { useClusterName } from '@/components/shell/ClusterName';
import { clusterHref } from '@/lib/routes';

/** The runbook's `logs -l <admission pods> --prefix --tail=50`, refreshed with the page. */
export function LogsPanel({ selector, namespace }: { selector: string; namespace: string }) {
  const cluster = useClusterName();
  const logs = useQuery({
    queryKey: queryKeys.webhook.logs(cluster),
    queryFn: ({ signal }) => fetchJson<{ readAt: string; tails: Tail[] }>(clusterHref(cluster, '/api/webhook/logs'), signal),
    refetchInterval: 10_000,
  });
  const lines = (logs.data?.tails ?? []).flatMap((t) =>
    t.error ? [`[pod/${t.pod}/${t.container}] (${t.error})`] : t.lines.map((l) => `[pod/${t.pod}/${t.container}] ${l}`),
  );
  return (
    <Card data-testid="admission-logs">
      <h2 className="mb-2 font-semibold">
        Admission controller log tail{' '}
        <span className="font-mono text-xs font-normal text-zinc-600">
          -n {namespace} -l {selector} --prefix --tail=50
        </span>
      </h2>
      {logs.error ? (
        <ErrorText as="p" deep className="font-mono">
          {logs.error.message}
        </ErrorText>
      ) : !logs.data ? (
        <p className="text-zinc-500">reading…</p>
      ) : lines.length === 0 ? (
        <p>No pods, or nothing logged.</p>
      ) : (
        <LogTail text={lines.join('\n')} className="max-h-80 overflow-auto bg-zinc-50 p-2 text-xs" data-testid="admission-log-tail" />
      )}
    </Card>
  );
}
