'use client';

import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { MiB, formatMemory } from '@/lib/domain';
import type { ContainerChart } from '@/lib/views/workload-memory-types';

const POD_COLOURS = ['#60a5fa', '#34d399', '#a78bfa', '#f472b6', '#fbbf24', '#94a3b8'];

/** One container's working set per pod (hourly peaks), the row as a step line, and the p90, request and limit. */
export function MemoryChart({ chart }: { chart: ContainerChart }) {
  const p90 = chart.p90Mi === null ? null : chart.p90Mi * MiB;
  return (
    <figure className="rounded border border-zinc-200 bg-white p-2" data-testid="memory-chart" data-container={chart.container}>
      <figcaption className="text-sm">
        <strong className="font-mono">{chart.container}</strong>: {chart.samples.toLocaleString('en-US')} samples from {chart.pods.length}{' '}
        pods; the job would write{' '}
        <strong className="font-mono" data-testid="p90">
          {chart.p90Mi === null ? 'no row' : `${chart.p90Mi}Mi`}
        </strong>
        {chart.shareAboveRequest !== null && (
          <>
            ; above the request <span className="font-mono">{formatMemory(chart.request!)}</span>{' '}
            <strong data-testid="share-above">{(chart.shareAboveRequest * 100).toFixed(1)}%</strong> of the time
          </>
        )}
        .
      </figcaption>
      <div className="h-72">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={chart.points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid stroke="#e4e4e7" />
            <XAxis dataKey="t" type="number" domain={['dataMin', 'dataMax']} scale="time" tickFormatter={day} />
            <YAxis tickFormatter={(v: number) => `${Math.round(v / MiB)}Mi`} width={64} />
            <Tooltip
              labelFormatter={(t) => new Date(Number(t) * 1000).toISOString().slice(0, 16).replace('T', ' ')}
              formatter={(v) => (typeof v === 'number' ? formatMemory(v) : String(v))}
            />
            <Legend />
            {chart.pods.map((pod, i) => (
              <Line
                key={pod}
                dataKey={pod}
                dot={false}
                strokeWidth={1}
                stroke={POD_COLOURS[i % POD_COLOURS.length]}
                isAnimationActive={false}
                connectNulls={false}
              />
            ))}
            <Line
              dataKey="row"
              name="row (table)"
              type="stepAfter"
              dot={false}
              stroke="#111827"
              strokeWidth={2}
              isAnimationActive={false}
              connectNulls
            />
            {p90 !== null && (
              <ReferenceLine y={p90} stroke="#2563eb" strokeDasharray="6 3" label={{ value: 'p90 now', position: 'insideTopLeft' }} />
            )}
            {chart.request !== null && (
              <ReferenceLine y={chart.request} stroke="#d97706" label={{ value: 'request', position: 'insideBottomLeft' }} />
            )}
            {chart.limit !== null && (
              <ReferenceLine y={chart.limit} stroke="#dc2626" label={{ value: 'limit', position: 'insideTopRight' }} />
            )}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function day(t: number): string {
  return new Date(t * 1000).toISOString().slice(5, 10);
}
