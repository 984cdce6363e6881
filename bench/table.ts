// The figures of one `npm run bench` as a table: printed by bench/run.ts, and written into docs/benchmarks.md between
// its two markers (bench/page.ts composes that section), so no figure there is typed by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { repoRoot } from '../e2e/cluster/lib/paths.ts';
import type { Figure } from './figures.ts';

/** A figure with the benchmark that reported it ("load.ts"). */
export interface Row extends Figure {
  benchmark: string;
}

/** What bench/run.ts writes to data/bench/latest.json (NaN values come back from JSON as null). */
export interface Run {
  at: string;
  scale: number;
  /** 2 for a run of `--clusters 2` (each cluster at `scale`); absent for one cluster. */
  clusters?: number;
  machine: { cpus: number; node: string; loadAverageBefore: number[]; loadAverageAfter: number[] };
  figures: Row[];
  /** Benchmarks run again later (`npm run bench -- --only …`), their rows put in place of the first ones'. */
  reruns?: Array<{ at: string; benchmarks: string[] }>;
}

/**
 * What a crashed benchmark's stderr says went wrong, in one line: Node ends an uncaught error with its stack and its
 * own version, so the first line that names an error is taken, else the last line that is not Node's version.
 */
export function crashReason(stderr: string): string | null {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith('at ') && !/^Node\.js v\d/.test(l));
  return lines.find((l) => /error|timeout|exceeded|refused/i.test(l) && !l.startsWith('triggerUncaughtException')) ?? lines.at(-1) ?? null;
}

/** The row of a benchmark that crashed or reported nothing: a figure not measured fails, never passes as 0. */
export function notFinished(benchmark: string, why: string): Row {
  return {
    benchmark,
    figure: `bench/${benchmark} did not finish: ${why}`,
    value: NaN,
    unit: '',
    anchor: { name: '', value: NaN, unit: '' },
    ratio: null,
    target: '',
    pass: false,
  };
}

export const TABLE_START = '<!-- bench-table:start (written by `npm run bench` and `npm run soak` from data/bench/: do not edit) -->';
export const TABLE_END = '<!-- bench-table:end -->';

const HEAD = ['figure', 'value', 'anchor', 'ratio', 'target', 'result'];

const number = (n: number | null) => (n === null || Number.isNaN(n) ? '—' : n >= 100 ? n.toFixed(0) : n.toFixed(1));

/** One row's cells, in HEAD's order: the same words on the terminal and on the page. */
function cellsOf(r: Row): string[] {
  return [
    r.figure,
    `${number(r.value)} ${r.unit}`.trim(),
    r.anchor.name ? `${r.anchor.name}: ${number(r.anchor.value)} ${r.anchor.unit}`.trim() : '',
    r.ratio === null ? '' : `${r.ratio.toFixed(1)}×`,
    r.target,
    r.pass ? 'pass' : 'FAIL',
  ];
}

/** The table as bench/run.ts prints it: columns padded with spaces. */
export function textTable(rows: Row[]): string {
  const cells = rows.map(cellsOf);
  const widths = HEAD.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i]!)).join('  ');
  return [line(HEAD), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

const loads = (l: number[]) => l.map((x) => x.toFixed(1)).join(' ');
const markdownCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The page's section: which run, on what machine, then one line per figure. */
export function markdownTable(run: Run): string {
  const passed = run.figures.filter((r) => r.pass).length;
  const { cpus, node, loadAverageBefore, loadAverageAfter } = run.machine;
  const about =
    `Run of ${run.at}, ${run.scale > 0 ? `\`--scale ${run.scale}\`` : 'the local cluster as it is (no `--scale`)'}; ` +
    `${cpus} CPUs, Node ${node}, load average ${loads(loadAverageBefore)} before and ${loads(loadAverageAfter)} after. ` +
    `${passed} of ${run.figures.length} figures within their targets.`;
  const line = (cells: string[]) => `| ${cells.map(markdownCell).join(' | ')} |`;
  const rows = run.figures.map((r) => line([`bench/${r.benchmark}`, ...cellsOf(r)]));
  return [about, '', line(['benchmark', ...HEAD]), line(['---', ...HEAD.map(() => '---')]), ...rows].join('\n');
}

/** The document with the text between its markers replaced by `section`; everything else stays as it was. */
export function withTable(doc: string, section: string): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start || doc.indexOf(TABLE_START, start + 1) >= 0) {
    throw new Error(`the document needs one "${TABLE_START}" line followed by one "${TABLE_END}" line`);
  }
  return `${doc.slice(0, start + TABLE_START.length)}\n\n${section}\n\n${doc.slice(end)}`;
}

/** The section between the markers as the document at `path` holds it now; empty without them. */
export function docsSection(path: string): string {
  const doc = readFileSync(path, 'utf8');
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  return start < 0 || end < start ? '' : doc.slice(start + TABLE_START.length, end).trim();
}

/** Writes `section` into the document at `path` between the markers, formatted as `npm run format:check` expects. */
export async function writeDocsSection(path: string, section: string): Promise<void> {
  const text = withTable(readFileSync(path, 'utf8'), section);
  writeFileSync(path, await format(text, { ...(await resolveConfig(path)), filepath: path }));
}

/** Writes the run's table alone into the document at `path`. */
export const writeDocsTable = (path: string, run: Run) => writeDocsSection(path, markdownTable(run));

export const DOCS_PAGE = join(repoRoot, 'docs', 'benchmarks.md');
export const LATEST_RUN = join(repoRoot, 'data', 'bench', 'latest.json');
