import type { VerdictCode, WebhookStateCode } from '@/lib/domain';

// The one tone map. Green: Kyverno did its job. Amber: it did, with a twist the operator should know (or a risk
// stands). Grey: Kyverno never acted, by design. Red: Kyverno should have acted and did not; pod creation is refused.
export type Tone = 'good' | 'warn' | 'bad' | 'plain';

/** A small label's colours (a Tag, a verdict). */
export const TAG_TONE: Record<Tone, string> = {
  good: 'bg-green-100 text-green-900 border-green-300',
  warn: 'bg-amber-100 text-amber-900 border-amber-300',
  bad: 'bg-red-100 text-red-900 border-red-300',
  plain: 'bg-zinc-100 text-zinc-800 border-zinc-300',
};

/** A whole box's colours (the webhook's state banner). */
export const BOX_TONE: Record<Tone, string> = {
  good: 'border-green-300 bg-green-50 text-green-900',
  warn: 'border-amber-300 bg-amber-50 text-amber-900',
  bad: 'border-red-400 bg-red-100 text-red-900',
  plain: 'border-zinc-300 bg-zinc-50 text-zinc-800',
};

/** A text's colour alone (a delta, a message). */
export const TEXT_TONE: Record<Tone, string> = {
  good: 'text-green-800',
  warn: 'text-amber-800',
  bad: 'text-red-800',
  plain: '',
};

export const VERDICT_TONE: Record<VerdictCode, Tone> = {
  set: 'good',
  capped: 'warn',
  stale: 'warn',
  'no-row': 'plain',
  'no-workload': 'plain',
  'skipped-namespace': 'plain',
  'skipped-label': 'plain',
  'no-table': 'bad',
  'registration-absent': 'bad',
  unexplained: 'bad',
};

export const WEBHOOK_STATE_TONE: Record<WebhookStateCode, Tone> = {
  healthy: 'good',
  degraded: 'warn',
  refusing: 'bad',
  'break-glass': 'warn',
  starting: 'warn',
  orphaned: 'warn',
  unknown: 'warn',
};
