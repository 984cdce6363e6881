import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { Suspense, type ComponentProps } from 'react';
import { ChartsReading } from '@/components/workloads/ChartFrame';
import { ChartRangeSwitch } from '@/components/workloads/ChartRangeSwitch';
import { ErrorState } from '@/components/ui/ErrorState';
import { Memory } from '@/components/ui/Memory';
import { WorkloadCharts, type ServerRead } from '@/components/workloads/WorkloadCharts';
import { RowsAcrossVersions, WorkloadPods } from '@/components/workloads/WorkloadRows';
import { countOf, RANGE_SECONDS, rangeOfSeconds, rowKey, spanWords, type ChartRange, type Part } from '@/lib/domain';
import { isNotThere } from '@/lib/errors';
import { pageSignal } from '@/lib/http/page-signal';
import type { Cluster } from '@/lib/cluster/cluster';
import { clusterOfPage } from '@/lib/http/cluster';
import { parseChartRange, parseWorkloadRef, type RawSearch } from '@/lib/http/params';
import { rightsOfPage } from '@/lib/http/viewer';
import { answeredBy, attempt } from '@/lib/views/part';
import { driftOf, readWorkloadHistory, requireWorkload } from '@/lib/views/workload-history';
import { readWorkloadMemory, type WorkloadMemory } from '@/lib/views/workload-memory';
import { readWorkloadEnds } from '@/lib/views/workload-terminations';
import type { WorkloadEnds } from '@/lib/views/workload-terminations-types';
import { WorkloadEndsSection } from '@/components/terminations/WorkloadEnds';
import { FitPanel } from '@/components/fit/FitPanel';
import { readNextTableFit } from '@/lib/views/next-table-fit';
import { part } from '@/lib/views/part';
import { ClusterLink } from '@/components/shell/ClusterName';
import { WorkloadAcrossPanel } from '@/components/workloads/WorkloadAcross';
import { clusters } from '@/lib/cluster/registry';

interface Props {
  params: Promise<{ namespace: string; workload: string; cluster: string }>;
  searchParams: Promise<RawSearch>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { namespace, workload } = await params;
  return { title: `${workload} · ${namespace} · memdash` };
}

