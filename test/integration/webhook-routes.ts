// The webhook page's two routes called as the browser calls them, with the viewer's kubeconfig as memdash's read
// credential: GET /api/webhook's answer, and POST /api/webhook/probe from an origin (none: no Origin header).
import { kubeconfig, requireCluster } from './cluster';

export type WebhookHealth = import('@/lib/views/webhook-health-types').WebhookHealth;
export type ProbeAnswer = import('@/lib/domain').ProbeAnswer;

/** Sets KUBECONFIG to the viewer's before it loads the routes (they read it as they load): call it before importing memdash. */
export async function webhookRoutesAsViewer() {
  requireCluster();
  process.env.KUBECONFIG = kubeconfig('viewer');
  const health = await import('@/app/c/[cluster]/api/webhook/route');
  const probe = await import('@/app/c/[cluster]/api/webhook/probe/route');
  return {
    readHealth: async () => (await (await health.GET()).json()) as WebhookHealth,
    postProbe: (origin?: string) =>
      probe.POST(
        new Request('http://127.0.0.1:3000/api/webhook/probe', {
          method: 'POST',
          headers: { host: '127.0.0.1:3000', ...(origin ? { origin } : {}) },
        }),
      ),
  };
}
