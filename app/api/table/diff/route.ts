import { diffToCsv } from '@/lib/domain';
import { AppError } from '@/lib/http/errors';
import { parseDiffParams, searchOf } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { readDiff } from '@/lib/views/table-diff';

export const dynamic = 'force-dynamic';

/** Two recorded versions of the table compared: ?from=&to=&namespace=&workload=&format=json|csv */
export const GET = route(async (request) => {
  const params = parseDiffParams(searchOf(request));
  const started = performance.now();
  const found = await readDiff(params);
  // The history benchmark (bench/history.ts) reads the server's own time for the diff from this header.
  const timing = { 'server-timing': `diff;dur=${(performance.now() - started).toFixed(1)}` };
  if (!found) throw new AppError('not-found', 'Fewer than two versions of the table are recorded yet');
  const name = `memory-requests-diff-${found.from.id}-${found.to.id}`;
  if (params.format === 'csv') {
    return new Response(diffToCsv(found.filtered), {
      headers: { ...timing, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}.csv"` },
    });
  }
  const body = { from: found.from, to: found.to, ...found.filtered };
  return Response.json(body, { headers: { ...timing, 'content-disposition': `attachment; filename="${name}.json"` } });
});
