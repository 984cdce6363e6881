import 'server-only';
import type { V1Pod } from '@kubernetes/client-node';
import { classifyProbe, type ProbeAnswer } from '@/lib/domain';
import { settings } from '@/lib/config';
import { AppError, clusterAnswerOf } from '@/lib/http/errors';
import { readClients } from './client';

// The runbook's probe, `kubectl -n development run kyverno-probe --image=busybox --restart=Never --dry-run=server`:
// a pod create that goes through admission and is never stored. It uses the read credential, which may create pods
// in the probe namespace for exactly this.

// An admission webhook may take up to 30 s (its timeoutSeconds); the probe waits for the API server's verdict
// rather than giving up at the read timeout and blaming the API server.
const PROBE_TIMEOUT_MS = 35_000;

function probePod(): V1Pod {
  const { probePod: name, probeNamespace: namespace, probeImage: image } = settings();
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels: { run: name } },
    spec: { restartPolicy: 'Never', containers: [{ name, image }] },
  };
}

/** Runs the dry run and classifies the answer; throws only when the API server could not be asked. */
export async function runProbe(now: () => Date = () => new Date()): Promise<ProbeAnswer> {
  const { probeNamespace: namespace, webhookEntry } = settings();
  const k = readClients(PROBE_TIMEOUT_MS);
  try {
    await k.core.createNamespacedPod({ namespace, body: probePod(), dryRun: 'All' });
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

/**
 * `run` behind a limit: one call in flight at a time, whose result every request meanwhile shares, and none started
 * within `minIntervalMs` of the last start (those requests get the last result, with its own time). Each probe is a
 * pod create through admission, so a page left open in many tabs, or a script, cannot flood the webhook.
 */
export function limitedProbe(run: () => Promise<ProbeAnswer>, minIntervalMs: () => number, clock: () => number = Date.now) {
  let inFlight: Promise<Settled> | null = null;
  let last: { startedAt: number; result: Settled } | null = null;
  const settle = (): Promise<Settled> => {
    if (inFlight) return inFlight;
    if (last && clock() - last.startedAt < minIntervalMs()) return Promise.resolve(last.result);
    const startedAt = clock();
    inFlight = run()
      .then(
        (answer): Settled => ({ ok: true, answer }),
        (error: unknown): Settled => ({ ok: false, error }),
      )
      .then((result) => {
        last = { startedAt, result };
        inFlight = null;
        return result;
      });
    return inFlight;
  };
  return async (): Promise<ProbeAnswer> => {
    const result = await settle();
    if (!result.ok) throw result.error;
    return result.answer;
  };
}

/** The probe as routes run it: limited per process by MEMDASH_PROBE_MIN_INTERVAL_MS. */
export const probeNow = limitedProbe(
  () => runProbe(),
  () => settings().probeMinIntervalMs,
);
