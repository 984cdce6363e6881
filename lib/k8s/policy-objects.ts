import 'server-only';
import { z } from 'zod';
import { entryEventsOf, type EntryEvent } from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import { readOrNull } from './client';
import { globalContextEntryEventSelector } from './caches';
import { readEvents } from './events';

// Whether Kyverno has loaded the policy and its table: the runbook's `get mutatingpolicies … memory-requests`
// (READY) and `describe globalcontextentries … memory-requests` (conditions, events on a failed load).
// Kyverno v1.19 serves MutatingPolicy as policies.kyverno.io/v1 and GlobalContextEntry as kyverno.io/v2.
const MUTATING_POLICY = { group: 'policies.kyverno.io', version: 'v1', plural: 'mutatingpolicies' };
const GLOBAL_CONTEXT_ENTRY = { group: 'kyverno.io', version: 'v2', plural: 'globalcontextentries' };

const condition = z.object({
  type: z.string(),
  status: z.string(),
  reason: z.string().optional(),
  message: z.string().optional(),
  lastTransitionTime: z.string().optional(),
});
export type Condition = z.infer<typeof condition>;

const mutatingPolicy = z.object({
  status: z
    .object({ conditionStatus: z.object({ ready: z.boolean().optional(), conditions: z.array(condition).optional() }).optional() })
    .optional(),
});
const globalContextEntry = z.object({
  status: z.object({ conditions: z.array(condition).optional(), lastRefreshTime: z.string().optional() }).optional(),
});

export interface MutatingPolicyRead {
  name: string;
  exists: boolean;
  ready: boolean | null;
  conditions: Condition[];
}

export interface GlobalContextEntryRead {
  name: string;
  exists: boolean;
  conditions: Condition[];
  lastRefreshTime: string | null;
  /** Kyverno's own events about it (lib/domain/event-evidence.ts), newest first. */
  events: EntryEvent[];
}

export async function readMutatingPolicy(cluster: Cluster): Promise<MutatingPolicyRead> {
  const name = cluster.facts.mutatingPolicy;
  const raw = await readOrNull(() => cluster.clients().custom.getClusterCustomObject({ ...MUTATING_POLICY, name }));
  if (raw === null) return { name, exists: false, ready: null, conditions: [] };
  const status = mutatingPolicy.parse(raw).status?.conditionStatus;
  return { name, exists: true, ready: status?.ready ?? null, conditions: status?.conditions ?? [] };
}

export async function readGlobalContextEntry(cluster: Cluster, now = new Date()): Promise<GlobalContextEntryRead> {
  const name = cluster.facts.globalContextEntry;
  const k = cluster.clients();
  const [raw, events] = await Promise.all([
    readOrNull(() => k.custom.getClusterCustomObject({ ...GLOBAL_CONTEXT_ENTRY, name })),
    // Events about a cluster-scoped object land in `default`: every namespace is read, default's kept (entryEventsOf).
    readEvents(k, cluster.caches().globalContextEntryEvents, globalContextEntryEventSelector(name)),
  ]);
  // Events about an entry that is not there are nobody's evidence about it.
  if (raw === null) return { name, exists: false, conditions: [], lastRefreshTime: null, events: [] };
  const status = globalContextEntry.parse(raw).status;
  return {
    name,
    exists: true,
    conditions: status?.conditions ?? [],
    lastRefreshTime: status?.lastRefreshTime ?? null,
    events: entryEventsOf(events, name, now),
  };
}
