import 'server-only';
import { evictionOf, parseMemory, terminationsOf, workloadOf, type PodShape } from '@/lib/domain';
import type { Informer } from '@/lib/k8s/informer';
import type { CachedPod } from '@/lib/k8s/slim';
import type { HistoryDb } from './db';
import { recordPodFacts, type PodFacts } from './terminations';

// The pod watch, followed for what the cluster forgets: each pod's requests as it was created, each termination
// of its containers (an OOM kill: lastState terminated OOMKilled as its restartCount moves) and its eviction. The
// writes go in the order the cache hands the pods out; a pod already written with the same facts is not written
// again, and the store inserts each fact once whoever writes it (terminations.ts).

type Write = () => Promise<void>;

// what most pods' facts come to: one string for all of them, not a copy per pod held for the pod's life
const NOTHING_ENDED = JSON.stringify([[], null]);

export interface PodRecorderOptions {
  jenkinsNamespace: string;
  /** Runs a write now or, while the recorder holds its writes, later. Not awaited: the pod cache never waits. */
  run(write: Write): void;
}

/** Follows the pod cache; returns how to stop. */
export function followPods(cache: Informer<CachedPod>, db: HistoryDb, options: PodRecorderOptions): () => void {
  // per pod uid, the facts last handed to a write: the same facts are not handed again
  const written = new Map<string, string>();
  const changed = (facts: PodFacts[]) =>
    facts.filter((f) => {
      const key = f.terminations.length === 0 && f.eviction === null ? NOTHING_ENDED : JSON.stringify([f.terminations, f.eviction]);
      if (written.get(f.uid) === key) return false;
      written.set(f.uid, key);
      return true;
    });
  const record = (pods: CachedPod[], at: Date) => {
    const facts = changed(pods.flatMap((p) => factsOf(p, options.jenkinsNamespace, at)));
    if (facts.length > 0)
      options.run(() =>
        recordPodFacts(db, facts, at).catch((err: unknown) => {
          // written again when the pod changes or the cache lists anew
          for (const f of facts) written.delete(f.uid);
          console.error('memdash: the recorder could not store pods’ terminations:', err instanceof Error ? err.message : err);
        }),
      );
  };
  return cache.subscribe({
    onList: (items, at) => record(items, at),
    onEvent: (type, pod, at) => {
      if (type === 'DELETED') return void written.delete(pod.metadata.uid ?? '');
      record([pod], at);
    },
  });
}

const bytesOf = (q: string | undefined) => (q ? parseMemory(q) : null);

/** What the store keeps of one pod, or nothing for a pod without a uid or a name. */
export function factsOf(pod: CachedPod, jenkinsNamespace: string, seenAt: Date): PodFacts[] {
  const { uid, name, namespace, creationTimestamp } = pod.metadata;
  if (!uid || !name || !namespace) return [];
  const workload = workloadOf(pod as unknown as PodShape, { jenkinsNamespace })?.name ?? null;
  const init = new Set((pod.spec.initContainers ?? []).map((c) => c.name));
  const containers = [...(pod.spec.initContainers ?? []), ...pod.spec.containers].map((c) => {
    const limit = bytesOf(c.resources?.limits?.memory);
    // a missing request is the limit, as Kubernetes defaults it before admission
    return { name: c.name, request: bytesOf(c.resources?.requests?.memory) ?? limit, limit, ...(init.has(c.name) ? { init: true } : {}) };
  });
  const eviction = evictionOf(pod.status, seenAt.toISOString());
  return [
    {
      uid,
      namespace,
      pod: name,
      workload,
      createdAt: creationTimestamp ?? null,
      containers,
      terminations: terminationsOf(pod.status),
      eviction: eviction && { message: eviction.message, at: eviction.at ?? seenAt.toISOString() },
    },
  ];
}
