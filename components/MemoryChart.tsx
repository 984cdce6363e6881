'use client';

import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayTick, dayTicks, formatMemory, memoryAxis, memoryTick, readableTime } from '@/lib/domain';
import { useTimeZone } from './TimeZone';
import type { ContainerChart } from '@/lib/views/workload-memory-types';
import { highestOf, type Series } from './chart-series';

const AXIS_TICK = { fill: 'var(--chart-axis)', fontSize: 12 };

/**
 * The drawing alone (recharts, loaded after the page): each pod's hourly peak, the row as a step line, and the
 * limit, request and p90 as level lines. The legend and caption are ChartFrame's, outside this bundle.
 */
export default function MemoryChart({
  chart,
  series,
  window,
}: {
  chart: ContainerChart;
  series: Series[];
  window: { start: number; end: number };
}) {
  const axis = memoryAxis(highestOf(chart));
  const zone = useTimeZone();
  const byKind = (kind: Series['kind']) => series.find((s) => s.kind === kind);
  const levels = (['limit', 'request', 'p90'] as const).flatMap((kind) => {
    const s = byKind(kind);
    const y = kind === 'limit' ? chart.limit : kind === 'request' ? chart.request : chart.p90Mi === null ? null : chart.p90Mi * 1024 * 1024;
    return s && y !== null ? [{ s, y }] : [];
  });
  const row = byKind('row')!;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={chart.points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="var(--chart-grid)" />
        <XAxis
          dataKey="t"
          type="number"
          domain={[window.start, window.end]}
          ticks={dayTicks(window.start, window.end)}
          tickFormatter={dayTick}
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
          labelFormatter={(t) => `${readableTime(new Date(Number(t) * 1000), zone)} (the hour's peak)`}
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
      </LineChart>
    </ResponsiveContainer>
  );
}
