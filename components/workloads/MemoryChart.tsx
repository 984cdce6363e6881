'use client';

import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  formatMemory,
  labelledMarks,
  memoryAxis,
  memoryTick,
  readableTime,
  timeTick,
  timeTicks,
  type RowWrite,
  type TerminationMark,
} from '@/lib/domain';
import { EndLabel, END_COLOUR } from '@/components/terminations/EndMark';
import { useTimeZone } from '@/lib/client/time-zone';
import type { ContainerChart } from '@/lib/views/workload-memory-types';
import { highestOf, type Series } from './chart-series';

const AXIS_TICK = { fill: 'var(--chart-axis)', fontSize: 12 };

/**
 * The drawing alone (recharts, loaded after the page): each pod's peak per bucket, the row as a step line, the
 * limit, request and p90 as level lines, and the table's writes of the row as marks (as Grafana draws deploys).
 * `series` are the lines shown (the legend's toggles leave out the others). The legend and caption are ChartFrame's,
 * outside this bundle.
 */
export default function MemoryChart({
  chart,
  series,
  window,
  bucketWords,
  marks = [],
}: {
  chart: ContainerChart;
  series: Series[];
  /** OOM kills and evictions, drawn as red marks. */
  marks?: TerminationMark[];
  window: { start: number; end: number };
  /** The bucket in the tooltip's words: "hourly", "5-minute". */
  bucketWords: string;
}) {
  const axis = memoryAxis(highestOf(chart, series));
  const span = window.end - window.start;
  const zone = useTimeZone();
  const byKind = (kind: Series['kind']) => series.find((s) => s.kind === kind);
  const levels = (['limit', 'request', 'p90'] as const).flatMap((kind) => {
    const s = byKind(kind);
    const y = kind === 'limit' ? chart.limit : kind === 'request' ? chart.request : chart.p90Mi === null ? null : chart.p90Mi * 1024 * 1024;
    return s && y !== null ? [{ s, y }] : [];
  });
  const row = byKind('row');
  const writes = byKind('write');
  const writeWords = labelledMarks(
    chart.writes.map((w) => w.t),
    window,
  );
  const endWords = labelledMarks(
    marks.map((m) => m.t),
    window,
  );
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={chart.points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="var(--chart-grid)" />
        <XAxis
          dataKey="t"
          type="number"
          domain={[window.start, window.end]}
          ticks={timeTicks(window.start, window.end)}
          tickFormatter={(t: number) => timeTick(t, span)}
          tick={AXIS_TICK}
          stroke="var(--chart-axis)"
        />
        <YAxis
          domain={[0, axis.top]}
          ticks={axis.ticks}
          tickFormatter={memoryTick}
          width={56}
          tick={AXIS_TICK}
          stroke="var(--chart-axis)"
        />
        <Tooltip
          labelFormatter={(t) => `${readableTime(new Date(Number(t) * 1000), zone)} (the ${bucketWords} peak)`}
          formatter={(v) => (typeof v === 'number' ? formatMemory(v) : String(v))}
          contentStyle={{ background: 'var(--color-white)', borderColor: 'var(--color-zinc-300)', color: 'var(--color-zinc-900)' }}
        />
        {series
          .filter((s) => s.kind === 'pod')
          .map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              className="series-pod"
              dot={false}
              strokeWidth={s.width}
              stroke={s.colour}
              isAnimationActive={false}
              connectNulls={false}
            />
          ))}
        {row && (
          <Line
            dataKey="row"
            name={row.label}
            className="series-row"
            type="stepAfter"
            dot={false}
            stroke={row.colour}
            strokeWidth={row.width}
            isAnimationActive={false}
            connectNulls
          />
        )}
        {levels.map(({ s, y }) => (
          <ReferenceLine
            key={s.kind}
            y={y}
            className={`series-${s.kind}`}
            stroke={s.colour}
            strokeWidth={s.width}
            strokeDasharray={s.dash}
          />
        ))}
        {writes &&
          chart.writes.map((w, i) => (
            <ReferenceLine
              key={w.version}
              x={w.t}
              className="chart-write"
              stroke={writes.colour}
              strokeWidth={writes.width}
              strokeDasharray={writes.dash}
              label={(props: { viewBox?: { x?: number; y?: number } }) => (
                <WriteLabel write={w} zone={zone} x={props.viewBox?.x} y={props.viewBox?.y} words={writeWords[i]!} />
              )}
            />
          ))}
        {marks.map((m, i) => (
          <ReferenceLine
            key={`${m.kind}-${m.pod}-${m.t}`}
            x={m.t}
            className="chart-end"
            stroke={END_COLOUR}
            strokeWidth={1.5}
            label={(props: { viewBox?: { x?: number; y?: number } }) => (
              <EndLabel mark={m} zone={zone} x={props.viewBox?.x} y={props.viewBox?.y} words={endWords[i]!} />
            )}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** A write's mark, along its line from the top: the version and the row it wrote (its time on hover). */
function WriteLabel({ write, zone, x = 0, y = 0, words }: { write: RowWrite; zone: string; x?: number; y?: number; words: boolean }) {
  const at = new Date(write.t * 1000);
  const text = `v${write.version} ${write.value ?? 'no row'}`;
  return (
    <g data-testid="chart-write" data-version={write.version} data-at={at.toISOString()} data-value={write.value ?? ''}>
      <title>{`Version ${write.version}, in force from ${readableTime(at, zone)}: ${write.value ?? 'no row'}`}</title>
      {/* a write close to the one labelled before it keeps its line and its title: drawn, the words would overlap */}
      <text x={x + 3} y={y + 4} transform={`rotate(90 ${x + 3} ${y + 4})`} fontSize={11} fill="var(--chart-write)">
        {words ? text : ''}
      </text>
    </g>
  );
}
