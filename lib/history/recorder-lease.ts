import 'server-only';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { KubeConfig } from '@kubernetes/client-node';
import { leaseStep, renewDeadlineMs } from '@/lib/domain';
import { toAppError } from '@/lib/errors';
import { createLease, readLease, writeLease, type LeaseRef } from '@/lib/k8s/lease';
import { recorderLeader } from '@/lib/metrics/metrics';
import { forgetWatches } from '@/lib/metrics/recorder';
import type { Recorder } from './recorder';

// Of several replicas on one store, only the Lease's holder records; the others serve, and take over when the holder
// stops renewing (killed, or cut off) for the lease's duration. A holder that cannot renew stops recording before
// that, so two never record at once. What the new holder records resumes from the watch cursors in the shared
// store, so the events of the handover are replayed, and each insert's own check stores each state once.

export interface LeaseElection {
  /** This replica's name in the Lease: host name (the pod's), process and a random part. */
  identity: string;
  stop(): void;
}

export function recordWhileLeading(kc: KubeConfig, ref: LeaseRef, durationSeconds: number, start: () => Recorder): LeaseElection {
  const identity = `${hostname()}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const retryMs = Math.max(500, Math.floor((durationSeconds * 1000) / 5));
  let stopped = false;
  let recorder: Recorder | null = null;
  let lastRenewed = 0;
  let seen = { key: '', at: Date.now() };

  const lead = (leading: boolean) => {
    if (leading && !recorder) {
      recorder = start();
      console.log(`memdash: ${identity} holds the Lease ${ref.namespace}/${ref.name} and records`);
    } else if (!leading && recorder) {
      recorder.stop();
      recorder = null;
      forgetWatches();
      console.log(`memdash: ${identity} no longer holds the Lease ${ref.namespace}/${ref.name}; it only serves`);
    }
    recorderLeader.set({ cluster: ref.cluster ?? '' }, leading ? 1 : 0);
  };

  const round = async () => {
    const read = await readLease(kc, ref);
    const key = read ? `${read.facts.holder}|${read.facts.renewedAt}` : '';
    if (key !== seen.key) seen = { key, at: Date.now() };
    const step = leaseStep(read?.facts ?? null, identity, seen.at, Date.now(), durationSeconds);
    if (step.do === 'follow') return false;
    if (step.do === 'create') await createLease(kc, ref, identity, durationSeconds);
    else await writeLease(kc, ref, read!.object, identity, durationSeconds);
    lastRenewed = Date.now();
    return true;
  };

  const loop = async () => {
    recorderLeader.set({ cluster: ref.cluster ?? '' }, 0);
    while (!stopped) {
      try {
        lead(await round());
      } catch (err) {
        // a 409 (another replica wrote first) or an unreachable API server: keep recording only within the deadline
        if (recorder && Date.now() - lastRenewed > renewDeadlineMs(durationSeconds)) lead(false);
        if (toAppError(err).code !== 'conflict') console.warn(`memdash: the recorder's Lease: ${toAppError(err).message}`);
      }
      await new Promise((r) => setTimeout(r, retryMs).unref());
    }
    lead(false);
  };
  void loop();
  return {
    identity,
    stop: () => {
      stopped = true;
    },
  };
}
