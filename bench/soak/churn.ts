// Pods created and deleted at a steady rate through the API server, in a namespace of the soak's own, on a KWOK node
// (named, so the scheduler is not asked): what a busy cluster's watches carry all day. It pauses while the caches are
// compared with fresh lists, which must be taken of a cluster that stands still.
import { api, ApiError, type Api } from '../../e2e/cluster/lib/api.ts';

export const CHURN_NAMESPACE = 'memdash-soak-churn';
// pods kept alive at once: each created pod is deleted this many creations later
const KEPT = 200;

export interface Churn {
  created: number;
  deleted: number;
  /** Calls refused or unanswered (the API server restarting): counted, not retried. */
  failed: number;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

export async function startChurn(perSecond: number): Promise<Churn> {
  const client = api();
  await ensureNamespace(client);
  const nodes = await client.call<{ items: Array<{ metadata: { name: string } }> }>('GET', '/api/v1/nodes');
  const node = nodes.items[0]?.metadata.name;
  if (!node) throw new Error('the local cluster has no node to put the churned pods on');
  const alive: string[] = [];
  const churn = { created: 0, deleted: 0, failed: 0, paused: false, stopped: false };
  let sequence = 0;
  const tick = async () => {
    const name = `churn-${Date.now().toString(36)}-${sequence++}`;
    try {
      await client.call('POST', `/api/v1/namespaces/${CHURN_NAMESPACE}/pods`, pod(name, node));
      churn.created++;
      alive.push(name);
    } catch {
      churn.failed++;
    }
    if (alive.length > KEPT) {
      const gone = alive.shift()!;
      try {
        await client.call('DELETE', `/api/v1/namespaces/${CHURN_NAMESPACE}/pods/${gone}?gracePeriodSeconds=0`);
        churn.deleted++;
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) churn.failed++;
      }
    }
  };
  const loop = (async () => {
    const every = 1000 / perSecond;
    let next = performance.now();
    while (!churn.stopped) {
      if (!churn.paused) void tick();
      next += every;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  })();
  return {
    get created() {
      return churn.created;
    },
    get deleted() {
      return churn.deleted;
    },
    get failed() {
      return churn.failed;
    },
    pause: () => void (churn.paused = true),
    resume: () => void (churn.paused = false),
    stop: async () => {
      churn.stopped = true;
      await loop;
    },
  };
}

/** Deletes the soak's namespace and every pod left in it. */
export async function removeChurn(): Promise<void> {
  try {
    await api().call('DELETE', `/api/v1/namespaces/${CHURN_NAMESPACE}`);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
}

/** The soak's namespace, made when missing; one still being deleted (the last run's removeChurn) is waited for. */
async function ensureNamespace(client: Api): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await client.call('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: CHURN_NAMESPACE } });
      return;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 409)) throw err;
    }
    // there already: ready to use, or terminating, when every pod made in it would be refused (a churn of none)
    const namespace = await client.call<{ status?: { phase?: string } }>('GET', `/api/v1/namespaces/${CHURN_NAMESPACE}`).catch(() => null);
    if (namespace && namespace.status?.phase !== 'Terminating') return;
    if (Date.now() > deadline) throw new Error(`${CHURN_NAMESPACE} is still being deleted after 120 s: no pod could be made in it`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function pod(name: string, node: string): object {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: CHURN_NAMESPACE, labels: { app: 'soak-churn' } },
    spec: {
      nodeName: node,
      tolerations: [{ operator: 'Exists' }],
      containers: [{ name: 'app', image: 'registry.local/soak:1', resources: { requests: { memory: '32Mi' } } }],
    },
  };
}
