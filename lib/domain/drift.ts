import type { VerdictCode } from './verdict-codes';

// Drift: a pod whose request is not what today's row gives it, so its next pod will differ. A pod the webhook never
// sends to Kyverno (its namespace or a label is skipped) keeps its own request by design, row or not: counting it
// would cry wolf on every list.

/** The verdicts of a pod the webhook never sent to Kyverno. */
const NEVER_SENT: ReadonlySet<VerdictCode> = new Set<VerdictCode>(['skipped-namespace', 'skipped-label']);

export interface DriftFacts {
  request: number | null;
  limit: number | null;
  row: number | null;
  verdict: VerdictCode;
}

/** A container whose request is not what today's row gives it (the row, or the limit when the row is above it). */
export function isDrifted(c: DriftFacts): boolean {
  if (NEVER_SENT.has(c.verdict) || c.row === null) return false;
  return c.request !== Math.min(c.row, c.limit ?? Infinity);
}

/** Whether the webhook sends a pod with these containers' verdicts to Kyverno at all. */
export function sentToKyverno(containers: ReadonlyArray<{ verdict: VerdictCode }>): boolean {
  return !containers.some((c) => NEVER_SENT.has(c.verdict));
}
