import { asTableConfigMap } from '@/lib/domain';
import { AppError, failureOf } from '@/lib/errors';
import { parsePreviewParams, searchOf } from '@/lib/http/params';
import type { Cluster } from '@/lib/cluster/cluster';
import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { previewSnapshotShared } from '@/lib/views/snapshot-preview';
import type { PreviewEvent } from '@/lib/views/snapshot-preview-types';
import { rightsOfAsker, requireTable } from '@/lib/http/viewer';

export const dynamic = 'force-dynamic';

/**
 * The next table, as the snapshot job would compute it, written nowhere. Without ?format: NDJSON events (started,
 * progress…, then done or failed) as it computes, shared with whoever asks meanwhile. One preview starts per
 * MEMDASH_PREVIEW_MIN_INTERVAL_MS at most: asked within it, the answer is that preview's, running or ended; the last
 * request going away stops the Prometheus reads once the interval has passed (previewSnapshotShared).
 * ?format=configmap: the preview as a saved table file (`jq -c '{data}'` gives the restore's patch).
 */
export const GET = route<{ cluster?: string }>((request, params) => {
  const cluster = clusterOf(params);
  requireTable(cluster, rightsOfAsker(request.headers));
  return parsePreviewParams(searchOf(request)).format === 'configmap' ? configMapFile(cluster, request) : stream(cluster, request);
});

function stream(cluster: Cluster, request: Request): Response {
  const stop = new AbortController();
  request.signal.addEventListener('abort', () => stop.abort());
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: PreviewEvent) => {
        if (!stop.signal.aborted) controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      };
      // Not awaited: the stream is read while the preview runs.
      void previewSnapshotShared(cluster, stop.signal, send)
        .catch((err: unknown) => {
          if (!stop.signal.aborted)
            send({ type: 'failed', problem: { kind: 'cluster', title: 'The preview failed', message: failureOf(err).message } });
        })
        .finally(() => {
          if (!stop.signal.aborted) controller.close();
        });
    },
    cancel() {
      stop.abort();
    },
  });
  return new Response(body, {
    headers: { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
  });
}

async function configMapFile(cluster: Cluster, request: Request): Promise<Response> {
  const outcome = await previewSnapshotShared(cluster, request.signal, () => {});
  if ('problem' in outcome) throw new AppError('unreachable', `${outcome.problem.title}: ${outcome.problem.message}`);
  const { preview } = outcome;
  const file = asTableConfigMap(preview.rows, preview.table.namespace, preview.table.name);
  const name = `${preview.table.name}-preview-${preview.computedAt.slice(0, 16).replace(/[:T]/g, '')}.json`;
  return Response.json(file, { headers: { 'cache-control': 'no-store', 'content-disposition': `attachment; filename="${name}"` } });
}
