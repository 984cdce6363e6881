import { VERDICT_WORDS, type VerdictCode } from '@/lib/domain';

// Green: Kyverno did its job. Amber: it did, with a twist the operator should know. Grey: Kyverno never acted, by
// design. Red: Kyverno should have acted and did not.
const TONE: Record<VerdictCode, string> = {
  set: 'bg-green-100 text-green-900 border-green-300',
  capped: 'bg-amber-100 text-amber-900 border-amber-300',
  stale: 'bg-amber-100 text-amber-900 border-amber-300',
  'no-row': 'bg-zinc-100 text-zinc-800 border-zinc-300',
  'no-workload': 'bg-zinc-100 text-zinc-800 border-zinc-300',
  'skipped-namespace': 'bg-zinc-100 text-zinc-800 border-zinc-300',
  'skipped-label': 'bg-zinc-100 text-zinc-800 border-zinc-300',
  'no-table': 'bg-red-100 text-red-900 border-red-300',
  'registration-absent': 'bg-red-100 text-red-900 border-red-300',
  unexplained: 'bg-red-100 text-red-900 border-red-300',
};

/** A verdict in words, its code alongside so it can be matched with the API's answer. */
export function Verdict({ code }: { code: VerdictCode }) {
  return (
    <span className={`inline-block rounded border px-1.5 py-0.5 ${TONE[code]}`} data-verdict={code}>
      {VERDICT_WORDS[code]} <code className="text-xs opacity-70">{code}</code>
    </span>
  );
}
