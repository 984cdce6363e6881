// One figure of a benchmark, as `npm run bench` collects it: each benchmark prints its figures as it did, and one
// line per figure prefixed `BENCH-FIGURE ` with this JSON, which bench/run.ts reads into its table and JSON file.

export interface Figure {
  /** What was measured, e.g. "explanation median". */
  figure: string;
  value: number;
  unit: string;
  /** What it is compared with: kubectl + jq, Prometheus's own query_range, or the target itself. */
  anchor: { name: string; value: number; unit: string };
  /** value/anchor or anchor/value, whichever reads as "times" for this figure; null when comparing with a target. */
  ratio: number | null;
  /** The target in words, e.g. "≥ 10×", "≤ 50 ms". */
  target: string;
  pass: boolean;
}

export const FIGURE_PREFIX = 'BENCH-FIGURE ';

export function report(figure: Figure): void {
  console.log(`${FIGURE_PREFIX}${JSON.stringify(figure)}`);
}

/** A figure held to an upper bound ("≤ 50 ms"): the anchor is the target. */
export function atMost(figure: string, value: number, unit: string, limit: number): void {
  report({
    figure,
    value,
    unit,
    anchor: { name: 'target', value: limit, unit },
    ratio: null,
    target: `≤ ${limit} ${unit}`,
    pass: value <= limit,
  });
}

/** A figure printed for comparison only, held to no target. */
export function shown(figure: string, value: number, unit: string): void {
  report({ figure, value, unit, anchor: { name: '', value: NaN, unit: '' }, ratio: null, target: 'none (for comparison)', pass: true });
}
