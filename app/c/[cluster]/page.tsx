import { countOf } from '@/lib/domain';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ui/ErrorState';
import { Time } from '@/components/ui/Time';
import { WebhookSummary } from '@/components/webhook/WebhookSummary';
import { clusterOfPage } from '@/lib/http/cluster';
import { readTarget } from '@/lib/k8s/health';
import { readHomeSummary } from '@/lib/views/home';
import { attempt } from '@/lib/views/part';
import { readSnapshotSchedule } from '@/lib/views/snapshot-schedule';
import { navigationOfPage, rightsOfPage, requireSnapshotRuns } from '@/lib/http/viewer';
import { clusterHref, type NavigationPage } from '@/lib/routes';
import { SnapshotSchedule } from '@/components/snapshot/SnapshotSchedule';
import { ErrorBox } from '@/components/ui/ErrorBox';
import { Card } from '@/components/ui/Card';
import { Suspense } from 'react';
import { FitPanel } from '@/components/fit/FitPanel';
import { readNextTableFit } from '@/lib/views/next-table-fit';
import type { Cluster } from '@/lib/cluster/cluster';
import { part } from '@/lib/views/part';
import { ErrorText } from '@/components/ui/ErrorText';
import { ClusterLink } from '@/components/shell/ClusterName';

/** Where to go, and whether memdash can see the cluster at all. */
export default async function HomePage({ params }: { params: Promise<{ cluster: string }> }) {
  await connection(); // every visit asks the cluster afresh; nothing here is built ahead of time
  const cluster = clusterOfPage(await params);
  const now = new Date();
  const rights = await rightsOfPage();
  const [read, schedule] = await Promise.all([
    attempt(() => readHomeSummary(cluster, rights)),
    // the schedule is its own part: a CronJob that cannot be read leaves the rest of the summary; its runs are the
    // snapshot Jobs', shown to those who may read their logs
    attempt(() => (requireSnapshotRuns(cluster, rights), readSnapshotSchedule(cluster, now))),
  ]);
  if (!read.ok) {
    return (
      <div className="space-y-4">
        <h1 className="text-lg font-semibold">memdash: is pod creation safe, and why does a pod have its memory request?</h1>
        <ErrorState error={read.error} />
        <Pages cluster={cluster.name} pages={await navigationOfPage()} />
      </div>
    );
  }
  const state = read.value;
  const s = cluster.facts;
  const target = readTarget(cluster.kubeConfig());
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold">memdash: is pod creation safe, and why does a pod have its memory request?</h1>
      <WebhookSummary />
      <Card as="dl" className="grid grid-cols-1 sm:grid-cols-[12rem_minmax(0,1fr)] gap-x-4 gap-y-1" data-testid="cluster-summary">
        <dt className="text-zinc-600">API server</dt>
        <dd data-testid="api-server">
          answers: <span className="font-mono">{state.version}</span> at <span className="font-mono">{target.server}</span> (context{' '}
          <span className="font-mono">{target.context}</span>)
        </dd>
        <dt className="text-zinc-600">Table</dt>
        <dd>
          <span className="font-mono">
            {s.kyvernoNamespace}/{s.tableConfigMap}
          </span>
          :{' '}
          {state.table.loaded ? (
            state.table.rows === null ? (
              <span data-testid="table-withheld">loaded (its rows and last write are for those who may get the table)</span>
            ) : (
              <>
                {countOf(state.table.rows, 'row')}, last written <Time at={state.table.lastWriteAt} now={now} />
              </>
            )
          ) : (
            <ErrorText as="strong">no table ({state.table.exists ? 'no data' : 'ConfigMap missing'})</ErrorText>
          )}
        </dd>
        <dt className="text-zinc-600">
          <ClusterLink href="/snapshot/runs">Snapshot</ClusterLink>
        </dt>
        <dd>
          {schedule.ok ? (
            <SnapshotSchedule view={schedule.value} now={now} />
          ) : (
            <ErrorBox compact className="text-red-900">
              The CronJob could not be read: {schedule.error.message}
            </ErrorBox>
          )}
        </dd>
        <dt className="text-zinc-600">Pod webhook</dt>
        <dd>
          <span className="font-mono">
            {s.webhookConfiguration} / {s.webhookEntry}
          </span>
          : {state.registered ? 'registered' : <ErrorText as="strong">not registered: covered pods are admitted untouched</ErrorText>}
        </dd>
      </Card>
      <Suspense fallback={<p>Reading whether the next table fits…</p>}>
        <NextTableFit cluster={cluster} />
      </Suspense>
      <Pages cluster={cluster.name} pages={await navigationOfPage()} />
    </div>
  );
}

/** The nodes, the quotas and the LimitRanges against the next table (the last preview's, else today's). */
async function NextTableFit({ cluster }: { cluster: Cluster }) {
  const now = new Date();
  const fit = await part('list pods, nodes, resourcequotas and limitranges', async () =>
    readNextTableFit(cluster, await rightsOfPage(), now),
  );
  return <FitPanel part={fit} now={now} />;
}

function Pages({ cluster, pages }: { cluster: string; pages: readonly NavigationPage[] }) {
  const here = clusterHref(cluster, '');
  return (
    <Card>
      <h2 className="font-semibold">Pages</h2>
      <ul className="mt-1 list-disc pl-5">
        {pages.map((page) => (
          <li key={page.href}>
            <ClusterLink href={page.href}>{page.label}</ClusterLink>: {page.about}
          </li>
        ))}
        <li>
          A pod directly: <span className="font-mono">{here}/pods/&lt;namespace&gt;/&lt;pod&gt;</span>; its JSON:{' '}
          <span className="font-mono">{here}/api/pods/&lt;namespace&gt;/&lt;pod&gt;/explanation</span>
        </li>
        <li>Ctrl K (⌘K) on any page jumps to a pod or workload by name.</li>
        <li>
          Health: <a href="/healthz">/healthz</a> (the process), <a href="/readyz">/readyz</a> (the API server answers)
        </li>
      </ul>
    </Card>
  );
}
