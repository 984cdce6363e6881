// How fast the preview's byte parser (lib/prometheus/matrix-bytes.ts) reads a query_range answer, without Prometheus
// or a cluster: an answer shaped as Prometheus writes the preview's (cAdvisor's labels, 28 days at a 300 s step, whole
// byte counts, now and then a fraction or NaN) is made in memory and fed in 64 KiB chunks, as an HTTP body arrives.
// Prints MB/s, series/s and the heap the read used, each the median of a few runs; not a timed test.
//   node bench/matrix-bytes.ts [--mb 300] [--runs 5] [--chunk-kib 64] [--parser path/to/matrix-bytes.ts]…
// Each --parser is another copy of the class (e.g. an older one) read in turn with the same answer, run by run, so a
// busy machine slows them alike; without one, the repository's.
import './lib-imports.ts';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../e2e/cluster/lib/paths.ts';

const { values: args } = parseArgs({
  options: {
    mb: { type: 'string', default: '300' },
    runs: { type: 'string', default: '5' },
    'chunk-kib': { type: 'string', default: '64' },
    parser: { type: 'string', multiple: true },
  },
});
const TARGET_BYTES = Number(args.mb) * 1e6;
const RUNS = Number(args.runs);
const CHUNK = Number(args['chunk-kib']) * 1024;
// memoryUsage() costs too much to ask after every small chunk: once a MiB
const SAMPLE_EVERY = Math.max(1, Math.floor((1 << 20) / CHUNK));
const SAMPLES = 8064; // 28 days at 300 s
const STEP = 300;
const START = 1_733_000_000;
// each run starts from a collected heap, so what it leaves behind is not counted against the next
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

interface Series {
  values: Float64Array;
}
type Parser = new (onSeries: (series: Series) => void) => { push(chunk: Uint8Array): void; end(): unknown };

/** A deterministic answer of about TARGET_BYTES: the labels the preview's selector brings back, and its samples. */
function answer(): Buffer {
  let s = 1;
  const random = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), s / 2 ** 32);
  const parts = [Buffer.from('{"status":"success","data":{"resultType":"matrix","result":[')];
  let bytes = 0;
  for (let k = 0; bytes < TARGET_BYTES; k++) {
    const metric = {
      __name__: 'container_memory_working_set_bytes',
      container: k % 3 ? 'app' : 'istio-proxy',
      endpoint: 'https-metrics',
      id: `/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod${k.toString(16).padStart(8, '0')}.slice/cri-containerd-${k}.scope`,
      image: `registry.example.com/team-${k % 40}/service:1.${k % 17}.0`,
      instance: `10.0.${k % 250}.${k % 7}:10250`,
      job: 'kubelet',
      metrics_path: '/metrics/cadvisor',
      namespace: `team-${k % 40}`,
      node: `node-${k % 200}`,
      pod: `service-${Math.floor(k / 3)}-7f9c8d6b5-${(k * 7919).toString(36).slice(-5)}`,
      service: 'kube-prometheus-stack-kubelet',
    };
    const base = 64 * 2 ** 20 * (1 + 7 * random());
    const pairs = new Array<string>(SAMPLES);
    for (let i = 0; i < SAMPLES; i++) {
      const roll = random();
      const value = roll < 0.0005 ? 'NaN' : roll < 0.002 ? String(base + random()) : String(Math.round(base * (0.8 + 0.4 * random())));
      pairs[i] = `[${START + i * STEP},"${value}"]`;
    }
    const series = Buffer.from(`${k ? ',' : ''}{"metric":${JSON.stringify(metric)},"values":[${pairs.join(',')}]}`);
    parts.push(series);
    bytes += series.length;
  }
  parts.push(Buffer.from(']}}'));
  return Buffer.concat(parts);
}

interface Run {
  seconds: number;
  series: number;
  samples: number;
  /** The values' sum, NaN left out: the copies read the same numbers. */
  sum: number;
  /** The most the JavaScript heap, and the array buffers (the values), grew during the read. */
  peakHeap: number;
  peakArrays: number;
}

/** One read of `body`; `check`, the values summed as they come (a first run, not timed: it warms the code up too). */
function read(Parser: Parser, body: Buffer, check = false): Run {
  const run: Run = { seconds: 0, series: 0, samples: 0, sum: 0, peakHeap: 0, peakArrays: 0 };
  gc();
  const before = process.memoryUsage();
  const sample = () => {
    const now = process.memoryUsage();
    run.peakHeap = Math.max(run.peakHeap, now.heapUsed - before.heapUsed);
    run.peakArrays = Math.max(run.peakArrays, now.arrayBuffers - before.arrayBuffers);
  };
  const parser = new Parser((series) => {
    run.series++;
    run.samples += series.values.length;
    if (check) for (const v of series.values) if (!Number.isNaN(v)) run.sum += v;
  });
  const started = performance.now();
  for (let at = 0, k = 0; at < body.length; at += CHUNK, k++) {
    parser.push(body.subarray(at, at + CHUNK));
    if (k % SAMPLE_EVERY === 0) sample();
  }
  parser.end();
  run.seconds = (performance.now() - started) / 1000;
  sample();
  return run;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mib = (xs: number[]) => (median(xs) / 2 ** 20).toFixed(0);

const paths = args.parser?.length ? args.parser.map((p) => resolve(p)) : [resolve(repoRoot, 'lib/prometheus/matrix-bytes.ts')];
const parsers = await Promise.all(paths.map(async (p) => ((await import(pathToFileURL(p).href)) as { MatrixBytes: Parser }).MatrixBytes));
const made = performance.now();
const body = answer();
console.log(
  `an answer of ${(body.length / 1e6).toFixed(0)} MB, ${SAMPLES} samples a series, made in ${((performance.now() - made) / 1000).toFixed(1)} s; ` +
    `${RUNS} runs, ${CHUNK / 1024} KiB chunks`,
);
const checks = parsers.map((Parser) => read(Parser, body, true));
const runs = paths.map(() => [] as Run[]);
for (let r = 0; r < RUNS; r++) parsers.forEach((Parser, p) => runs[p]!.push(read(Parser, body)));
paths.forEach((path, p) => {
  const first = checks[p]!;
  const seconds = median(runs[p]!.map((x) => x.seconds));
  console.log(
    `${path}: ${(body.length / 1e6 / seconds).toFixed(0)} MB/s, ${(first!.series / seconds).toFixed(0)} series/s ` +
      `(median of ${runs[p]!.map((x) => (body.length / 1e6 / x.seconds).toFixed(0)).join(', ')} MB/s); ` +
      `heap used at most ${mib(runs[p]!.map((x) => x.peakHeap))} MiB and array buffers ${mib(runs[p]!.map((x) => x.peakArrays))} MiB; ` +
      `${first!.series} series, ${first!.samples} samples, sum ${first!.sum}`,
  );
});
