// The benchmark page's generated section (docs/benchmarks.md, between table.ts's markers): the latest runs at 20,000
// and 50,000 pods side by side, each figure with its target and anchor, the latest run of two clusters, then the
// latest soak. Written by `npm run
// bench` and `npm run soak` after each run, and by `node bench/page.ts` (running nothing), from what data/bench/ holds.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../e2e/cluster/lib/paths.ts';
import type { SoakResult } from './soak/report.ts';
import { soakFigures } from './soak/report.ts';
import { DOCS_PAGE, docsSection, LATEST_RUN, markdownTable, writeDocsSection, type Row, type Run } from './table.ts';

export const SIDE_BY_SIDE_SCALES = [20_000, 50_000];
const dataDir = join(repoRoot, 'data', 'bench');
export const latestAtScale = (scale: number) => join(dataDir, `latest-scale-${scale}.json`);
export const LATEST_SOAK = join(dataDir, 'soak-latest.json');
/** The latest `npm run bench -- --clusters 2`: shown apart, since its figures compare two servers, not scales. */
export const LATEST_TWO_CLUSTERS = join(dataDir, 'latest-two-clusters.json');

const readJson = <T>(path: string): T | null => (existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null);
const number = (n: number | null) => (n === null || Number.isNaN(n) ? '—' : n >= 100 ? n.toFixed(0) : n.toFixed(1));
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
const header = (cells: string[]) => [line(cells), line(cells.map(() => '---'))];

/** A figure at one scale: its value, its anchor and ratio, pass or FAIL; a dash where that run has no such figure. */
function atScale(row: Row | undefined): string {
  if (!row) return '—';
  const anchor =
    row.anchor.name && row.anchor.name !== 'target' ? ` (${row.anchor.name}: ${number(row.anchor.value)} ${row.anchor.unit})` : '';
  const ratio = row.ratio === null ? '' : `, ${row.ratio.toFixed(1)}×`;
  return `${number(row.value)} ${row.unit}`.trim() + anchor + ratio + (row.pass ? ', pass' : ', FAIL');
}

/** The runs side by side, one line per figure any of them reported, in the order they first appear. */
export function sideBySide(runs: Run[]): string {
  const key = (r: Row) => `${r.benchmark}\u0000${r.figure}`;
  const figures = new Map<string, Row>();
  for (const run of runs) for (const row of run.figures) if (!figures.has(key(row))) figures.set(key(row), row);
  const about = runs.map(
    (r) =>
      `\`--scale ${r.scale}\`: ${r.at}, load average ${r.machine.loadAverageBefore.map((l) => l.toFixed(1)).join(' ')} before` +
      (r.reruns ?? []).map((again) => ` (${again.benchmarks.map((b) => `bench/${b}`).join(', ')} again at ${again.at})`).join(''),
  );
  const lines = [...figures.values()].map((f) =>
    line([`bench/${f.benchmark}`, f.figure, f.target, ...runs.map((run) => atScale(run.figures.find((r) => key(r) === key(f))))]),
  );
  return [
    `Runs: ${about.join('; ')}.`,
    '',
    ...header(['benchmark', 'figure', 'target', ...runs.map((r) => `at ${r.scale.toLocaleString('en')} pods`)]),
    ...lines,
  ].join('\n');
}

const SOAK_OPENING = 'The latest soak: ';
const TWO_CLUSTERS_OPENING = 'Two clusters (`npm run bench -- --clusters 2`): ';

/** The latest run of two clusters: when, at what scale each, how loaded the machine was, then its figures. */
export function twoClustersSection(run: Run): string {
  const loads = (l: number[]) => l.map((x) => x.toFixed(1)).join(' ');
  const about =
    `${TWO_CLUSTERS_OPENING}${run.at}, \`--scale ${run.scale}\` in each; ${run.machine.cpus} CPUs, Node ${run.machine.node}, ` +
    `load average ${loads(run.machine.loadAverageBefore)} before and ${loads(run.machine.loadAverageAfter)} after.`;
  // markdownTable's own first line says the same for a run of one cluster: the table alone is kept
  return [about, ...markdownTable(run).split('\n').slice(1)].join('\n');
}

/**
 * The parts of a section this page wrote before, by their openings: the scales (everything before the two clusters'
 * and the soak's), the two clusters' and the soak's. data/ is not in git, so a new clone or machine holds only some
 * runs' results: the page keeps the last ones it showed rather than lose them.
 */
