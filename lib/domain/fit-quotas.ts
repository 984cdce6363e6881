import { formatMemory, parseMemory } from './quantity';
import type { SizedPod } from './fit-nodes';
import type { FitQuota, QuotaFit, QuotaRefusal } from './fit-types';

// A ResourceQuota on requests.memory counts the requests of the namespace's pods that have not ended. The quota
// admission runs after Kyverno, so it sees the raised request: a next pod created beside today's pods (a scale-up, a
// rolling update's surge) is refused when today's use plus its request is above the hard limit. Scopes and
// scopeSelectors are not honoured: every pod of the namespace counts.

const DECIMAL_UNIT = /^[0-9.]+(?:[kMGTPE]|[eE][+-]?[0-9]+)?$/;
const BINARY_UNIT = /(?:Ki|Mi|Gi|Ti|Pi|Ei)$/;

export function quotaFits(quotas: FitQuota[], pods: SizedPod[], notes: string[]): QuotaFit[] {
  const byNamespace = new Map<string, SizedPod[]>();
  for (const p of pods) {
    const list = byNamespace.get(p.namespace);
    if (list) list.push(p);
    else byNamespace.set(p.namespace, [p]);
  }
  return quotas.map((q) => quotaFit(q, byNamespace.get(q.namespace) ?? [], notes));
}

function quotaFit(q: FitQuota, pods: SizedPod[], notes: string[]): QuotaFit {
  const hard = parseMemory(q.hard);
  const name = `${q.namespace}/${q.name}`;
  if (hard === null) notes.push(`ResourceQuota ${name}'s requests.memory "${q.hard}" is no quantity: its refusals cannot be told.`);
  else if (!BINARY_UNIT.test(q.hard) && DECIMAL_UNIT.test(q.hard))
    notes.push(
      `ResourceQuota ${name}'s requests.memory is written in decimal units: ${q.hard} is ${formatMemory(hard)} (1G is 954Mi, not 1Gi).`,
    );
  const now = pods.reduce((s, p) => s + p.now, 0);
  const next = pods.reduce((s, p) => s + p.next, 0);
  return {
    namespace: q.namespace,
    name: q.name,
    hardText: q.hard,
    hard,
    usedText: q.used,
    now,
    next,
    overNext: hard !== null && next > hard,
    refused: hard === null ? [] : refusals(pods, now, hard),
  };
}

/** Each workload whose next pod, created beside today's pods, the quota refuses: its largest next request counts. */
function refusals(pods: SizedPod[], used: number, hard: number): QuotaRefusal[] {
  const byWorkload = new Map<string, QuotaRefusal>();
  for (const p of pods) {
    if (!p.workload) continue;
    const kept = byWorkload.get(p.workload);
    if (kept && kept.next >= p.next) continue;
    byWorkload.set(p.workload, { namespace: p.namespace, workload: p.workload, now: p.now, next: p.next, raised: false });
  }
  return [...byWorkload.values()]
    .filter((r) => used + r.next > hard)
    .map((r) => ({ ...r, raised: used + r.now <= hard }))
    .sort((a, b) => Number(b.raised) - Number(a.raised) || b.next - a.next);
}
