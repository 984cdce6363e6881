// Debian's Prometheus on a data directory backfilled with promtool, so that the 28-day window ends near now.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { state, stateDir } from './paths.ts';
import { bulkBackfill } from './block-backfill.ts';
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

/** Where a test drops a file_sd target file (`[{"targets": ["127.0.0.1:PORT"]}]`) for Prometheus to scrape memdash. */
export const scrapeTargetsDir = () => state('prometheus-targets');

// No scrape of its own but memdash's /metrics, at a test's pace, for the targets a test lists (none by default).
const CONFIG = `global:
  scrape_interval: 1m
scrape_configs:
  - job_name: memdash
    scrape_interval: 2s
    scrape_timeout: 2s
    file_sd_configs:
      - files: ['TARGETS/*.json']
        refresh_interval: 2s
`;

/**
 * `plans(end)`: the series to backfill, ending at `end` (unix seconds). `bulk` (the scaled cluster's): written as one
 * TSDB block by our block writer and cached, rather than through promtool's text.
 */
export async function ensurePrometheus(
  current: ClusterState,
  plans: (end: number) => SeriesPlan[],
  force = false,
  bulk = false,
): Promise<void> {
  const fresh = current.backfilledAt && Date.now() - Date.parse(current.backfilledAt) < REUSE_BACKFILL_MS;
  const changed = writeConfig();
  if (isRunning(current.processes.prometheus) && fresh && !force) {
    if (changed) process.kill(current.processes.prometheus!.pid, 'SIGHUP'); // Prometheus reloads its config on HUP
    return log(`prometheus already running with a fresh backfill${changed ? '; reloaded its new config' : ''}`);
  }
  await stopDaemon(current, 'prometheus');
  const now = Math.floor(Date.now() / 1000) - BACKFILL_GAP_SECONDS;
  const end = bulk ? await bulkBackfill(state('prometheus'), stateDir, plans, now) : (await backfill(plans(now)), now);
  current.backfilledAt = new Date().toISOString();
  current.backfillEnd = end; // what a test's independent computation of the samples starts from
  writeState(current);
  await startPrometheus(current);
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

/** Writes the config; says whether it changed. */
function writeConfig(): boolean {
  mkdirSync(scrapeTargetsDir(), { recursive: true });
  const config = state('prometheus.yml');
  const text = CONFIG.replace('TARGETS', scrapeTargetsDir());
  if (existsSync(config) && readFileSync(config, 'utf8') === text) return false;
  writeFileSync(config, text);
  return true;
}

/** Stops Prometheus and starts it again on the same data, as a crash and its restart would (`npm run soak`). */
export async function restartPrometheus(current: ClusterState): Promise<void> {
  await stopDaemon(current, 'prometheus');
  await startPrometheus(current);
}

/** Starts Prometheus on its data and waits until it says it is ready. */
async function startPrometheus(current: ClusterState): Promise<void> {
  const config = state('prometheus.yml');
  startDaemon(current, 'prometheus', PROMETHEUS, [
    `--config.file=${config}`,
    `--storage.tsdb.path=${state('prometheus')}`,
    // the default 15 d retention would delete most of the backfilled window
    '--storage.tsdb.retention.time=3650d',
    `--web.listen-address=127.0.0.1:${current.ports.prometheus}`,
  ]);
  const ready = await waitFor(async () => (await fetch(`${prometheusUrl(current)}/-/ready`)).ok, 120_000, 500);
  if (!ready) fail(`prometheus did not become ready; see ${logFile('prometheus')}`);
}
