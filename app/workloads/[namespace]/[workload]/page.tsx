import type { Metadata } from 'next';
import { Link } from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { ChartsReading } from '@/components/ChartFrame';
import { ErrorState } from '@/components/ErrorState';
import { Memory } from '@/components/Memory';
import { WorkloadCharts, type ServerRead } from '@/components/WorkloadCharts';
import { RowsAcrossVersions, WorkloadPods } from '@/components/WorkloadRows';
import { rowKey, type Part } from '@/lib/domain';
import { isNotThere } from '@/lib/http/errors';
import { parseWorkloadRef } from '@/lib/http/params';
import { rightsOfPage } from '@/lib/http/viewer';
import { answeredBy, attempt } from '@/lib/views/part';
import { driftOf, readWorkloadHistory, requireWorkload } from '@/lib/views/workload-history';
import { readWorkloadMemory, type WorkloadMemory } from '@/lib/views/workload-memory';
import { podHref } from '@/lib/routes';

interface Props {
  params: Promise<{ namespace: string; workload: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { namespace, workload } = await params;
  return { title: `${workload} · ${namespace} · memdash` };
}

/** A workload's history: its rows over time, its working set against request and limit, its pods, its drift. */
export default async function WorkloadPage({ params }: Props) {
  await connection();
  const { namespace, workload } = await params;
  const read = await attempt(() => readPage(namespace, workload));
  if (!read.ok) {
    if (isNotThere(read.error)) notFound();
    return (
      <>
        <Title namespace={namespace} workload={workload} />
        <ErrorState error={read.error} />
      </>
    );
  }
  const { history, memory, early } = read.value;
  const keys = history.containers.map((container) => ({ container, key: rowKey(namespace, workload, container) }));
  const drift = driftOf(history);
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
      <section>
        <h2 className="font-semibold">Working set over the snapshot&apos;s window</h2>
        {early ? (
          <WorkloadCharts
            namespace={namespace}
            workload={workload}
            containers={history.containers.length}
            initial={initialOf(early.value)}
          />
        ) : (
          <Suspense fallback={<ChartsReading containers={history.containers.length} />}>
            <Charts namespace={namespace} workload={workload} containers={history.containers.length} memory={memory} />
          </Suspense>
        )}
      </section>
      <section>
        <h2 className="font-semibold">Pods whose request is not today&apos;s row</h2>
        {drift.length === 0 ? (
          <p data-testid="no-drift">
            {history.pods.length === 0
              ? 'No pod runs now.'
              : "Every current pod has what today's row gives. Whether the row still fits the working set is under each chart (today's row against the p90 now)."}
          </p>
        ) : (
          <ul className="list-disc pl-5" data-testid="drift">
            {drift.map(({ pod, container }) => (
              <li key={`${pod}/${container.name}`}>
                <Link href={podHref(namespace, pod)} className="font-mono">
                  {pod}
                </Link>{' '}
                {container.name}: <Memory bytes={container.request} /> instead of <Memory bytes={container.row} />; it gets the row with its
                next pod.
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h2 className="font-semibold">Current pods</h2>
        {history.pods.length === 0 ? <p>No pod of this workload runs now.</p> : <WorkloadPods namespace={namespace} pods={history.pods} />}
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
async function readPage(namespace: string, workload: string) {
  const asked = Date.now();
  const ref = parseWorkloadRef({ namespace, workload });
  const rights = await rightsOfPage();
  requireWorkload(rights, ref); // before Prometheus is asked
  const memory: Promise<MemoryRead> = attempt(() => readWorkloadMemory(ref, rights)).then((part) => ({ part, readAt: Date.now() }));
  const history = await readWorkloadHistory(ref, rights);
  return { history, memory, early: await answeredBy(memory, asked + CHARTS_JOIN_MS) };
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

async function Charts({ memory, ...props }: { namespace: string; workload: string; containers: number; memory: Promise<MemoryRead> }) {
  return <WorkloadCharts {...props} initial={initialOf(await memory)} />;
}

function Title({ namespace, workload }: { namespace: string; workload: string }) {
  return (
    <h1 className="text-lg font-semibold">
      <Link href="/workloads" className="text-zinc-600">
        Workloads
      </Link>{' '}
      /{' '}
      <span className="font-mono">
        {namespace}/{workload}
      </span>
    </h1>
  );
}
