// Debian's Prometheus on a data directory backfilled with promtool, so that the 28-day window ends near now.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { state } from './paths.ts';
import { isRunning, logFile, startDaemon, stopDaemon, waitFor } from './processes.ts';
import { writeOpenMetrics, type SeriesPlan } from './samples.ts';
import { fail, log } from './log.ts';
import { writeState, type ClusterState } from './state.ts';

const PROMETHEUS = '/usr/bin/prometheus';
const PROMTOOL = '/usr/bin/promtool';
/** Backfilling into the head's last hours is unsafe; the newest sample stays this far before now. */
export const BACKFILL_GAP_SECONDS = 2 * 3600;
/** A warm `up` keeps a backfill younger than this instead of rebuilding it. */
const REUSE_BACKFILL_MS = 6 * 3600 * 1000;

export const prometheusUrl = (current: ClusterState) => `http://127.0.0.1:${current.ports.prometheus}`;

export async function ensurePrometheus(current: ClusterState, plans: () => SeriesPlan[], force = false): Promise<void> {
  const fresh = current.backfilledAt && Date.now() - Date.parse(current.backfilledAt) < REUSE_BACKFILL_MS;
  if (isRunning(current.processes.prometheus) && fresh && !force) return log('prometheus already running with a fresh backfill');
  await stopDaemon(current, 'prometheus');
  await backfill(plans());
  current.backfilledAt = new Date().toISOString();
  writeState(current);
  startPrometheus(current);
  const ready = await waitFor(async () => (await fetch(`${prometheusUrl(current)}/-/ready`)).ok, 120_000, 500);
  if (!ready) fail(`prometheus did not become ready; see ${logFile('prometheus')}`);
}

async function backfill(plans: SeriesPlan[]): Promise<void> {
  const started = Date.now();
  const data = state('prometheus');
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data, { recursive: true });
  const input = state('samples.om');
  const samples = await writeOpenMetrics(input, plans);
  execFileSync(PROMTOOL, ['tsdb', 'create-blocks-from', 'openmetrics', '--max-block-duration=24h', input, data], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  rmSync(input);
  log(`backfilled ${plans.length} series, ${samples} samples in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function startPrometheus(current: ClusterState): void {
  const config = state('prometheus.yml');
  if (!existsSync(config)) writeFileSync(config, 'global:\n  scrape_interval: 1m\nscrape_configs: []\n');
  startDaemon(current, 'prometheus', PROMETHEUS, [
    `--config.file=${config}`,
    `--storage.tsdb.path=${state('prometheus')}`,
    // the default 15 d retention would delete most of the backfilled window
    '--storage.tsdb.retention.time=3650d',
    `--web.listen-address=127.0.0.1:${current.ports.prometheus}`,
  ]);
}
