import 'server-only';
import { z } from 'zod';
import type { Cluster } from '@/lib/cluster/cluster';
import type { FitLimit, FitNode, FitQuota } from '@/lib/domain';

// What the next table's fit reads besides the pods: nodes' allocatable memory, taints and labels; ResourceQuotas on
// requests.memory; LimitRanges' memory bounds. A few objects each, read directly on each ask. An object without the
// fields relied on is left out rather than failing the panel: a node without allocatable memory stays, with null.

const text = z.string().or(z.number().transform(String));
const named = z.object({ name: z.string(), namespace: z.string().optional() });

const nodeFields = z.object({
  metadata: z.object({ name: z.string(), labels: z.record(z.string(), z.string()).optional() }),
  spec: z
    .object({
      unschedulable: z.boolean().optional(),
      taints: z.array(z.object({ key: z.string(), value: z.string().optional(), effect: z.string() })).optional(),
    })
    .optional(),
  status: z.object({ allocatable: z.record(z.string(), text).optional() }).optional(),
});

export async function listFitNodes(cluster: Cluster): Promise<FitNode[]> {
  const list = await cluster.clients().core.listNode();
  return list.items.flatMap((raw) => {
    const node = nodeFields.safeParse(raw);
    if (!node.success) return [];
    const { metadata, spec, status } = node.data;
    return [
      {
        name: metadata.name,
        allocatable: status?.allocatable?.['memory'] ?? null,
        labels: metadata.labels ?? {},
        taints: spec?.taints ?? [],
        unschedulable: spec?.unschedulable ?? false,
      },
    ];
  });
}

const quotaFields = z.object({
  metadata: named.extend({ namespace: z.string() }),
  spec: z.object({ hard: z.record(z.string(), text).optional() }).optional(),
  status: z.object({ used: z.record(z.string(), text).optional() }).optional(),
});

/** `memory` in a quota's hard is requests.memory by another name. */
const REQUESTS_MEMORY = ['requests.memory', 'memory'];

export async function listFitQuotas(cluster: Cluster): Promise<FitQuota[]> {
  const list = await cluster.clients().core.listResourceQuotaForAllNamespaces();
  return list.items.flatMap((raw) => {
    const quota = quotaFields.safeParse(raw);
    if (!quota.success) return [];
    const { metadata, spec, status } = quota.data;
    const key = REQUESTS_MEMORY.find((k) => spec?.hard?.[k] !== undefined);
    if (!key) return [];
    return [{ namespace: metadata.namespace, name: metadata.name, hard: spec!.hard![key]!, used: status?.used?.[key] ?? null }];
  });
}

const memoryOf = z.record(z.string(), text).optional();
const limitRangeFields = z.object({
  metadata: named.extend({ namespace: z.string() }),
  spec: z.object({
    limits: z.array(z.object({ type: z.string(), max: memoryOf, min: memoryOf, maxLimitRequestRatio: memoryOf })),
  }),
});

export async function listFitLimits(cluster: Cluster): Promise<FitLimit[]> {
  const list = await cluster.clients().core.listLimitRangeForAllNamespaces();
  return list.items.flatMap((raw) => {
    const range = limitRangeFields.safeParse(raw);
    if (!range.success) return [];
    const { metadata, spec } = range.data;
    return spec.limits
      .map((l) => ({
        namespace: metadata.namespace,
        limitRange: metadata.name,
        type: l.type,
        max: l.max?.['memory'] ?? null,
        min: l.min?.['memory'] ?? null,
        maxLimitRequestRatio: l.maxLimitRequestRatio?.['memory'] ?? null,
      }))
      .filter((l) => l.max !== null || l.min !== null || l.maxLimitRequestRatio !== null);
  });
}