export function keptParts(previous: string): { scales: string | null; twoClusters: string | null; soak: string | null } {
  const two = previous.indexOf(TWO_CLUSTERS_OPENING);
  const soak = previous.indexOf(SOAK_OPENING);
  const ends = [two, soak, previous.length].filter((at) => at >= 0);
  const scales = previous.slice(0, Math.min(...ends)).trim();
  return {
    scales: scales.startsWith('Runs: ') || scales.startsWith('Run of ') ? scales : null,
    twoClusters: two < 0 ? null : previous.slice(two, soak > two ? soak : previous.length).trim(),
    soak: keptSoak(previous),
  };
}

const paceOf = (soak: SoakResult) =>
  soak.paceSeconds === undefined
    ? ''
    : soak.paceSeconds === 0
      ? ' each asking again when answered'
      : ` each reading every ${soak.paceSeconds} s`;

export function soakSection(soak: SoakResult): string {
  const about = `${SOAK_OPENING}${soak.at}, ${soak.minutes} min at \`--scale ${soak.scale}\`, ${soak.clients} clients${paceOf(soak)}, ${soak.churnPerSecond} pods a second created and deleted.`;
  return [
    about,
    '',
    ...header(['figure', 'value', 'target', 'result']),
    ...soakFigures(soak).map((f) => line([f.figure, f.value, f.target, f.pass ? 'pass' : 'FAIL'])),
    ...(soak.cpu ? ['', cpuLine(soak.cpu)] : []),
  ].join('\n');
}

/** How busy the machine's cores were over a soak, and the processes that used them most: one sentence. */
export function cpuLine(cpu: NonNullable<SoakResult['cpu']>): string {
  const top = cpu.top.map((p) => `${p.name} ${p.seconds}`).join(', ');
  return `The machine's ${cpu.cores} cores were ${(cpu.busyShare * 100).toFixed(0)} % busy over the run; CPU seconds by process: ${top}.`;
}

/**
 * The soak's part of a section this page wrote before (from its opening line on), or null. data/ is not in git, so a
 * new clone or machine holds no soak's results: the page keeps the last one it showed rather than lose it.
 */
export function keptSoak(previous: string): string | null {
  const at = previous.indexOf(SOAK_OPENING);
  return at < 0 ? null : previous.slice(at).trim();
}

/**
 * The whole section from data/bench/: the scales side by side (or the latest run of one cluster alone), the latest run
 * of two clusters, then the soak; each part that data/bench/ holds no run for as `previous` (the section as the page
 * holds it now) shows it.
 */
export function pageSection(previous = ''): string {
  const runs = SIDE_BY_SIDE_SCALES.map((s) => readJson<Run>(latestAtScale(s))).filter((r): r is Run => r !== null);
  const latest = readJson<Run>(LATEST_RUN);
  const kept = keptParts(previous);
  const parts: string[] = [];
  if (runs.length > 0) parts.push(sideBySide(runs));
  else if (latest && (latest.clusters ?? 1) === 1) parts.push(markdownTable(latest));
  else parts.push(kept.scales ?? 'No `npm run bench` has written this section yet.');
  const missing = SIDE_BY_SIDE_SCALES.filter((s) => !runs.some((r) => r.scale === s));
  if (runs.length > 0 && missing.length > 0) parts.push(`No run at ${missing.map((s) => `\`--scale ${s}\``).join(' or ')} yet.`);
  const two = readJson<Run>(LATEST_TWO_CLUSTERS);
  parts.push(two ? twoClustersSection(two) : (kept.twoClusters ?? 'No `npm run bench -- --clusters 2` has run yet.'));
  const soak = readJson<SoakResult>(LATEST_SOAK);
  parts.push(soak ? soakSection(soak) : (kept.soak ?? 'No `npm run soak` has run yet.'));
  return parts.join('\n\n');
}

export const writeBenchPage = () => writeDocsSection(DOCS_PAGE, pageSection(docsSection(DOCS_PAGE)));

// run as a script (not imported by bench/run.ts, bench/soak.ts or a test)
if (process.argv[1] === import.meta.filename) {
  await writeBenchPage();
  console.log('docs/benchmarks.md: its generated section written again from data/bench/');
}
