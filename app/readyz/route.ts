import { failureOf } from '@/lib/errors';
import { clusterOf } from '@/lib/http/cluster';
import { route } from '@/lib/http/route';
import { readiness } from '@/lib/k8s/health';

// Readiness: the API server answers memdash's read credential. Anyone who reaches memdash may ask, so a failure says
// what kind it is and not where the API server is (its address is in the message of an unreachable one).
export const dynamic = 'force-dynamic';

export const GET = route<{ cluster?: string }>((_request, params) =>
  readiness(clusterOf(params)).then((ready) => Response.json(ready), notReady),
);

/** A failed read is the probe's answer, not an error to map: its code and status, never the mapper's message. */
function notReady(err: unknown): Response {
  const error = failureOf(err);
  return Response.json(
    { ready: false, error: { code: error.code, message: 'The Kubernetes API server does not answer memdash: see its home page' } },
    { status: error.status },
  );
}
