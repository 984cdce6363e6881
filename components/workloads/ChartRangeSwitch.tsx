import { ClusterLink } from '@/components/shell/ClusterName';
import { CHART_RANGES, type ChartRange } from '@/lib/domain';
import { workloadPath } from '@/lib/routes';

const LABELS: Record<ChartRange, string> = { '24h': '24 h', '7d': '7 d', '28d': '28 d' };

/**
 * The charts' time range as links (?range=), so a range is a URL to paste and works before any script; the page
 * keeps its place when one is followed. `current` is null when the snapshot's window is none of them.
 */
export function ChartRangeSwitch({ namespace, workload, current }: { namespace: string; workload: string; current: ChartRange | null }) {
  return (
    <nav aria-label="Time range of the charts" data-testid="chart-range" className="flex items-center gap-1 text-sm">
      {CHART_RANGES.map((range) => (
        <ClusterLink
          key={range}
          href={`${workloadPath(namespace, workload)}?range=${range}`}
          scroll={false}
          aria-current={range === current ? 'true' : undefined}
          data-range={range}
          className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded border px-3 no-underline ${
            range === current ? 'border-zinc-800 bg-zinc-800 font-semibold text-white!' : 'border-zinc-300 bg-white'
          }`}
        >
          {LABELS[range]}
        </ClusterLink>
      ))}
    </nav>
  );
}
