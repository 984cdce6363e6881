import type { Part, ProbeFailure } from '@/lib/domain';
import { AppError } from '@/lib/errors';

// What the header and the webhook page weigh besides the answers themselves: that the last read or the last probe
// failed. React Query keeps the last answer when a refresh fails; shown alone, it would say green on a cluster that
// no longer answers.

interface Attempted {
  error: Error | null;
  errorUpdatedAt: number;
  dataUpdatedAt: number;
}

/** The error of a fetch as the domain weighs it; a fetch that never reached memdash is out of reach too. */
function failureOf(error: Error): { code: string; message: string } {
  return error instanceof AppError ? { code: error.code, message: error.message } : { code: 'unreachable', message: error.message };
}

/** The probe's failure when its last run failed (after its last answer, if any); null otherwise. */
export function lastProbeFailure(probe: Attempted): ProbeFailure | null {
  if (!probe.error || probe.errorUpdatedAt < probe.dataUpdatedAt) return null;
  return failureOf(probe.error);
}

/** The state as the last read gave it: its part, or the read's own failure when that came after its last answer. */
export function lastState<S>(read: Attempted & { data?: { state: Part<S> } }): Part<S> | null {
  if (read.error && read.errorUpdatedAt >= read.dataUpdatedAt) {
    const { code, message } = failureOf(read.error);
    return { ok: false, error: { code: code as never, message } };
  }
  return read.data?.state ?? null;
}
