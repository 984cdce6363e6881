import type { ReactNode } from 'react';
import { formatMemory, MiB, countOf, formatCount, formatPercent } from '@/lib/domain';
import { formatNumber } from '@/lib/domain/number-format';
import type { ContainerChart } from '@/lib/views/workload-memory-types';
import { seriesId, type Series } from './chart-series';
import { Tag } from '@/components/ui/Tag';
import { Card } from '@/components/ui/Card';

/** Height of the drawing; the loading placeholder reserves the same, so nothing below moves when the chart comes. */
export const CHART_HEIGHT = 'h-72';

/**
 * A box of a chart's size for each container while its working set is read, so the sections below do not jump when
 * the charts come: the page's fallback while the server reads Prometheus, and the charts' own while the browser does.
 */
export function ChartsReading({ containers, span }: { containers: number; span: string }) {
  return (
    <div className="space-y-3" data-testid="charts-loading">
      {Array.from({ length: Math.max(containers, 1) }, (_, i) => (
        <Card as="div" compact key={i}>
          <p className="text-sm text-zinc-600">Reading {span} of working set from Prometheus…</p>
          <ChartBox />
          <p className="mt-2 text-xs">&nbsp;</p>
        </Card>
      ))}
    </div>
  );
}

/** The drawing's place, empty or with a word while the chart library loads. */
export function ChartBox({ text }: { text?: string }) {
  return <div className={`${CHART_HEIGHT} mt-2 rounded bg-zinc-50 p-2 text-zinc-600`}>{text}</div>;
}

/** What the chart spans: its range in words, its bucket in words, and the snapshot's window when the range is not it. */
export interface ChartSpan {
  /** "24 hours", "28 days". */
  words: string;
  /** "5-minute", "hourly". */
  bucket: string;
  start: number;
  end: number;
  /** The snapshot's window in days, said beside the job's p90 when the range shown is another. */
  windowDays: number | null;
}

/**
 * One container's chart: what it says in words, the drawing (or its placeholder), and a legend naming every line,
 * each entry a toggle that hides or shows its line (`hidden` holds the hidden ones' seriesId).
 */
export function ChartFrame({
  chart,
  series,
  sentence,
  span,
  hidden,
  onToggle,
  children,
}: {
  chart: ContainerChart;
  series: Series[];
  /** The chart's conclusion in one sentence, what a screen reader says in the drawing's place. */
  sentence: string;
  span: ChartSpan;
  hidden: ReadonlySet<string>;
  onToggle: (id: string) => void;
  children: ReactNode;
}) {
  return (
    <Card as="figure" compact data-testid="memory-chart" data-container={chart.container}>
      <figcaption className="text-sm">
        <strong className="font-mono">{chart.container}</strong>
        {/* one text, so the HTML holds the words as read ("hourly peaks, UTC") */}
        {`: working set per pod over the last ${span.words} (${span.bucket} peaks, UTC), ${formatCount(chart.samples)} samples from ${countOf(chart.pods.length, 'pod')}; the job would write `}
        <strong className="font-mono" data-testid="p90">
          {chart.p90Mi === null ? 'no row' : `${chart.p90Mi}Mi`}
        </strong>
        {span.windowDays !== null && <> (the p90 of its {span.windowDays} days)</>}
        {chart.shareAboveRequest !== null && (
          <>
            ; above the request <span className="font-mono">{formatMemory(chart.request!)}</span>{' '}
            <strong data-testid="share-above">{formatPercent(chart.shareAboveRequest)}</strong> of the time
          </>
        )}
        <NearLimit chart={chart} />. <RowAgainstP90 chart={chart} />
      </figcaption>
      <div
        className={`${CHART_HEIGHT} mt-2`}
        role="img"
        aria-label={sentence}
        data-testid="chart-drawing"
        data-start={new Date(span.start * 1000).toISOString()}
        data-end={new Date(span.end * 1000).toISOString()}
        data-first-point={pointTime(chart.points[0]?.t)}
        data-last-point={pointTime(chart.points.at(-1)?.t)}
      >
        {children}
      </div>
      <Legend series={series} hidden={hidden} onToggle={onToggle} />
    </Card>
  );
}

/** How long the working set was within 10 % of the limit, where the next spike is an OOM kill. */
function NearLimit({ chart }: { chart: ContainerChart }) {
  if (chart.secondsNearLimit === null || chart.limit === null) return null;
  return (
    <>
      ; within 10 % of the limit <span className="font-mono">{formatMemory(chart.limit)}</span> for{' '}
      <strong data-testid="near-limit" data-seconds={chart.secondsNearLimit}>
        {hoursWords(chart.secondsNearLimit)}
      </strong>
    </>
  );
}

const hoursWords = (seconds: number) => `${formatNumber(seconds / 3600, 1)} ${seconds === 3600 ? 'hour' : 'hours'}`;

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

const pointTime = (t: number | undefined) => (t === undefined ? undefined : new Date(t * 1000).toISOString());

/** The chart's lines, each a toggle: pressed while its line is drawn, as Grafana's legend hides a series. */
function Legend({ series, hidden, onToggle }: { series: Series[]; hidden: ReadonlySet<string>; onToggle: (id: string) => void }) {
  return (
    <ul
      className="mt-2 flex flex-wrap gap-x-2 gap-y-1 text-xs text-zinc-800"
      aria-label="Lines of the chart, click to hide or show"
      data-testid="chart-legend"
    >
      {series.map((s) => {
        const id = seriesId(s);
        const shown = !hidden.has(id);
        return (
          <li key={id} data-testid="legend-item" data-series={s.kind} data-key={s.key}>
            <button
              type="button"
              aria-pressed={shown}
              onClick={() => onToggle(id)}
              className={`flex min-h-6 items-center gap-1 rounded px-1 text-left hover:bg-zinc-100 ${shown ? '' : 'text-zinc-600 line-through'}`}
            >
              <svg width="24" height="8" aria-hidden="true" className="shrink-0">
                <line x1="0" y1="4" x2="24" y2="4" stroke={s.colour} strokeWidth={Math.max(s.width, 1.5)} strokeDasharray={s.dash} />
              </svg>
              <span className={s.kind === 'pod' ? 'font-mono' : ''}>{s.label}</span>
              {s.value && <span className="font-mono font-semibold">{s.value}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
