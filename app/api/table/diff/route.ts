import { diffCsvLines } from '@/lib/domain';
import { AppError, errorResponse } from '@/lib/errors';
import { parseDiffParams, readDiff } from '@/lib/history/diff-request';
import { jsonPieces, linePieces, slicedBody } from '@/lib/http/stream';

export const dynamic = 'force-dynamic';

/** Two recorded versions of the table compared: ?from=&to=&namespace=&workload=&format=json|csv */
export async function GET(request: Request): Promise<Response> {
  try {
    const params = parseDiffParams(Object.fromEntries(new URL(request.url).searchParams));
    const started = performance.now();
    const found = await readDiff(params);
    // The benchmark (scripts/bench-history.ts) reads the server's own time for the diff from this header.
    const timing = { 'server-timing': `diff;dur=${(performance.now() - started).toFixed(1)}` };
    if (!found) throw new AppError('not-found', 'Fewer than two versions of the table are recorded yet');
    const name = `memory-requests-diff-${found.from.id}-${found.to.id}`;
    if (params.format === 'csv') {
      return new Response(slicedBody(linePieces(diffCsvLines(found.filtered))), {
        headers: { ...timing, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}.csv"` },
      });
    }
    const body = { from: found.from, to: found.to, ...found.filtered };
    return new Response(slicedBody(jsonPieces(body)), {
      headers: { ...timing, 'content-type': 'application/json', 'content-disposition': `attachment; filename="${name}.json"` },
    });
  } catch (err) {
    return errorResponse(err);
  }
}
