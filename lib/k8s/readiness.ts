import 'server-only';
import type { RequestContext } from '@kubernetes/client-node';
import { fetch } from 'undici';
import { AppError } from '@/lib/errors';

// An API server that is starting answers some requests before its authorizer has loaded the cluster's RBAC, and
// refuses them with 403: not RBAC's answer, and gone a few seconds later. Passed on, it would tell the operator that
// memdash lacks a right it has. A 403 is therefore checked against the server's /readyz (which it answers without
// authorization): while that is not 200, the 403 is the server not being ready, a 503 to try again.

const TIMEOUT_MS = 2_000;
// one /readyz per server per second, however many 403s arrive together
const KEEP_MS = 1_000;
const kept = new Map<string, { at: number; status: Promise<number | null> }>();

/** /readyz's status on the request's server, with its credential; null when it did not answer in time. */
function readyzStatus(request: RequestContext): Promise<number | null> {
  const origin = new URL(request.getUrl()).origin;
  const now = Date.now();
  const last = kept.get(origin);
  if (last && now - last.at < KEEP_MS) return last.status;
  const status = fetch(`${origin}/readyz`, {
    headers: request.getHeaders(),
    dispatcher: request.getDispatcher() as never,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).then(
    async (response) => {
      await response.body?.cancel();
      return response.status;
    },
    () => null,
  );
  kept.set(origin, { at: now, status });
  return status;
}

/** Throws a 503 when the API server that refused `request` with 403 says it is not ready. */
export async function refusedWhileStarting(request: RequestContext): Promise<void> {
  const status = await readyzStatus(request);
  // 401/403 on /readyz: a server that protects it; it cannot tell us, so the 403 stands
  if (status === 200 || status === 401 || status === 403) return;
  const said = status === null ? `no answer from its /readyz within ${TIMEOUT_MS / 1000} s` : `its /readyz answers HTTP ${status}`;
  throw new AppError(
    'unreachable',
    `The Kubernetes API server is not ready (${said}): it refused the request with 403 before its authorization was loaded. Try again in a few seconds.`,
    5,
  );
}
