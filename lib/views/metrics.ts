import 'server-only';
import { collectDefaultMetrics, Gauge, register } from 'prom-client';
import { WEBHOOK_STATE_WORDS, type WebhookStateCode } from '@/lib/domain';
import { cacheStatusesOf } from '@/lib/k8s/caches';
import type { Cluster } from '@/lib/cluster/cluster';
import { listRunJobs, runOf } from '@/lib/k8s/snapshot-runs';
import { readTable } from '@/lib/k8s/table';
import { incidentsForMetrics } from './incidents';
import { attempt } from './part';
import { readWebhookState } from './webhook-health';

// GET /metrics: memdash's own counters (lib/metrics) and, read at each scrape, what an operator would otherwise
// watch the pages for: the webhook's state, the snapshot's last run, the table's last write. A read that fails
// leaves its gauges empty (and is counted as a cluster error), never the scrape.

// 'unknown' is among the codes: the state not readable
const STATES = Object.keys(WEBHOOK_STATE_WORDS) as WebhookStateCode[];
const OUTCOMES = ['succeeded', 'failed', 'running'] as const;

// every gauge is a cluster's: one scrape of one memdash says each cluster it reads
function gauge(name: string, help: string, labelNames: string[] = []): Gauge {
  return (register.getSingleMetric(name) as Gauge | undefined) ?? new Gauge({ name, help, labelNames: ['cluster', ...labelNames] });
}

const webhookState = gauge(
  'memdash_webhook_state',
  'The pod webhook’s state as /webhook shows it on top: 1 for the current state, 0 for the others (unknown: not readable)',
  ['state'],
);
const lastRun = gauge('memdash_snapshot_last_run', 'The newest snapshot run’s outcome: 1 for its outcome, 0 for the others', ['outcome']);
const lastRunStart = gauge('memdash_snapshot_last_run_start_timestamp_seconds', 'When the newest snapshot run started');
const tableWrite = gauge(
  'memdash_table_last_write_timestamp_seconds',
  'When the table’s data was last written (from its managedFields); absent when the cluster does not say',
);
const tableRows = gauge('memdash_table_rows', 'Rows in the table now (0: no data)');
const incidentOpen = gauge('memdash_incident_open', 'Whether a break-glass or a drill is open (1) or not (0), by kind', ['kind']);
const timeToRestore = gauge(
  'memdash_incident_time_to_restore_seconds',
  'The newest incident of each kind: from its first sign to the probe admitted with the registration gone (pod creation restored)',
  ['kind'],
);
const timeToBringBack = gauge(
  'memdash_incident_time_to_bring_back_seconds',
  'The newest incident of each kind: from its first sign to the probe admitted through Kyverno’s registration again',
  ['kind'],
);
const cachedObjects = gauge('memdash_cache_objects', 'Objects each watch-fed cache holds (what the server’s memory grows with)', ['cache']);
const cacheRepairs = gauge(
  'memdash_cache_repairs',
  'Relists since the server started because a check found a cache differing from a fresh list: changes its watch never delivered',
  ['cache'],
);

// The process's own figures (resident memory, heap, event-loop lag, garbage collection), once per process: what an
// operator sizes the pod's memory limit by, beside the objects the caches hold.
if (!register.getSingleMetric('process_resident_memory_bytes')) collectDefaultMetrics();

const READ_GAUGES = [webhookState, lastRun, lastRunStart, tableWrite, tableRows, incidentOpen, timeToRestore, timeToBringBack];

/**
 * Reads every cluster's state into the gauges, each under its `cluster` label, every cluster at once (one that does
 * not answer leaves its own gauges empty or unknown, never the others'), then gives the whole exposition text.
 */
export async function readMetrics(every: readonly Cluster[]): Promise<{ contentType: string; text: string }> {
  const read = await Promise.all(every.map((cluster) => readCluster(cluster)));
  for (const g of [...READ_GAUGES, cachedObjects, cacheRepairs]) g.reset();
  for (const set of read) set();
  for (const cluster of every)
    for (const c of cacheStatusesOf(cluster)) {
      cachedObjects.set({ cluster: cluster.name, cache: c.name }, c.objects);
      cacheRepairs.set({ cluster: cluster.name, cache: c.name }, c.repairs);
    }
  return { contentType: register.contentType, text: await register.metrics() };
}

/** A cluster's reads, and what sets its gauges from them: set together, so no scrape sees one cluster half-read. */
async function readCluster(cluster: Cluster): Promise<() => void> {
  const sets = await Promise.all([readState(cluster), readLastRun(cluster), readTableGauges(cluster), readIncidentGauges(cluster)]);
  return () => sets.forEach((set) => set());
}

async function readState(cluster: Cluster): Promise<() => void> {
  const state = await readWebhookState(cluster);
  const current = state.ok ? state.value.code : 'unknown';
  return () => STATES.forEach((s) => webhookState.set({ cluster: cluster.name, state: s }, s === current ? 1 : 0));
}

async function readLastRun(cluster: Cluster): Promise<() => void> {
  const jobs = await attempt(() => listRunJobs(cluster));
  const newest = jobs.ok ? jobs.value[0] : undefined;
  if (!newest) return () => {};
  const run = runOf(newest);
  return () => {
    for (const o of OUTCOMES) lastRun.set({ cluster: cluster.name, outcome: o }, o === run.outcome ? 1 : 0);
    if (run.startedAt) lastRunStart.set({ cluster: cluster.name }, Date.parse(run.startedAt) / 1000);
  };
}

async function readTableGauges(cluster: Cluster): Promise<() => void> {
  const table = await attempt(() => readTable(cluster));
  if (!table.ok) return () => {};
  const { parsed, lastWriteAt } = table.value;
  return () => {
    tableRows.set({ cluster: cluster.name }, parsed.count);
    if (lastWriteAt) tableWrite.set({ cluster: cluster.name }, Date.parse(lastWriteAt) / 1000);
  };
}

/** Per kind, never per person: the newest incident's durations, and whether one is open. */
async function readIncidentGauges(cluster: Cluster): Promise<() => void> {
  const incidents = await attempt(() => incidentsForMetrics(cluster));
  if (!incidents.ok) return () => {};
  const labels = (kind: string) => ({ cluster: cluster.name, kind });
  return () => {
    for (const kind of ['break-glass', 'drill'] as const) {
      const of = incidents.value.filter((i) => i.kind === kind);
      incidentOpen.set(labels(kind), of.some((i) => i.open) ? 1 : 0);
      const restored = of.findLast((i) => i.timeToRestoreMs !== null);
      if (restored) timeToRestore.set(labels(kind), restored.timeToRestoreMs! / 1000);
      const back = of.findLast((i) => i.timeToBringBackMs !== null);
      if (back) timeToBringBack.set(labels(kind), back.timeToBringBackMs! / 1000);
    }
  };
}
