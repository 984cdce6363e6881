import { formatPercent } from './count';
import { formatMemory, MiB } from './quantity';

/** What one container's chart shows, in the words a reader of the chart would conclude from it. */
export interface ChartFacts {
  container: string;
  workload: string;
  namespace: string;
  /** The span the chart shows, in words: "24 hours", "28 days" (spanWords). */
  over: string;
  p90Mi: number | null;
  request: number | null;
  limit: number | null;
  shareAboveRequest: number | null;
}

/**
 * The chart's one-sentence conclusion, for a screen reader in the drawing's place: the p90 against the request
 * (how often the container stayed under it) and the limit, so nobody needs to see the lines to act on them.
 */
export function chartSentence(f: ChartFacts): string {
  const head = `Working set of ${f.container} of ${f.workload} in ${f.namespace}`;
  const p90 = f.p90Mi === null ? 'no samples' : `p90 ${formatMemory(f.p90Mi * MiB)}`;
  const parts = [`${head}: ${p90} over ${f.over}`];
  if (f.request !== null && f.shareAboveRequest !== null)
    parts[0] += `, under its ${formatMemory(f.request)} request ${formatPercent(1 - f.shareAboveRequest)} of the time`;
  else parts[0] += ', no request';
  parts.push(f.limit === null ? 'no limit' : `limit ${formatMemory(f.limit)}`);
  return parts.join('; ');
}
