// The people reading throughout the soak: each client its own browser (its own User-Agent, nothing shared), asking
// for a pod's page, its explanation and a namespace's /pods in turn, from whichever replica is up, as a Service
// would send them. Every answer is kept with its time, so the report can cut them per minute and per outage.
//
// At a pace, a client starts a read every `paceMs`, or as its last answer comes when that took longer (reads never
// bunch up to catch up), as people with a tab open do. At pace 0 each asks again the moment it has its answer: 50
// such clients keep 50 requests in flight, so their latency is 50 / the server's throughput (Little's law), which
// says how much the machine can answer, not how long an answer takes.
import { api } from '../../e2e/cluster/lib/api.ts';

export type ReadKind = 'pod page' | 'explanation' | '/pods?namespace=';

export interface Read {
  at: number;
  kind: ReadKind;
  ms: number;
  /** The HTTP status, or 0 when no answer came (connection refused, timeout). */
  status: number;
  /** An error answer's first words: its `error.code` and message from JSON, or its page's title. */
  said?: string;
}

export interface Readers {
  reads: Read[];
  stop(): Promise<void>;
}

export interface PodRef {
  namespace: string;
  name: string;
}

const pathOf = (kind: ReadKind, pod: PodRef) =>
  kind === 'pod page'
    ? `/pods/${pod.namespace}/${pod.name}`
    : kind === 'explanation'
      ? `/api/pods/${pod.namespace}/${pod.name}/explanation`
      : `/pods?namespace=${pod.namespace}`;

/** What an error answer says, short: a route's `{error: {code, message}}`, or a page's <title>. */
export function saidIn(body: string): string {
  try {
    const { error } = JSON.parse(body) as { error?: { code?: string; message?: string } };
    if (error?.code) return `${error.code}: ${error.message ?? ''}`.slice(0, 160);
  } catch {
    // a page, not JSON
  }
  return (/<title>([^<]*)<\/title>/.exec(body)?.[1] ?? '(no title)').slice(0, 160);
}

/** Up to 300 pods of the seeded workloads (not the churned ones), in a fixed order. */
export async function podsToRead(): Promise<PodRef[]> {
  const list = await api().call<{ items: Array<{ metadata: { name: string; namespace: string } }> }>('GET', '/api/v1/pods?limit=5000');
  const refs = list.items
    .map((p) => ({ namespace: p.metadata.namespace, name: p.metadata.name }))
    .filter((p) => !p.namespace.startsWith('kube-') && !p.namespace.startsWith('memdash-soak'))
    .sort((a, b) => `${a.namespace}/${a.name}`.localeCompare(`${b.namespace}/${b.name}`));
  if (refs.length === 0) throw new Error('the local cluster has no pods to read');
  const step = Math.max(1, Math.floor(refs.length / 300));
  return refs.filter((_, i) => i % step === 0).slice(0, 300);
}

const KINDS: ReadKind[] = ['pod page', 'explanation', '/pods?namespace='];

export function startReaders(clients: number, pods: PodRef[], replicaUrls: () => string[], paceMs = 0): Readers {
  const reads: Read[] = [];
  let stopped = false;
  const client = async (id: number) => {
    const headers = { 'user-agent': `memdash-soak browser ${id}` };
    for (let i = id; !stopped; i++) {
      const urls = replicaUrls();
      const kind = KINDS[i % KINDS.length]!;
      const pod = pods[(i * 7 + id) % pods.length]!;
      const started = performance.now();
      let status = 0;
      let said: string | undefined;
      try {
        const answer = await fetch(`${urls[i % urls.length]}${pathOf(kind, pod)}`, { headers, signal: AbortSignal.timeout(30_000) });
        const text = await answer.text();
        status = answer.status;
        if (status >= 400) said = saidIn(text);
      } catch {
        // no answer: status 0
      }
      reads.push({ at: Date.now(), kind, ms: performance.now() - started, status, said });
      // a refused connection answers at once: do not spin on it
      const wait = Math.max(paceMs - (performance.now() - started), status === 0 ? 200 : 0);
      if (wait > 0 && !stopped) await new Promise((r) => setTimeout(r, wait));
    }
  };
  // paced clients start spread over one pace, not all in the same millisecond
  const start = (id: number) => new Promise((r) => setTimeout(r, (paceMs * id) / clients)).then(() => client(id));
  const all = Promise.all(Array.from({ length: clients }, (_, id) => start(id)));
  return {
    reads,
    stop: async () => {
      stopped = true;
      await all;
    },
  };
}
