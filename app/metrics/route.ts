import { route } from '@/lib/http/route';
import { readMetrics } from '@/lib/views/metrics';

// Prometheus's exposition of memdash's metrics (lib/metrics, lib/views/metrics.ts). Read-only and without secrets;
// it answers the Hosts every page answers, so a scrape by pod IP needs that IP in MEMDASH_ALLOWED_HOSTS (the chart
// puts it there).
export const dynamic = 'force-dynamic';

export const GET = route(async () => {
  const { contentType, text } = await readMetrics();
  return new Response(text, { headers: { 'content-type': contentType } });
});
