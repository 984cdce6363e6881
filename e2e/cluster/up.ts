// `cluster up`: idempotent; starts what is not running, seeds once, backfills Prometheus, prints where things are.
import { checkDebianPackages, ensureBinaries } from './lib/binaries.ts';
import { ensureApiserver, ensureControllers, ensureEtcd } from './lib/control-plane.ts';
import { ensureKwok, installKwokCrds, seedDefaultLogs } from './lib/kwok.ts';
import { seedTerminations } from './lib/kwok-terminations.ts';
import { ensurePki } from './lib/pki.ts';
import { ensureUsers } from './lib/users.ts';
import { ensurePrometheus } from './lib/prometheus.ts';
import { ensurePostgres } from './lib/postgres.ts';
import { kyvernoModeOf, loadOrCreateState, writeState, type ClusterState, type KyvernoMode } from './lib/state.ts';
import { log } from './lib/log.ts';
import {
  seedFoundation,
  seedTable,
  seedWorkloads,
  waitForNodesReady,
  waitForPodsSettled,
  waitForServiceAccounts,
} from './scenario/seed.ts';
import { seedThroughKyverno } from './scenario/through-kyverno.ts';
import { applyKyvernoObjects } from './kyverno/objects.ts';
import { chooseKyverno, ensureKyverno, waitForTableRows } from './kyverno/harness.ts';
import { applySnapshotObjects } from './snapshot/objects.ts';
import { ensureSnapshotRunner } from './snapshot/harness.ts';
import { samplePlans } from './scenario/sample-plans.ts';
import { NAMESPACES, WORKLOADS } from './scenario/workloads.ts';
import { scaleNamespaces, scaleWorkloads } from './scenario/scale.ts';
import { applyObjects } from './lib/kubectl.ts';
import { namespaceObject } from './scenario/objects.ts';
import { recordSeededRequests } from './scenario/seeded-requests.ts';
import { chooseOidc, ensureOidcProvider, writeAuthenticationConfig } from './oidc/provider.ts';
import { oidcRbacObjects } from './oidc/rbac.ts';
import { ensureSigninParts } from './lib/binaries.ts';
import { applyStageTable } from './scenario/stage.ts';

/** Bumped when the scenario changes shape, so a warm state folder is reseeded (after `down --wipe`). */
export const SCENARIO = 'prod-like-4';

export interface UpOptions {
  rebackfill: boolean;
  scale: number;
  /** which Kyverno answers; absent: the one the state folder already has, else the stand-in */
  kyverno?: KyvernoMode;
  /** whether the API server trusts our OpenID Provider; absent: what the state folder has, else not */
  oidc?: boolean;
  /** whether PostgreSQL runs (memdash's store of several replicas); the demo and the second cluster need none */
  postgres?: boolean;
  /** the second cluster of `up --clusters 2`: its table holds the stage's rows (scenario/stage.ts); kept once set */
  stage?: boolean;
}

export async function up(options: UpOptions): Promise<ClusterState> {
  const started = Date.now();
  checkDebianPackages();
  ensureBinaries();
  const current = await loadOrCreateState();
  ensurePki();
  ensureUsers(current.ports.apiserver);
  // memdash's history store for several replicas (DATABASE_URL)
  if (options.postgres !== false) await ensurePostgres(current);
  // beyond 20,000 pods the scale's table is more than a default etcd stores in one object (lib/control-plane.ts)
  const largeTable = Math.max(options.scale, current.seeded?.scale ?? 0) > 20_000;
  if (largeTable) log('etcd accepts requests of up to 4 MiB: the scale table is more than a default etcd stores in one ConfigMap');
  await ensureEtcd(current, largeTable);
  await chooseOidc(current, options.oidc);
  if (current.oidc) await startOidcProvider(current);
  await ensureApiserver(current);
  await ensureControllers(current);
  await chooseKyverno(current, options.kyverno);
  if (options.stage) writeState(Object.assign(current, { stage: true }));
  await seedOnce(current);
  if (current.stage) await applyStageTable(); // after the seed, which writes the scenario's table
  if (current.oidc) applyObjects(oidcRbacObjects()); // after the seed: namespace shop must exist
  const scaled = await seedScale(current, options.scale);
  const workloads = [...WORKLOADS, ...scaleWorkloads(current.seeded?.scale ?? 0)];
  // only a scaled cluster's backfill is bulk: the scenario's own stays promtool's, as the other tests know it
  await ensurePrometheus(current, (end) => samplePlans(end, workloads), options.rebackfill || scaled, (current.seeded?.scale ?? 0) > 0);
  log(`up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return current;
}

/** The provider first: the API server reads its discovery document when it starts. */
async function startOidcProvider(current: ClusterState): Promise<void> {
  ensureSigninParts(['provider']);
  await ensureOidcProvider(current);
  writeAuthenticationConfig(current);
}

async function seedOnce(current: ClusterState): Promise<void> {
  seedFoundation();
  installKwokCrds();
  ensureKwok(current);
  await waitForNodesReady();
  seedDefaultLogs();
  // Kyverno's stand-in and the snapshot runner come before any pod, so that the scenario's pods go through them
  applyKyvernoObjects(kyvernoModeOf(current));
  applySnapshotObjects();
  ensureKyverno(current);
  ensureSnapshotRunner(current);
  if (current.seeded?.scenario === SCENARIO) return void (await seedTerminations(WORKLOADS), log(`scenario ${SCENARIO} already seeded`));
  await waitForServiceAccounts(NAMESPACES);
  await seedThroughKyverno();
  await waitForPodsSettled();
  await seedTerminations(WORKLOADS);
  current.seeded = { scenario: SCENARIO, scale: 0, at: new Date().toISOString() };
  writeState(current);
  recordSeededRequests(kyvernoModeOf(current), current.seeded.at);
  log(`seeded scenario ${SCENARIO}`);
}

/**
 * The table for the scenario and `pods` scale pods, loaded by Kyverno's stand-in. It is applied as a merge: rows that
 * others added since the seed (a test, an operator, a snapshot run) stay, so only the seed's rows are waited for.
 */
export async function applyScaleTable(pods: number): Promise<void> {
  await waitForTableRows(seedTable([...WORKLOADS, ...scaleWorkloads(pods)]));
}

/** Adds the benchmark workloads once; returns whether it seeded anything (the backfill then needs redoing). */
async function seedScale(current: ClusterState, pods: number): Promise<boolean> {
  const seeded = current.seeded?.scale ?? 0;
  if (pods <= seeded) {
    // Asked for a scale the cluster has: its table may have lost the seed's rows since (a test, an operator, a
    // snapshot run wrote a smaller one), and the benchmarks measure them. The seeded scale's whole table: fewer rows
    // would remove the harness's own.
    if (pods > 0) await applyScaleTable(seeded);
    return false;
  }
  const started = Date.now();
  applyObjects(scaleNamespaces().map(namespaceObject));
  await waitForServiceAccounts(scaleNamespaces());
  const workloads = scaleWorkloads(pods);
  await applyScaleTable(pods); // their pods go through Kyverno's stand-in
  await seedWorkloads(workloads);
  await waitForPodsSettled(60 * 60_000);
  current.seeded = { ...current.seeded!, scale: pods };
  writeState(current);
  log(`seeded ${pods} pods in ${workloads.length} workloads in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return true;
}
