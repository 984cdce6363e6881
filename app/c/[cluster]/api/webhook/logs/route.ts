import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { readAdmissionLogs } from '@/lib/k8s/admission-logs';
import { rightsOfAsker, requireKyvernoLogs } from '@/lib/http/viewer';

export const dynamic = 'force-dynamic';

/** The admission controller's log tail, per pod (polled apart from the page: it is the biggest read). */
export const GET = route<{ cluster?: string }>(async (request, params) => {
  const cluster = clusterOf(params);
  requireKyvernoLogs(cluster, rightsOfAsker(request.headers));
  return Response.json({ readAt: new Date().toISOString(), tails: await readAdmissionLogs(cluster) });
});
