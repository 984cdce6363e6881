// `cluster up`: idempotent; starts what is not running, seeds once, backfills Prometheus, prints where things are.
import { checkDebianPackages, ensureBinaries } from './lib/binaries.ts';
import { ensureApiserver, ensureControllers, ensureEtcd } from './lib/control-plane.ts';
import { ensureKwok, installKwokCrds, seedDefaultLogs } from './lib/kwok.ts';
import { ensurePki } from './lib/pki.ts';
import { ensureUsers } from './lib/users.ts';
import { ensurePrometheus, BACKFILL_GAP_SECONDS } from './lib/prometheus.ts';
import { loadOrCreateState, writeState, type ClusterState } from './lib/state.ts';
import { log } from './lib/log.ts';
import { seedFoundation, seedTable, seedWorkloads, waitForNodesReady, waitForPodsSettled, waitForServiceAccounts } from './scenario/seed.ts';
import { samplePlans } from './scenario/sample-plans.ts';
import { NAMESPACES } from './scenario/workloads.ts';

/** Bumped when the scenario changes shape, so a warm state folder is reseeded (after `down --wipe`). */
export const SCENARIO = 'prod-like-1';

export interface UpOptions { rebackfill: boolean }

export async function up(options: UpOptions): Promise<ClusterState> {
  const started = Date.now();
  checkDebianPackages();
  ensureBinaries();
  const current = await loadOrCreateState();
  ensurePki();
  ensureUsers(current.ports.apiserver);
  await ensureEtcd(current);
  await ensureApiserver(current);
  await ensureControllers(current);
  await seedOnce(current);
  await ensurePrometheus(current, () => samplePlans(Math.floor(Date.now() / 1000) - BACKFILL_GAP_SECONDS), options.rebackfill);
  log(`up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return current;
}

async function seedOnce(current: ClusterState): Promise<void> {
  seedFoundation();
  installKwokCrds();
  ensureKwok(current);
  await waitForNodesReady();
  seedDefaultLogs();
  if (current.seeded?.scenario === SCENARIO) return log(`scenario ${SCENARIO} already seeded`);
  await waitForServiceAccounts(NAMESPACES);
  seedTable();
  await seedWorkloads();
  await waitForPodsSettled();
  current.seeded = { scenario: SCENARIO, scale: 0, at: new Date().toISOString() };
  writeState(current);
  log(`seeded scenario ${SCENARIO}`);
}
