import { AppError } from '@/lib/errors';
import { parseDiffParams, searchOf } from '@/lib/http/params';
import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { readDiffExport } from '@/lib/views/table-diff';
import { rightsOfAsker, requireTable } from '@/lib/http/viewer';

export const dynamic = 'force-dynamic';

/** Two recorded versions of the table compared: ?from=&to=&namespace=&workload=&format=json|csv */
export const GET = route<{ cluster?: string }>(async (request, segments) => {
  const cluster = clusterOf(segments);
  requireTable(cluster, rightsOfAsker(request.headers));
  const params = parseDiffParams(searchOf(request));
  const started = performance.now();
  // Large tables are diffed in a worker thread: a diff of 100,000 rows would otherwise hold the server while it runs.
  // The worker is ended when the client goes: request.signal aborts when the connection closes.
  const found = await readDiffExport(cluster, params, request.signal);
  // The history benchmark (bench/history.ts) reads the server's own time for the diff from this header.
  const timing = { 'server-timing': `diff;dur=${(performance.now() - started).toFixed(1)}` };
  if (!found) throw new AppError('not-found', 'Fewer than two versions of the table are recorded yet');
  const name = `memory-requests-diff-${found.from}-${found.to}`;
  const type = params.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json';
  return new Response(found.body, {
    headers: { ...timing, 'content-type': type, 'content-disposition': `attachment; filename="${name}.${params.format}"` },
  });
});
