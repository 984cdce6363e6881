// Prometheus's own time for the preview's queries: the same series listing and the same batches of query_range
// (lib/prometheus/snapshot-batches.ts: planReadBatches, read within READ_LIMITS), over the same window, each answer
// read as the preview reads it and dropped. What the preview costs beyond this is its own reading of the answers.
import './lib-imports.ts';

const { planReadBatches, READ_LIMITS } = await import('../lib/prometheus/snapshot-batches.ts');
const { postFormBytes } = await import('../lib/prometheus/http-bytes.ts');
const { runOverlapped } = await import('../lib/prometheus/overlap.ts');
const { workloadFromPodName } = await import('../lib/domain/snapshot.ts');

type SeriesCensus = Parameters<typeof planReadBatches>[0];
export interface Window {
  start: number;
  end: number;
  step: number;
}

const SELECTOR = (extra = '') => `container_memory_working_set_bytes{container!="",container!="POD",pod!=""${extra}}`;
// as lib/prometheus/snapshot-samples.ts plans them
const LISTING_MARGIN_SECONDS = 3600;
// how long the preview lets Prometheus stay silent: MEMDASH_PROMETHEUS_TIMEOUT_MS, as the server started beside it has it
const idleTimeoutMs = () => Number(process.env.MEMDASH_PROMETHEUS_TIMEOUT_MS ?? 15_000);

/**
 * POSTs the form; the answer's bytes are counted (or kept, for the listing) and dropped. Read by the preview's own
 * reader (lib/prometheus/http-bytes.ts): into one buffer per request, which is why what is kept is copied.
 */
async function post(
  prometheus: string,
  path: string,
  form: Record<string, string>,
  keep = false,
  onAnswering?: () => void,
): Promise<{ bytes: number; body?: Buffer }> {
  let bytes = 0;
  const chunks: Buffer[] = [];
  const onBody = (part: Uint8Array) => ((bytes += part.length), keep && chunks.push(Buffer.from(part)));
  const url = new URL(`${prometheus}/api/v1/${path}`);
  const status = await postFormBytes(url, new URLSearchParams(form), onBody, {
    idleTimeoutMs: idleTimeoutMs(),
    onAnswering,
    // the bench measures Prometheus alone: memdash's limits on one answer would only stop it
    limits: { maxBytes: Infinity, maxBytesSetting: '', deadlineMs: 2 ** 31 - 1, deadlineSetting: '' },
  });
  if (status !== 200) throw new Error(`HTTP ${status} from ${url.pathname}`);
  return { bytes, body: keep ? Buffer.concat(chunks) : undefined };
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
  // at most BATCH_SERIES a batch, MEMDASH_PREVIEW_BATCH_SERIES's default
  const queue = planReadBatches(census);
  let bytes = listing.bytes;
  await runOverlapped(queue, READ_LIMITS, async (batch, answering) => {
    const form = {
      query: SELECTOR(batch.matchers.map((m) => `,${m}`).join('')),
      start: String(window.start),
      end: String(window.end),
      step: String(window.step),
    };
    // read first, then added: `bytes += await …` would add to the total as it was before the other answers
    const answer = await post(prometheus, 'query_range', form, false, answering);
    bytes += answer.bytes;
  });
  return bytes;
}
