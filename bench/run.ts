// `npm run bench [-- --scale N] [-- --seconds S] [-- --preview-runs R] [-- --only a.ts,b.ts] [-- --no-build] [-- --clusters 2]`: brings up what the
// benchmarks need (the local cluster, at N scale pods when asked; a fresh `next build`), runs every benchmark under
// bench/ one after another (with `--clusters 2`: two local clusters, each at N scale pods, and the benchmarks of two),
// prints one table (figure, value, anchor, ratio, pass/fail), writes it as JSON to data/bench/ and into docs/benchmarks.md
// (bench/table.ts). Not part of scripts/test.sh: these are figures of a shared machine, not pass/fail tests of the code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../e2e/cluster/lib/paths.ts';
import { FIGURE_PREFIX, type Figure } from './figures.ts';
import { LATEST_TWO_CLUSTERS, latestAtScale, writeBenchPage } from './page.ts';
import { crashReason, LATEST_RUN, notFinished, textTable, type Row, type Run } from './table.ts';

const { values: options } = parseArgs({
  options: {
    scale: { type: 'string', default: '0' },
    seconds: { type: 'string', default: '30' },
    // bench/preview.ts's runs: seven by default; at 50,000 pods each is minutes
    'preview-runs': { type: 'string', default: '7' },
    // only these benchmarks, their rows put in place of theirs in the latest run at this scale (one that crashed)
    only: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    // two local clusters, each seeded at --scale, and the benchmarks that compare one cluster with two (bench/clusters.ts)
    clusters: { type: 'string', default: '1' },
  },
});

/**
 * Every benchmark, with its arguments: each starts its own memdash on the built app. `name` (the script's, by
 * default) is what `--only` picks and what its rows are kept under: `--only 'preview.ts --separate-cores'`.
 */
const BENCHMARKS: Array<{ script: string; name?: string; args: string[]; node?: string[]; clusters?: 2 }> = [
  { script: 'memory.ts', args: [], node: ['--expose-gc'] },
  { script: 'explain.ts', args: [] },
  { script: 'history.ts', args: [] },
  { script: 'preview.ts', args: [options['preview-runs']!] },
  // as in production, where Prometheus has machines of its own: does memdash read as fast as Prometheus sends?
  { script: 'preview.ts', name: 'preview.ts --separate-cores', args: [options['preview-runs']!, '--separate-cores'] },
  { script: 'pages.ts', args: [] },
  { script: 'load.ts', args: [options.seconds!, '50'] },
  { script: 'signin.ts', args: [options.seconds!, '50'] },
  // `--clusters 2` alone: a memdash of one cluster against one of two, on two clusters of --scale pods each
  { script: 'clusters.ts', args: [options.seconds!, '50'], clusters: 2 },
];
if (options.clusters !== '1' && options.clusters !== '2') throw new Error(`--clusters takes 1 or 2, got ${options.clusters}`);
const clusters = Number(options.clusters) as 1 | 2;

function step(what: string, command: string, args: string[]): void {
  console.log(`\n== ${what}: ${command} ${args.join(' ')}`);
  const done = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (done.status !== 0) throw new Error(`${what} failed (exit ${done.status})`);
}

/** Runs one benchmark, echoing its output, and collects its figure lines; a crash is one failed row. */
function run(benchmark: string, script: string, args: string[], nodeOptions: string[] = []): Promise<Row[]> {
  console.log(`\n== bench/${benchmark}`);
  return new Promise((resolve) => {
    const rows: Row[] = [];
    let stderr = '';
    const child = spawn('nice', ['-n', '5', process.execPath, ...nodeOptions, join(repoRoot, 'bench', script), ...args], {
      cwd: repoRoot,
    });
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith(FIGURE_PREFIX)) rows.push({ benchmark, ...(JSON.parse(line.slice(FIGURE_PREFIX.length)) as Figure) });
        else console.log(`  ${line}`);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('close', (code) => {
      if (code !== 0 || rows.length === 0) {
        const why = crashReason(stderr) ?? `exit ${code}`;
        rows.push(notFinished(benchmark, why));
      }
      resolve(rows);
    });
  });
}

const started = new Date();
const cli = join(repoRoot, 'e2e', 'cluster', 'cli.ts');
step('the local cluster', process.execPath, [
  cli,
  'up',
  ...(Number(options.scale) > 0 ? ['--scale', options.scale!] : []),
  ...(clusters === 2 ? ['--clusters', '2'] : []),
]);
if (!options['no-build']) step('a fresh build', 'npm', ['run', 'build']);
const rows: Row[] = [];
const loadBefore = loadavg();
const only = options.only?.split(',');
const nameOf = (b: (typeof BENCHMARKS)[number]) => b.name ?? b.script;
const chosen = BENCHMARKS.filter((x) => (x.clusters ?? 1) === clusters && (!only || only.includes(nameOf(x))));
for (const b of chosen) rows.push(...(await run(nameOf(b), b.script, b.args, b.node)));
const loadAfter = loadavg();

const result: Run = only
  ? rerunIn(latestRunAt(Number(options.scale)), only, rows)
  : {
      at: started.toISOString(),
      scale: Number(options.scale),
      ...(clusters === 2 ? { clusters } : {}),
      // figures of a shared machine mean little without how busy it was
      machine: { cpus: cpus().length, node: process.version, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter },
      figures: rows,
    };
console.log(`\n${textTable(result.figures)}\n`);
console.log(`${result.figures.filter((r) => r.pass).length} of ${result.figures.length} figures within their targets`);
console.log(
  `machine: ${cpus().length} CPUs; load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after`,
);
const dir = dirname(LATEST_RUN);
mkdirSync(dir, { recursive: true });
const file = join(dir, `bench-${started.toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(result, null, 2));
writeFileSync(LATEST_RUN, JSON.stringify(result, null, 2));
// the page shows the latest run at each production size side by side, and the latest of two clusters apart
writeFileSync(clusters === 2 ? LATEST_TWO_CLUSTERS : latestAtScale(result.scale), JSON.stringify(result, null, 2));
await writeBenchPage();
console.log(`written to ${file} (and data/bench/latest.json); docs/benchmarks.md's section shows it`);
process.exitCode = result.figures.every((r) => r.pass) ? 0 : 1;

function latestRunAt(scale: number): Run {
  const file = clusters === 2 ? LATEST_TWO_CLUSTERS : latestAtScale(scale);
  if (!existsSync(file)) throw new Error(`--only needs a run at --scale ${scale} to put its rows in: there is none (${file})`);
  return JSON.parse(readFileSync(file, 'utf8')) as Run;
}

/** `run` with the rows of `benchmarks` replaced by `rows`, in the benchmarks' order, and the rerun noted. */
function rerunIn(run: Run, benchmarks: string[], rows: Row[]): Run {
  const order = BENCHMARKS.map(nameOf);
  const figures = [...run.figures.filter((r) => !benchmarks.includes(r.benchmark)), ...rows];
  figures.sort((a, b) => order.indexOf(a.benchmark) - order.indexOf(b.benchmark));
  return { ...run, figures, reruns: [...(run.reruns ?? []), { at: started.toISOString(), benchmarks }] };
}
