import 'server-only';
import type { KubeConfig, RequestContext } from '@kubernetes/client-node';
import { fetch } from 'undici';
import { AppError } from '@/lib/errors';
import { serverReturn } from './api-server-back';

// An API server that is starting answers some requests before its authorizer has loaded the cluster's RBAC, and
// refuses them with 403: not RBAC's answer, and gone a few seconds later. Passed on, it would tell the operator that
// memdash lacks a right it has. So a 403 is a 503 to try again while the watches of the cluster it was sent to have
// lost the server or within 30 s of hearing it again (./api-server-back.ts), or while its /readyz (answered without
// authorization) is not 200. The first covers a restarted server that says ready before its RBAC is loaded; the second one that memdash's watches
// never saw go (a server behind a load balancer, or memdash's first minute).

const TIMEOUT_MS = 2_000;
// one /readyz per server per second, however many 403s arrive together
const KEEP_MS = 1_000;
type Kept = Map<string, { at: number; status: Promise<number | null> }>;
// Per credential, so per cluster: each cluster's read credential is its own KubeConfig, and /readyz is asked with it.
// Two clusters behind one address (two contexts of one server) never take each other's answer; a write's credential,
// made for one request, keeps its own and is dropped with it.
const keptBy = new WeakMap<KubeConfig, Kept>();

const seconds = (ms: number) => Math.round(ms / 1000);

/** /readyz's status on the request's server, with its credential; null when it did not answer in time. */
function readyzStatus(request: RequestContext, kc: KubeConfig): Promise<number | null> {
  let kept = keptBy.get(kc);
  if (!kept) keptBy.set(kc, (kept = new Map()));
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

// long enough for a restarted API server's RBAC to load, short enough that a real refusal is soon shown as one
const BACK_WITHIN_MS = 30_000;

/**
 * Throws a 503 when the API server that refused `request` (made with `kc`, a cluster's read credential or a write's)
 * with 403 came back just now or says it is not ready.
 */
export async function refusedWhileStarting(request: RequestContext, kc: KubeConfig): Promise<void> {
  const away = serverReturn(kc, request.getUrl(), BACK_WITHIN_MS);
  if (away !== null) {
    const when =
      'lost' in away
        ? `The Kubernetes API server was lost to memdash's watches ${seconds(away.lost)} s ago and not heard again since`
        : `The Kubernetes API server came back ${seconds(away.back)} s ago`;
    throw new AppError(
      'unreachable',
      `${when}: it refused the request with 403, as a restarting API server does before it has loaded its RBAC. Try again in a few seconds.`,
      5,
    );
  }
  const status = await readyzStatus(request, kc);
  // 401/403 on /readyz: a server that protects it; it cannot tell us, so the 403 stands
  if (status === 200 || status === 401 || status === 403) return;
  const said = status === null ? `no answer from its /readyz within ${TIMEOUT_MS / 1000} s` : `its /readyz answers HTTP ${status}`;
  throw new AppError(
    'unreachable',
    `The Kubernetes API server is not ready (${said}): it refused the request with 403 before its authorization was loaded. Try again in a few seconds.`,
    5,
  );
}
