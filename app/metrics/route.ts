import { timingSafeEqual } from 'node:crypto';
import { settings } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { clusters } from '@/lib/cluster/registry';
import { route } from '@/lib/http/route';
import { readMetrics } from '@/lib/views/metrics';

// Prometheus's exposition of memdash's metrics (lib/metrics, lib/views/metrics.ts). Read-only and without secrets;
// it answers the Hosts every page answers, so a scrape by pod IP needs that IP in MEMDASH_ALLOWED_HOSTS (the chart
// puts it there). It needs no sign-in; with MEMDASH_METRICS_TOKEN set, it answers only a scrape bearing that token.
export const dynamic = 'force-dynamic';

export const GET = route(async (request) => {
  const token = settings().metricsToken;
  if (token && !bears(request.headers.get('authorization'), token))
    throw new AppError('unauthorized', '/metrics answers only with its bearer token (MEMDASH_METRICS_TOKEN)');
  const { contentType, text } = await readMetrics(clusters().all);
  return new Response(text, { headers: { 'content-type': contentType } });
});

function bears(header: string | null, token: string): boolean {
  const sent = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return sent.length === wanted.length && timingSafeEqual(sent, wanted);
}
