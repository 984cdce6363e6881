// Prometheus's own time for the preview's queries: the same series listing and the same batches of query_range
// (lib/prometheus/snapshot-batches.ts, two in flight), over the same window, each answer read over node:http as the
// preview reads it and dropped. What the preview costs beyond this is its own reading of the answers.
import './lib-imports.ts';
import { request } from 'node:http';

const { planBatches } = await import('../lib/prometheus/snapshot-batches.ts');
const { workloadFromPodName } = await import('../lib/domain/snapshot.ts');

type SeriesCensus = Parameters<typeof planBatches>[0];
export interface Window {
  start: number;
  end: number;
  step: number;
}

const SELECTOR = (extra = '') => `container_memory_working_set_bytes{container!="",container!="POD",pod!=""${extra}}`;
// as lib/prometheus/snapshot-samples.ts plans them
const LISTING_MARGIN_SECONDS = 3600;
const CONCURRENCY = 2;
const OVERLAP_BATCHES = 4;
const MIN_BATCH_SERIES = 20;
const PER_BATCH = 2000; // MEMDASH_PREVIEW_BATCH_SERIES's default

/** POSTs the form; the answer's bytes are counted (or kept, for the listing) and dropped. */
function post(prometheus: string, path: string, form: Record<string, string>, keep = false): Promise<{ bytes: number; body?: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${prometheus}/api/v1/${path}`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      (res) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => ((bytes += chunk.length), keep && chunks.push(chunk)));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({ bytes, body: keep ? Buffer.concat(chunks) : undefined })
            : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(new URLSearchParams(form).toString());
  });
}

/** The preview's queries over `window`, answers dropped: their bytes in all. */
export async function prometheusAlone(prometheus: string, window: Window): Promise<number> {
  const listing = await post(
    prometheus,
    'series',
    { 'match[]': SELECTOR(), start: String(window.start - LISTING_MARGIN_SECONDS), end: String(window.end) },
    true,
  );
  const census: SeriesCensus = { series: 0, namespaces: new Map() };
  for (const labels of (JSON.parse(listing.body!.toString()) as { data: Array<Record<string, string>> }).data) {
    const workload = workloadFromPodName(labels.pod ?? '');
    if (workload === null) continue;
    const namespace = labels.namespace ?? null;
    let workloads = census.namespaces.get(namespace);
    if (!workloads) census.namespaces.set(namespace, (workloads = new Map()));
    workloads.set(workload, (workloads.get(workload) ?? 0) + 1);
    census.series++;
  }
  const queue = planBatches(census, Math.min(PER_BATCH, Math.max(MIN_BATCH_SERIES, Math.ceil(census.series / OVERLAP_BATCHES))));
  let bytes = listing.bytes;
  const worker = async () => {
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      const form = { query: SELECTOR(batch.matchers), start: String(window.start), end: String(window.end), step: String(window.step) };
      bytes += (await post(prometheus, 'query_range', form)).bytes;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return bytes;
}