/** A workload's history: its rows over time, its working set against request and limit, its pods, its drift. */
export default async function WorkloadPage({ params, searchParams }: Props) {
  await connection();
  const asked = await params;
  const { namespace, workload } = asked;
  const cluster = clusterOfPage(asked);
  const search = await searchParams;
  const read = await attempt(() => readPage(cluster, namespace, workload, search));
  if (!read.ok) {
    if (isNotThere(read.error)) notFound();
    return (
      <>
        <Title namespace={namespace} workload={workload} />
        <ErrorState error={read.error} />
      </>
    );
  }
  const { history, memory, early, range, ends } = read.value;
  const keys = history.containers.map((container) => ({ container, key: rowKey(namespace, workload, container) }));
  const drift = driftOf(history);
  const charts = { namespace, workload, containers: history.containers.length, range: range.asked, span: range.span };
  return (
    <div className="space-y-4">
      <Title namespace={namespace} workload={workload} />
      <section data-testid="rows-now">
        <h2 className="font-semibold">Rows now</h2>
        {history.rows.length === 0 ? (
          <p>
            The table holds no row for this workload{history.table.parsed.loaded ? '' : ' (the table has no data)'}: its pods keep the
            request their manifest gives.
          </p>
        ) : (
          <ul className="list-disc pl-5">
            {history.rows.map((r) => (
              <li key={r.key}>
                <span className="font-mono">{r.key}</span>: <Memory bytes={r.bytes} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {/* the same workload in the other clusters: read by the browser after the page, each cluster within its deadline */}
      {clusters().all.length > 1 && <WorkloadAcrossPanel namespace={namespace} workload={workload} />}
      <Suspense fallback={<p>Reading whether the next table fits…</p>}>
        <NextTableFit cluster={cluster} namespace={namespace} workload={workload} />
      </Suspense>
      <section>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold">{`Working set over the last ${range.span}`}</h2>
          <ChartRangeSwitch namespace={namespace} workload={workload} current={range.shown} />
        </div>
        {early ? (
          <WorkloadCharts {...charts} initial={initialOf(early.value.memory)} marks={marksOf(early.value.ends)} />
        ) : (
          <Suspense key={range.asked ?? ''} fallback={<ChartsReading containers={charts.containers} span={range.span} />}>
            <Charts {...charts} memory={memory} ends={ends} />
          </Suspense>
        )}
      </section>
      <Suspense fallback={<p>Reading the OOM kills and evictions…</p>}>
        <Ends namespace={namespace} ends={ends} windowDays={cluster.facts.snapshotWindowDays} />
      </Suspense>
      <section>
        <h2 className="font-semibold">Current pods</h2>
        {history.pods.length === 0 ? (
          <p>No pod of this workload runs now.</p>
        ) : (
          <>
            <DriftLine drifted={drift.length} />
            <WorkloadPods namespace={namespace} pods={history.pods} />
          </>
        )}
      </section>
      <section>
        <h2 className="font-semibold">Its rows across the recorded versions</h2>
        {history.versions.length === 0 ? <p>No version recorded yet.</p> : <RowsAcrossVersions versions={history.versions} keys={keys} />}
      </section>
    </div>
  );
}

/**
 * How long after the request the rest of the page may wait for the charts, so they go out with it. A boundary that
 * streams later is revealed by React no sooner than 300 ms after the page's first paint, and the chart's caption is
 * the page's largest paint: waiting less than that for a Prometheus that answers at once paints it sooner. A slower
 * Prometheus streams into the charts' section and holds nothing else longer than this.
 */
const CHARTS_JOIN_MS = 250;

/**
 * The history, and Prometheus asked at once beside it: `early` is Prometheus's answer if it came in time to go out
 * with the rest, `memory` the same answer to stream when it comes later.
 */
async function readPage(cluster: Cluster, namespace: string, workload: string, search: RawSearch) {
  const asked = Date.now();
  const ref = parseWorkloadRef({ namespace, workload });
  const range = rangeOf(cluster, parseChartRange(search));
  const rights = await rightsOfPage();
  requireWorkload(cluster, rights, ref); // before Prometheus is asked
  const memory: Promise<MemoryRead> = attempt(() => readWorkloadMemory(cluster, ref, rights, range.asked, { signal: pageSignal() })).then(
    (part) => ({
      part,
      readAt: Date.now(),
    }),
  );
  // the OOM kills and evictions: the store and Prometheus, a part of its own beside the history, streamed like the
  // charts (whose marks they are) so that a slow Prometheus holds back neither the rows nor the pods
  const ends = attempt(() => readWorkloadEnds(cluster, ref, rights, { signal: pageSignal() }));
  const history = await readWorkloadHistory(cluster, ref, rights);
  const both = Promise.all([memory, ends]).then(([m, e]) => ({ memory: m, ends: e }));
  return { history, memory, range, early: await answeredBy(both, asked + CHARTS_JOIN_MS), ends };
}

/** The range asked in the URL (none: the snapshot's window), the one the switch marks, and its span in words. */
function rangeOf(cluster: Cluster, asked: ChartRange | undefined) {
  const seconds = asked ? RANGE_SECONDS[asked] : cluster.facts.snapshotWindowDays * 86_400;
  return { asked, shown: asked ?? rangeOfSeconds(seconds), span: spanWords(seconds) };
}

/** The server's read: a thrown failure as a failed part; Prometheus's own failure is inside the read's value. */
type MemoryRead = { part: Part<WorkloadMemory>; readAt: number };

/**
 * The server's read as the charts' first data, their captions in this HTML. A read that threw (not Prometheus's
 * failure, which is the read's own answer) is left to the browser to ask again, as before.
 */
function initialOf({ part, readAt }: MemoryRead): ServerRead | undefined {
  return part.ok ? { memory: part.value, readAt } : undefined;
}

type EndsRead = Part<WorkloadEnds>;
const marksOf = (ends: EndsRead) => (ends.ok ? ends.value.marks : []);

async function Charts({
  memory,
  ends,
  ...props
}: Omit<ComponentProps<typeof WorkloadCharts>, 'initial' | 'marks'> & { memory: Promise<MemoryRead>; ends: Promise<EndsRead> }) {
  const [read, endsRead] = await Promise.all([memory, ends]);
  return <WorkloadCharts {...props} initial={initialOf(read)} marks={marksOf(endsRead)} />;
}

async function Ends({ namespace, ends, windowDays }: { namespace: string; ends: Promise<EndsRead>; windowDays: number }) {
  return <WorkloadEndsSection namespace={namespace} ends={await ends} windowDays={windowDays} />;
}

/**
 * Whether a current pod's request is not today's row, in one line above the pods' table that marks them: the
 * pods are listed once, there.
 */
function DriftLine({ drifted }: { drifted: number }) {
  if (drifted === 0)
    return (
      <p data-testid="no-drift">
        Every current pod has what today&apos;s row gives. Whether the row still fits the working set is under each chart (today&apos;s row
        against the p90 now).
      </p>
    );
  return (
    <p data-testid="drift" data-count={drifted}>
      {countOf(drifted, 'container')} below {drifted === 1 ? 'has' : 'have'} a request that is not today&apos;s row (its request and row
      highlighted): each gets the row with its next pod.
    </p>
  );
}

/** Its pods' next requests against their nodes, its namespace's quota and LimitRanges. */
async function NextTableFit({ cluster, namespace, workload }: { cluster: Cluster; namespace: string; workload: string }) {
  const now = new Date();
  const fit = await part('list nodes, resourcequotas and limitranges', async () =>
    readNextTableFit(cluster, await rightsOfPage(), now, { namespace, name: workload }),
  );
  return <FitPanel part={fit} now={now} title="Will its next pods fit?" />;
}

function Title({ namespace, workload }: { namespace: string; workload: string }) {
  return (
    <h1 className="text-lg font-semibold">
      <ClusterLink href="/workloads" className="text-zinc-600">
        Workloads
      </ClusterLink>{' '}
      /{' '}
      <span className="font-mono">
        {namespace}/{workload}
      </span>
    </h1>
  );
}
