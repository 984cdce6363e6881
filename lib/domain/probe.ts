import type { Part } from './part';
import { outOfReach, unknownState, type WebhookState } from './webhook-state';

// The runbook's probe: a server-side dry run of a pod create. It goes through admission and creates nothing, so its
// answer is the most direct evidence of whether pod creation works right now.

export type ProbeOutcome = 'admitted' | 'unreachable' | 'denied' | 'refused';

export interface ProbeAnswer {
  outcome: ProbeOutcome;
  /** What it means, as the runbook explains it. */
  explanation: string;
  /** The API server's own words when it refused. */
  message: string | null;
  /** When memdash asked (RFC 3339). */
  at: string;
}

/** What the API server answered the dry run: admitted, or refused with its Status message. */
export type ProbeResponse = { admitted: true } | { admitted: false; message: string };

/** Classifies the dry run's answer by the API server's own wording for the pod webhook's entry. */
export function classifyProbe(response: ProbeResponse, entryName: string, at: Date): ProbeAnswer {
  const base = { at: at.toISOString() };
  if (response.admitted) {
    return {
      ...base,
      outcome: 'admitted',
      message: null,
      explanation: 'Admitted: pod creation works in the probe namespace (a dry run: nothing was created).',
    };
  }
  const { message } = response;
  if (message.includes(`failed calling webhook "${entryName}"`)) {
    return {
      ...base,
      outcome: 'unreachable',
      message,
      explanation: `Refused: the API server could not call Kyverno's webhook ${entryName}, and its failurePolicy Fail refuses the pod. No replica answers: restore pod creation with the break-glass.`,
    };
  }
  if (message.includes(`admission webhook "${entryName}" denied the request`)) {
    return {
      ...base,
      outcome: 'denied',
      message,
      explanation:
        'Denied: Kyverno answered with an error from the policy. The break-glass restores pod creation here too, but the fix is in the policy.',
    };
  }
  return { ...base, outcome: 'refused', message, explanation: "Refused, but not by Kyverno's pod webhook: read the API server's message." };
}

/** How long a probe answer stays evidence for the page's verdict. */
export const PROBE_FRESH_MS = 60_000;

export interface WebhookVerdict {
  /** The state shown on top: the computed one, unless a fresh probe proves pods are refused. */
  state: WebhookState;
  /** The state from the Deployment and the registration alone. */
  computed: WebhookState;
  probe: ProbeAnswer | null;
  /** Set when the probe and the computed state disagree: both are shown. */
  contradiction: string | null;
}

/** Why the probe's last run gave no answer (its route's error), when it is the last thing the probe did. */
export interface ProbeFailure {
  code: string;
  message: string;
}

/**
 * The computed state, weighed against a fresh probe answer (older ones are shown but not used). A probe whose last
 * run could not reach the API server (`failure`) makes the state unknown: the objects were read before, or from a
 * cache that still holds them, and say nothing of now.
 */
export function webhookVerdict(
  computed: WebhookState,
  probe: ProbeAnswer | null,
  now: Date,
  failure: ProbeFailure | null = null,
): WebhookVerdict {
  const fresh = probe && now.getTime() - new Date(probe.at).getTime() <= PROBE_FRESH_MS ? probe : null;
  const verdict = { state: computed, computed, probe, contradiction: null };
  if (failure && outOfReach(failure) && computed.code !== 'unknown')
    return { ...verdict, state: unknownState(`The probe could not run (${failure.message})`) };
  if (!fresh) return verdict;
  const answering = computed.code === 'healthy' || computed.code === 'degraded' || computed.code === 'orphaned';
  if (fresh.outcome === 'unreachable' && computed.code !== 'refusing') {
    const why = answering ? 'the replicas report Ready, but none answers the API server' : 'the registration appeared since it was read';
    return {
      ...verdict,
      contradiction: `The probe contradicts the objects: ${why}.`,
      state: {
        code: 'refusing',
        reason: 'the probe was refused because the API server cannot call the webhook: every pod create in a covered namespace is refused',
      },
    };
  }
  if (fresh.outcome === 'admitted' && computed.code === 'refusing') {
    return {
      ...verdict,
      contradiction:
        'The probe was admitted although no replica is ready: a replica answers, or the registration no longer covers the probe namespace.',
    };
  }
  if (fresh.outcome === 'denied') {
    return { ...verdict, contradiction: `The probe was denied by the policy: pods are refused although the state reads ${computed.code}.` };
  }
  return verdict;
}

/**
 * The verdict the header and the webhook page show, from the state as it was read: a state that could not be read is
 * unknown, never the last one shown; one the API server was out of reach for says so (the control-plane fallback).
 */
export function verdictOf(
  state: Part<WebhookState>,
  probe: ProbeAnswer | null,
  now: Date,
  failure: ProbeFailure | null = null,
): WebhookVerdict {
  if (state.ok) return webhookVerdict(state.value, probe, now, failure);
  const why = outOfReach(state.error)
    ? `memdash cannot reach the Kubernetes API server (${state.error.message})`
    : `The state cannot be read (${state.error.message})`;
  const unknown = unknownState(why);
  return { state: unknown, computed: unknown, probe, contradiction: null };
}
