// What the server's memory grows with (run by `npm run bench`; prints figures): the pod cache holds one slim pod per
// pod (lib/k8s/slim.ts), the table cache the ConfigMap's rows. Measured on the heap (node --expose-gc), from the
// local cluster's own pods copied to 20,000 with names of their own, and an 8,000-row table; not a timed test.
// Then the RSS that implies for the largest cluster Kubernetes supports: a memdash started on the local cluster, its
// caches listed, plus each pod and row it does not hold yet at the bytes measured here. An estimate: heap bytes, no
// fragmentation, and nothing else that grows with the cluster.
import { execFileSync } from 'node:child_process';
import { kubeconfigPath, bin } from '../e2e/cluster/lib/paths.ts';
import { slimPod } from '../lib/k8s/slim.ts';
import { atMost, report } from './figures.ts';
import { serverRssMb, startMemdash, stopMemdash, waitForCaches } from './harness.ts';

const PODS = 20_000;
const ROWS = 8_000;
const LARGEST = { pods: 150_000, rows: 60_000 };
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const kubectl = (args: string[]) =>
  execFileSync(bin('kubectl'), [`--kubeconfig=${kubeconfigPath('viewer')}`, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });

type Pod = { metadata: { name: string; namespace: string; uid: string } };
const real = (JSON.parse(kubectl(['get', 'pods', '-A', '-o', 'json'])) as { items: Pod[] }).items;
if (real.length === 0) throw new Error('the local cluster has no pods');

// each copy is parsed from its own JSON, as the watch hands every pod over, so no string is shared between copies
const texts = Array.from({ length: PODS }, (_, i) => {
  const pod = real[i % real.length]!;
  return JSON.stringify({ ...pod, metadata: { ...pod.metadata, name: `${pod.metadata.name}-${i}`, uid: `${pod.metadata.uid}-${i}` } });
});
let before = heap();
const cache = new Map(texts.map((t, i) => [`k${i}`, slimPod(JSON.parse(t))]));
const podBytes = (heap() - before) / PODS;
const fullBefore = heap();
const full = texts.slice(0, 2000).map((t) => JSON.parse(t) as unknown);
const fullPodBytes = (heap() - fullBefore) / full.length;

before = heap();
const data = JSON.parse(
  JSON.stringify(
    Object.fromEntries(Array.from({ length: ROWS }, (_, i) => [`scale-${i % 20}_service-role-${i}_container`, `${64 + (i % 900)}Mi`])),
  ),
) as Record<string, string>;
const rowBytes = (heap() - before) / ROWS;

console.log(`a cached pod: ${podBytes.toFixed(0)} bytes (the whole pod as the API sends it: ${fullPodBytes.toFixed(0)} bytes)`);
console.log(
  `${PODS.toLocaleString('en-US')} pods cached: ${((podBytes * PODS) / 2 ** 20).toFixed(0)} MiB; a table row: ${rowBytes.toFixed(0)} bytes`,
);
report({
  figure: `pod cache at ${PODS.toLocaleString('en-US')} pods (heap)`,
  value: (podBytes * PODS) / 2 ** 20,
  unit: 'MiB',
  anchor: { name: 'the same pods whole', value: (fullPodBytes * PODS) / 2 ** 20, unit: 'MiB' },
  ratio: fullPodBytes / podBytes,
  target: 'smaller than whole pods',
  pass: podBytes < fullPodBytes,
});
report({
  figure: 'a cached pod (heap)',
  value: podBytes / 1024,
  unit: 'KiB',
  anchor: { name: 'RSS target 300 MB / 20,000 pods', value: 300_000_000 / PODS / 1024, unit: 'KiB' },
  ratio: null,
  target: 'per-pod share of 300 MB',
  pass: podBytes < 300_000_000 / PODS,
});
report({
  figure: 'a table row, as the ConfigMap holds it (heap)',
  value: rowBytes,
  unit: 'bytes',
  anchor: { name: '', value: NaN, unit: '' },
  ratio: null,
  target: '',
  pass: true,
});
void cache;
void data;
await impliedRss();

/** The server's RSS with the local cluster's pods and rows cached, grown to LARGEST at the bytes measured above. */
async function impliedRss(): Promise<void> {
  const rows = Object.keys(
    (JSON.parse(kubectl(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests', '-o', 'json'])) as { data?: object }).data ?? {},
  ).length;
  const server = await startMemdash();
  try {
    await waitForCaches(server);
    const rss = serverRssMb(server);
    const grown = ((LARGEST.pods - real.length) * podBytes + (LARGEST.rows - rows) * rowBytes) / 1e6;
    const at = `${LARGEST.pods.toLocaleString('en-US')} pods and ${LARGEST.rows.toLocaleString('en-US')} rows`;
    console.log(
      `server RSS ${rss.toFixed(0)} MB with ${real.length.toLocaleString('en-US')} pods and ${rows.toLocaleString('en-US')} rows cached; ` +
        `at ${at}: ${(rss + grown).toFixed(0)} MB`,
    );
    atMost(`server RSS implied at ${at}`, rss + grown, 'MB', 512);
  } finally {
    stopMemdash(server);
  }
}
