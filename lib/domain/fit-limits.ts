import { formatMemory, parseMemory } from './quantity';
import { podRequest, requestNext, requestNow } from './fit-pods';
import type { FitContainer, FitLimit, FitPod, LimitBreach, LimitBreachKind } from './fit-types';

// A LimitRange is checked by the API server after Kyverno: a next request below a container's min, above its max, or
// too small for maxLimitRequestRatio, is refused at creation. Only what the next table changes is listed: today's
// pods passed the same check.

/** A ratio as a LimitRange writes it: 4, 1.5, 2500m. */
export function parseRatio(text: string): number | null {
  const m = /^([0-9]+(?:\.[0-9]+)?)(m?)$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) / (m[2] ? 1000 : 1);
}

export function limitBreaches(limits: FitLimit[], pods: FitPod[], next: Record<string, string>): LimitBreach[] {
  const byNamespace = new Map<string, FitLimit[]>();
  for (const l of limits) byNamespace.set(l.namespace, [...(byNamespace.get(l.namespace) ?? []), l]);
  const seen = new Set<string>();
  const breaches: LimitBreach[] = [];
  for (const pod of pods) {
    const items = byNamespace.get(pod.namespace);
    if (!items || !pod.workload || seen.has(`${pod.namespace}/${pod.workload}`)) continue;
    seen.add(`${pod.namespace}/${pod.workload}`);
    for (const item of items) breaches.push(...breachesOf(item, pod, next));
  }
  return breaches;
}

function breachesOf(item: FitLimit, pod: FitPod, next: Record<string, string>): LimitBreach[] {
  const sizeNext = requestNext(pod, next);
  if (item.type === 'Pod') {
    const now = podRequest(pod.containers, requestNow);
    const after = podRequest(pod.containers, sizeNext);
    return now === after ? [] : bounds(item, pod, 'pod', after, null);
  }
  if (item.type !== 'Container') return [];
  return pod.containers.flatMap((c: FitContainer) => {
    const after = sizeNext(c);
    return after === requestNow(c) ? [] : bounds(item, pod, c.name, after, c.limit);
  });
}

function bounds(item: FitLimit, pod: FitPod, container: string, request: number, limit: number | null): LimitBreach[] {
  const found: LimitBreach[] = [];
  const add = (kind: LimitBreachKind, value: number, bound: string, words: string) =>
    found.push({ namespace: pod.namespace, limitRange: item.limitRange, workload: pod.workload!, container, kind, value, bound, words });
  const max = item.max === null ? null : parseMemory(item.max);
  const min = item.min === null ? null : parseMemory(item.min);
  const ratio = item.maxLimitRequestRatio === null ? null : parseRatio(item.maxLimitRequestRatio);
  const size = formatMemory(request);
  if (max !== null && request > max) add('max', request, item.max!, `its next request ${size} is above the max ${item.max}`);
  if (min !== null && request < min) add('min', request, item.min!, `its next request ${size} is below the min ${item.min}`);
  if (ratio !== null && limit !== null && request > 0 && limit / request > ratio)
    add(
      'ratio',
      request,
      item.maxLimitRequestRatio!,
      `its limit ${formatMemory(limit)} over its next request ${size} is above the ratio ${item.maxLimitRequestRatio}`,
    );
  return found;
}
