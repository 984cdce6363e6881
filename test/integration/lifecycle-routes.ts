// The lifecycle page's routes as a reader (memdash's viewer credential) and a writer (a token per request) call them,
// in-process, for lifecycle.test.ts and lifecycle-removal.test.ts. KUBECONFIG is set before memdash loads: it reads
// it as it loads.
import { expect } from 'vitest';
import { kubeconfig, requireCluster } from './cluster';

requireCluster();
process.env.KUBECONFIG = kubeconfig('viewer');

type LifecycleView = import('@/lib/views/lifecycle-types').LifecycleView;
const read = await import('@/app/c/[cluster]/api/lifecycle/route');
const act = await import('@/app/c/[cluster]/api/lifecycle/[action]/route');
const { historyDb } = await import('@/lib/history');
const { listAudit } = await import('@/lib/history/audit');

const ORIGIN = 'http://127.0.0.1:3000';

/** GET /api/lifecycle, answered 200. */
export async function lifecycle(): Promise<LifecycleView> {
  const answer = await read.GET(new Request(`${ORIGIN}/api/lifecycle`));
  expect(answer.status).toBe(200);
  return (await answer.json()) as LifecycleView;
}

/** POST /api/lifecycle/{action}, from memdash's own origin, with the write token when given. */
export function post(action: string, body: object, token?: string): Promise<Response> {
  const headers: Record<string, string> = { host: '127.0.0.1:3000', origin: ORIGIN, 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const request = new Request(`${ORIGIN}/api/lifecycle/${action}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return act.POST(request, { params: Promise.resolve({ action }) });
}

/** memdash's audit records of one action. */
export async function auditOf(action: string) {
  return (await listAudit(await historyDb(), 1000)).filter((r) => r.action === action);
}
