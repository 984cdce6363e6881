import 'server-only';
import type { V1Pod } from '@kubernetes/client-node';
import { classifyProbe, type ProbeAnswer } from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import type { ClusterFacts } from '@/lib/cluster/facts';
import { settings } from '@/lib/config';
import { AppError, clusterAnswerOf } from '@/lib/errors';

// The runbook's probe, `kubectl -n development run kyverno-probe --image=busybox --restart=Never --dry-run=server`:
// a pod create that goes through admission and is never stored. It uses the read credential, which may create pods
// in the probe namespace for exactly this.

// An admission webhook may take up to 30 s (its timeoutSeconds); the probe waits for the API server's verdict
// rather than giving up at the read timeout and blaming the API server.
const PROBE_TIMEOUT_MS = 35_000;

function probePod(facts: ClusterFacts): V1Pod {
  const { probePod: name, probeNamespace: namespace, probeImage: image } = facts;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels: { run: name } },
    spec: { restartPolicy: 'Never', containers: [{ name, image }] },
  };
}

/** Runs the dry run and classifies the answer; throws only when the API server could not be asked. */
async function runProbe(cluster: Cluster, now: () => Date = () => new Date()): Promise<ProbeAnswer> {
  const { probeNamespace: namespace, webhookEntry } = cluster.facts;
  const k = cluster.clients(PROBE_TIMEOUT_MS);
  try {
    await k.core.createNamespacedPod({ namespace, body: probePod(cluster.facts), dryRun: 'All' });
    return classifyProbe({ admitted: true }, webhookEntry, now());
  } catch (err) {
    const answer = clusterAnswerOf(err);
    if (!answer) throw err; // unreachable: the error mapper says so
    const message = answer.message ?? `HTTP ${answer.status}`;
    // RBAC refusing memdash itself is not a verdict on pod creation.
    if (answer.status === 403 && /cannot create resource "pods"/.test(message)) {
      throw new AppError('forbidden', `${message} (the probe needs: create pods in ${namespace}, for a server-side dry run)`);
    }
    return classifyProbe({ admitted: false, message }, webhookEntry, now());
  }
}

type Settled = { ok: true; answer: ProbeAnswer } | { ok: false; error: unknown };

export interface ProbeRequest {
  /**
   * Only a probe started after this request was made will do (the break-glass's, asked right after a step changed
   * what admission does): it waits for the run in flight and for the minimum interval rather than take an earlier
   * result, so it is never stale and still never a second probe at once or within the interval.
   */
  fresh?: boolean;
}

/**
 * `run` behind a limit: one call in flight at a time, whose result every request meanwhile shares, and none started
 * within `minIntervalMs` of the last start (those requests get the last result, with its own time, or wait for the
 * next one when they ask for a fresh one). Each probe is a pod create through admission, so a page left open in many
 * tabs, or a script, cannot flood the webhook.
 */
export function limitedProbe(run: () => Promise<ProbeAnswer>, minIntervalMs: () => number, clock: () => number = Date.now) {
  let inFlight: { startedAt: number; result: Promise<Settled> } | null = null;
  let last: { startedAt: number; result: Settled } | null = null;
  const start = (): Promise<Settled> => {
    const startedAt = clock();
    const result = run()
      .then(
        (answer): Settled => ({ ok: true, answer }),
        (error: unknown): Settled => ({ ok: false, error }),
      )
      .then((settled) => {
        last = { startedAt, result: settled };
        inFlight = null;
        return settled;
      });
    inFlight = { startedAt, result };
    return result;
  };
  const settle = async (fresh: boolean): Promise<Settled> => {
    const askedAt = clock();
    for (;;) {
      if (inFlight && (!fresh || inFlight.startedAt >= askedAt)) return inFlight.result;
      if (inFlight) {
        await inFlight.result;
        continue;
      }
      if (last && fresh && last.startedAt >= askedAt) return last.result;
      const wait = last ? minIntervalMs() - (clock() - last.startedAt) : 0;
      if (wait <= 0) return start();
      if (!fresh) return last!.result;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  return async ({ fresh = false }: ProbeRequest = {}): Promise<ProbeAnswer> => {
    const result = await settle(fresh);
    if (!result.ok) throw result.error;
    return result.answer;
  };
}

// One limiter per cluster: each cluster's webhook is its own, and a probe of one must not wait for, or hand its
// answer to, another's.
const limiters = new WeakMap<Cluster, ReturnType<typeof limitedProbe>>();

/**
 * The probe of `cluster` as routes run it (the webhook page's and the break-glass's alike): limited per cluster and
 * process by MEMDASH_PROBE_MIN_INTERVAL_MS. There is no other way to run it.
 */
export function probeNow(cluster: Cluster, request: ProbeRequest = {}): Promise<ProbeAnswer> {
  let limited = limiters.get(cluster);
  if (!limited) {
    limited = limitedProbe(
      () => runProbe(cluster).then((answer) => (lastAnswers.set(cluster, answer), answer)),
      () => settings().probeMinIntervalMs,
    );
    limiters.set(cluster, limited);
  }
  return limited(request);
}

// The last answer of each cluster's probe, whoever ran it: the fleet shows it and its age, and never runs a probe
// itself (each one goes through admission).
const lastAnswers = new WeakMap<Cluster, ProbeAnswer>();

/** The last answer this process's probe of `cluster` got, or null when it has not run since the server started. */
export const lastProbeAnswer = (cluster: Cluster): ProbeAnswer | null => lastAnswers.get(cluster) ?? null;
