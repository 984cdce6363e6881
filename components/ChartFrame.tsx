import type { ReactNode } from 'react';
import { formatMemory, MiB, countOf, formatCount, formatPercent } from '@/lib/domain';
import type { ContainerChart } from '@/lib/views/workload-memory-types';
import type { Series } from './chart-series';
import { Tag } from './ui/Tag';

/** Height of the drawing; the loading placeholder reserves the same, so nothing below moves when the chart comes. */
export const CHART_HEIGHT = 'h-72';

/**
 * A box of a chart's size for each container while its working set is read, so the sections below do not jump when
 * the charts come: the page's fallback while the server reads Prometheus, and the charts' own while the browser does.
 */
export function ChartsReading({ containers }: { containers: number }) {
  return (
    <div className="space-y-3" data-testid="charts-loading">
      {Array.from({ length: Math.max(containers, 1) }, (_, i) => (
        <div key={i} className="rounded border border-zinc-200 bg-white p-2">
          <p className="text-sm text-zinc-600">Reading 28 days of working set from Prometheus…</p>
          <ChartBox />
          <p className="mt-2 text-xs">&nbsp;</p>
        </div>
      ))}
    </div>
  );
}

/** The drawing's place, empty or with a word while the chart library loads. */
export function ChartBox({ text }: { text?: string }) {
  return <div className={`${CHART_HEIGHT} mt-2 rounded bg-zinc-50 p-2 text-zinc-600`}>{text}</div>;
}

/** One container's chart: what it says in words, the drawing (or its placeholder), and a legend naming every line. */
export function ChartFrame({
  chart,
  series,
  sentence,
  children,
}: {
  chart: ContainerChart;
  series: Series[];
  /** The chart's conclusion in one sentence, what a screen reader says in the drawing's place. */
  sentence: string;
  children: ReactNode;
}) {
  return (
    <figure className="rounded border border-zinc-200 bg-white p-2" data-testid="memory-chart" data-container={chart.container}>
      <figcaption className="text-sm">
        <strong className="font-mono">{chart.container}</strong>: working set per pod (hourly peaks, UTC), {formatCount(chart.samples)}{' '}
        samples from {countOf(chart.pods.length, 'pod')}; the job would write{' '}
        <strong className="font-mono" data-testid="p90">
          {chart.p90Mi === null ? 'no row' : `${chart.p90Mi}Mi`}
        </strong>
        {chart.shareAboveRequest !== null && (
          <>
            ; above the request <span className="font-mono">{formatMemory(chart.request!)}</span>{' '}
            <strong data-testid="share-above">{formatPercent(chart.shareAboveRequest)}</strong> of the time
          </>
        )}
        . <RowAgainstP90 chart={chart} />
      </figcaption>
      <div className={`${CHART_HEIGHT} mt-2`} role="img" aria-label={sentence} data-testid="chart-drawing">
        {children}
      </div>
      <Legend series={series} />
    </figure>
  );
}

/** Today's row against the p90 the job would write now: a difference is what the next snapshot changes. */
function RowAgainstP90({ chart }: { chart: ContainerChart }) {
  if (chart.p90Mi === null || chart.row === null) return null;
  const rowMi = chart.row / MiB;
  if (rowMi === chart.p90Mi)
    return (
      <span data-testid="row-vs-p90" data-differs="false">
        Today&apos;s row is the p90 now.
      </span>
    );
  const change = ((chart.p90Mi - rowMi) / rowMi) * 100;
  return (
    <Tag tone={Math.abs(change) >= 10 ? 'warn' : 'plain'} data-testid="row-vs-p90" data-differs="true">
      today&apos;s row {formatMemory(chart.row)} differs from the p90 now {formatMemory(chart.p90Mi * MiB)} (
      {formatPercent(change / 100, true)}): the next snapshot changes it
    </Tag>
  );
}

function Legend({ series }: { series: Series[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-800" aria-label="Lines of the chart" data-testid="chart-legend">
      {series.map((s) => (
        <li key={`${s.kind}:${s.key}`} className="flex items-center gap-1" data-testid="legend-item" data-series={s.kind}>
          <svg width="24" height="8" aria-hidden="true" className="shrink-0">
            <line x1="0" y1="4" x2="24" y2="4" stroke={s.colour} strokeWidth={Math.max(s.width, 1.5)} strokeDasharray={s.dash} />
          </svg>
          <span className={s.kind === 'pod' ? 'font-mono' : ''}>{s.label}</span>
          {s.value && <span className="font-mono font-semibold">{s.value}</span>}
        </li>
      ))}
    </ul>
  );
}
