import { formatMemory } from '@/lib/domain';
import type { ContainerChart } from '@/lib/views/workload-memory-types';

// The chart's lines and their legend in one list, so a line drawn is a line named. The sizes come first (limit,
// request, row, p90: what the operator compares), then the pods in the order they started. Colours are CSS
// variables (globals.css) so each line reads on the light and the dark background; the dash tells them apart
// without colour.

export type SeriesKind = 'limit' | 'request' | 'row' | 'p90' | 'pod' | 'write';

export interface Series {
  kind: SeriesKind;
  /** The chart's data key (pods) or the reference value (bytes) for the size lines. */
  key: string;
  label: string;
  value: string | null;
  colour: string;
  dash?: string;
  width: number;
}

// Hues away from the size lines' (amber request, red limit, blue p90): a lime pod line read as the request in dark.
const POD_COLOURS = ['#14b8a6', '#a855f7', '#ec4899', '#d946ef', '#64748b', '#06b6d4'];

export function seriesOf(chart: ContainerChart): Series[] {
  const sizes: Series[] = [];
  if (chart.limit !== null)
    sizes.push({
      kind: 'limit',
      key: 'limit',
      label: 'limit',
      value: formatMemory(chart.limit),
      colour: 'var(--chart-limit)',
      dash: '8 3 2 3',
      width: 2,
    });
  if (chart.request !== null)
    sizes.push({
      kind: 'request',
      key: 'request',
      label: 'request (highest of the current pods)',
      value: formatMemory(chart.request),
      colour: 'var(--chart-request)',
      width: 2,
    });
  sizes.push({
    kind: 'row',
    key: 'row',
    label: 'row in the table, as it changed',
    value: chart.row === null ? 'none today' : formatMemory(chart.row),
    colour: 'var(--chart-row)',
    width: 2.5,
  });
  if (chart.p90Mi !== null)
    sizes.push({
      kind: 'p90',
      key: 'p90',
      label: 'p90 now (what the job would write)',
      value: `${chart.p90Mi}Mi`,
      colour: 'var(--chart-p90)',
      dash: '6 3',
      width: 2,
    });
  if (chart.writes.length > 0)
    sizes.push({
      kind: 'write',
      key: 'write',
      label: "the table's writes of this row",
      value: String(chart.writes.length),
      colour: 'var(--chart-write)',
      dash: '2 3',
      width: 1.5,
    });
  const pods = chart.pods.map((pod, i) => ({
    kind: 'pod' as const,
    key: pod,
    label: pod,
    value: null,
    colour: POD_COLOURS[i % POD_COLOURS.length]!,
    width: 1,
  }));
  return [...sizes, ...pods];
}

/** A series' name among a chart's, what its legend toggle hides or shows. */
export const seriesId = (s: Series): string => `${s.kind}:${s.key}`;

/** The highest value the lines drawn reach, so the axis spans them all (and fits the rest when one is hidden). */
export function highestOf(chart: ContainerChart, drawn: readonly Series[]): number {
  const has = (kind: SeriesKind) => drawn.some((s) => s.kind === kind);
  let highest = Math.max(
    has('limit') ? (chart.limit ?? 0) : 0,
    has('request') ? (chart.request ?? 0) : 0,
    has('row') ? (chart.row ?? 0) : 0,
    has('p90') ? (chart.p90Mi ?? 0) * 1024 * 1024 : 0,
  );
  const keys = drawn.filter((s) => s.kind === 'pod' || s.kind === 'row').map((s) => s.key);
  for (const point of chart.points)
    for (const key of keys) {
      const value = point[key];
      if (typeof value === 'number' && value > highest) highest = value;
    }
  return highest;
}
