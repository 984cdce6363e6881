import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { partOk, webhookVerdict, type Part, type ProbeOutcome, type WebhookStateCode } from '@/lib/domain';
import { podDrift } from '@/lib/domain/fleet';
import type { CronSpec } from '@/lib/domain/cron-schedule';
import { oomKillsByNamespace } from '@/lib/history/terminations';
import { readAdmissionVersion } from '@/lib/k8s/admission';
import { readiness } from '@/lib/k8s/health';
import { readGlobalContextEntry, readMutatingPolicy, type Condition } from '@/lib/k8s/policy-objects';
import { listPods } from '@/lib/k8s/pods';
import { lastProbeAnswer } from '@/lib/k8s/probe';
import { readTable } from '@/lib/k8s/table';
import { readOpenIncident } from './incidents';
import { attempt, attemptStore } from './part';
import { judgingAt, verdictsOf } from './pod-verdicts';
import { listedPod } from './pods';
import { readSnapshotSchedule } from './snapshot-schedule';
import type { RunOutcome } from './snapshot-schedule-types';
import { readWebhookState } from './webhook-health';

// One cluster's row as it is for everyone, read once and cut to each person afterwards (lib/views/fleet.ts): what
// depends on a namespace (drift, OOM kills) is kept per namespace, the table's figures whole. Every part is read on
// its own and lands in `got` as it comes, so a row that misses its deadline still shows the parts that came.

export interface ClusterRead {
  apiServer: Part<{ version: string }>;
  podCreation: Part<{ state: WebhookStateCode; reason: string; probe: { outcome: ProbeOutcome; at: string } | null }>;
  kyverno: Part<{ version: string | null; replicas: { desired: number; ready: number } | null }>;
  policy: Part<{ ready: boolean | null; tableLoaded: boolean | null }>;
  table: Part<{ exists: boolean; rows: number; lastWriteAt: string | null }>;
  schedule: Part<{ spec: CronSpec | null; lastRun: RunOutcome | null }>;
  /** Per namespace: the pods whose request differs from today's row, and the bytes that holds. */
  drift: Part<ReadonlyMap<string, { pods: number; bytes: number }>>;
  oomKills24h: Part<ReadonlyMap<string, number>>;
  openIncident: Part<{ id: string; kind: string } | null>;
}

export type ClusterReadProgress = { -readonly [K in keyof ClusterRead]?: ClusterRead[K] };

const DAY_MS = 86_400_000;

/** Every part of `cluster`'s row, each into `got` as it comes; resolves once all have. Never throws. */
export async function readClusterForAll(cluster: Cluster, now: Date, got: ClusterReadProgress = {}): Promise<ClusterRead> {
  const into = <K extends keyof ClusterRead>(key: K, read: Promise<ClusterRead[K]>) => read.then((value) => ((got[key] = value), value));
  const [apiServer, podCreation, kyverno, policy, table, schedule, drift, oomKills24h, openIncident] = await Promise.all([
    into(
      'apiServer',
      attempt(() => readiness(cluster)).then((p) => (p.ok ? partOk({ version: p.value.version }) : p)),
    ),
    into('podCreation', readPodCreation(cluster, now)),
    into(
      'kyverno',
      attempt(() => readKyverno(cluster)),
    ),
    into(
      'policy',
      attempt(() => readPolicy(cluster, now)),
    ),
    into(
      'table',
      attempt(() => readTableFigures(cluster)),
    ),
    into(
      'schedule',
      attempt(() => readSchedule(cluster, now)),
    ),
    into(
      'drift',
      attempt(() => readDrift(cluster, now)),
    ),
    into(
      'oomKills24h',
      attemptStore(async () => oomKillsByNamespace(await cluster.history(), new Date(now.getTime() - DAY_MS).toISOString())),
    ),
    into(
      'openIncident',
      attemptStore(async () => {
        const open = await readOpenIncident(cluster, now);
        return open && { id: open.id, kind: open.kind };
      }),
    ),
  ]);
  return { apiServer, podCreation, kyverno, policy, table, schedule, drift, oomKills24h, openIncident };
}

/** The header's state (readWebhookState), weighed against the last probe this server ran, as the header weighs it. */
async function readPodCreation(cluster: Cluster, now: Date): Promise<ClusterRead['podCreation']> {
  const state = await readWebhookState(cluster);
  if (!state.ok) return state;
  const probe = lastProbeAnswer(cluster);
  const verdict = webhookVerdict(state.value, probe, now);
  return partOk({
    state: verdict.state.code,
    reason: verdict.state.reason,
    probe: probe && { outcome: probe.outcome, at: probe.at },
  });
}

async function readKyverno(cluster: Cluster): Promise<{ version: string | null; replicas: { desired: number; ready: number } | null }> {
  const read = await readAdmissionVersion(cluster);
  if (!read) return { version: null, replicas: null };
  return { version: read.version.kyverno, replicas: { desired: read.replicas.desired, ready: read.replicas.ready } };
}

async function readPolicy(cluster: Cluster, now: Date): Promise<{ ready: boolean | null; tableLoaded: boolean | null }> {
  const [policy, entry] = await Promise.all([readMutatingPolicy(cluster), readGlobalContextEntry(cluster, now)]);
  return { ready: policy.exists ? policy.ready : false, tableLoaded: entry.exists ? readyOf(entry.conditions) : false };
}

/** The Ready condition's word: true, false, or null while Kyverno has said nothing yet. */
function readyOf(conditions: readonly Condition[]): boolean | null {
  const ready = conditions.find((c) => c.type === 'Ready');
  return ready ? ready.status === 'True' : null;
}

async function readTableFigures(cluster: Cluster): Promise<{ exists: boolean; rows: number; lastWriteAt: string | null }> {
  const table = await readTable(cluster);
  return { exists: table.exists, rows: table.parsed.count, lastWriteAt: table.lastWriteAt };
}

async function readSchedule(cluster: Cluster, now: Date): Promise<{ spec: CronSpec | null; lastRun: RunOutcome | null }> {
  const view = await readSnapshotSchedule(cluster, now);
  return { spec: view.spec, lastRun: view.lastScheduled?.outcome ?? view.lastRun?.outcome ?? null };
}

/**
 * Drift per namespace: the pods judged as the lists judge them (verdictsOf, kept per pod while nothing changed), each
 * counted when a container is drifted (lib/domain/fleet.ts podDrift). A pod that has ended holds no memory: left out.
 */
async function readDrift(cluster: Cluster, now: Date): Promise<Map<string, { pods: number; bytes: number }>> {
  const [pods, judging] = await Promise.all([listPods(cluster), judgingAt(cluster, now)]);
  const running = pods.flatMap((raw) => {
    const listed = listedPod(raw, judging.jenkinsNamespace);
    return listed && listed.summary.phase !== 'Succeeded' && listed.summary.phase !== 'Failed' ? [listed] : [];
  });
  const verdicts = await verdictsOf(
    running.map((l) => l.pod),
    judging,
  );
  const byNamespace = new Map<string, { pods: number; bytes: number }>();
  running.forEach(({ summary }, i) => {
    const drift = podDrift(verdicts[i]!);
    if (!drift.drifted) return;
    const sum = byNamespace.get(summary.namespace) ?? { pods: 0, bytes: 0 };
    byNamespace.set(summary.namespace, { pods: sum.pods + 1, bytes: sum.bytes + drift.bytes });
  });
  return byNamespace;
}
