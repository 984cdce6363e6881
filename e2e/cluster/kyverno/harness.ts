// The harness's handles on the Kyverno stand-in: start it with `up`, crash and recover it, switch its answers, and
// wait for what it does (its registration, its table) before seeding pods through it.
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { isRunning, logFile, startDaemon, stopDaemon, waitFor } from '../lib/processes.ts';
import { pki } from '../lib/pki.ts';
import { getJson } from '../lib/kubectl.ts';
import { setSwitch } from '../lib/switches.ts';
import { fail, log } from '../lib/log.ts';
import { kyvernoModeOf, readState, writeState, type ClusterState, type KyvernoMode } from '../lib/state.ts';
import { HARNESS_PATH, MANAGED_BY_SELECTOR, NAMESPACE, POD_ENTRY, POD_REGISTRATION } from './names.ts';
import { SLICE } from './real/access.ts';
import { answerReal, crashReal, denyReal, ensureRealKyverno, REAL, recoverReal } from './real/control.ts';
import { waitForRealTable } from './real/table-probe.ts';
import { kubectl } from '../lib/kubectl.ts';
import type { Review } from './server.ts';
import type { TableView } from './table.ts';

export const STAND_IN = 'kyverno-admission-controller';

export function ensureKyverno(current: ClusterState): void {
  if (kyvernoModeOf(current) === 'real') return ensureRealKyverno(current);
  if (isRunning(current.processes[STAND_IN])) return log('Kyverno stand-in already running');
  startDaemon(current, STAND_IN, process.execPath, [join(import.meta.dirname, 'daemon.ts')]);
}

/**
 * Which Kyverno answers from now on. A switch stops the other one as `down` would and deletes its registrations,
 * so that the new one registers its own (the stand-in's by URL, the real one's by Service).
 */
export async function chooseKyverno(current: ClusterState, wanted: KyvernoMode | undefined): Promise<void> {
  const mode = wanted ?? kyvernoModeOf(current);
  if (mode !== kyvernoModeOf(current)) {
    await stopDaemon(current, mode === 'real' ? STAND_IN : REAL);
    if (mode === 'stand-in') kubectl(['-n', NAMESPACE, 'delete', 'endpointslice', SLICE, '--ignore-not-found']);
    if (current.seeded) {
      kubectl(['delete', 'mutatingwebhookconfiguration,validatingwebhookconfiguration', '-l', MANAGED_BY_SELECTOR]);
      log(`switched Kyverno from ${kyvernoModeOf(current)} to ${mode}: the other one stopped, its registrations deleted`);
    }
  }
  current.kyverno = mode;
  writeState(current);
}

/** Kills Kyverno without its clean shutdown: the registrations stay and point at a closed port. */
export function crash(current: ClusterState): void {
  if (kyvernoModeOf(current) === 'real') return crashReal(current);
  const record = current.processes[STAND_IN];
  if (!record || !isRunning(record)) return log('Kyverno stand-in is not running');
  // its record stays in state.json, so `status` shows it STOPPED until `recover` or `up` starts it again
  process.kill(record.pid, 'SIGKILL');
  log('Kyverno stand-in killed; its registrations stay');
}

export async function recover(current: ClusterState): Promise<void> {
  if (kyvernoModeOf(current) === 'real') return recoverReal(current);
  ensureKyverno(current);
  if (!(await waitFor(async () => (await standIn())?.serving === true, 30_000, 300))) {
    fail('the Kyverno stand-in is running but not serving: is kyverno-admission-controller scaled to zero?');
  }
  log('Kyverno stand-in serving again');
}

const real = () => kyvernoModeOf(readState()) === 'real';

export async function deny(): Promise<void> {
  if (real()) await denyReal();
  setSwitch('kyverno', 'deny');
}
export async function answer(): Promise<void> {
  if (real()) await answerReal();
  setSwitch('kyverno', 'answer');
}

/** The stand-in's list of the table is made with a revoked token. The real Kyverno's watch, once made, outlives a
 * change of its RBAC, so there is no honest way to make its load fail on demand: refused, naming why. */
function standInOnly(what: string): void {
  if (real()) fail(`kyverno ${what} works with the stand-in only: the real Kyverno's table watch outlives any RBAC change`);
}
export function tableUnreadable(): void {
  standInOnly('table-unreadable');
  setSwitch('table', 'unreadable');
}
export function tableReadable(): void {
  standInOnly('table-readable');
  setSwitch('table', 'readable');
}

export interface StandInState {
  serving: boolean;
  table: TableView | null;
  reviews: Review[];
}

/** What the stand-in says about itself; null while it does not serve. */
export function standIn(port = readState()?.ports.webhook ?? 0): Promise<StandInState | null> {
  return new Promise((answerWith) => {
    const req = request({ host: '127.0.0.1', port, path: HARNESS_PATH, ca: readFileSync(pki('ca.crt')), timeout: 3000 }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
      });
      res.on('end', () => answerWith(res.statusCode === 200 ? (JSON.parse(text) as StandInState) : null));
    });
    req.on('error', () => answerWith(null));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

export function podEntryRegistered(): boolean {
  try {
    const cfg = getJson<{ webhooks?: Array<{ name: string }> }>(['get', 'mutatingwebhookconfiguration', POD_REGISTRATION]);
    return (cfg.webhooks ?? []).some((w) => w.name === POD_ENTRY);
  } catch {
    return false;
  }
}

/** The real Kyverno registers once it leads, has its certificates and has compiled the policy: up to a few minutes
 * on a busy 2-core machine; the stand-in within a second. */
export async function waitForRegistration(timeoutMs = 240_000): Promise<void> {
  if (!(await waitFor(podEntryRegistered, timeoutMs, 500)))
    fail(`${POD_REGISTRATION} was not registered; see ${logFile(real() ? 'kyverno' : STAND_IN)}`);
}

export async function waitForRegistrationGone(timeoutMs = 90_000): Promise<void> {
  if (!(await waitFor(() => !podEntryRegistered(), timeoutMs, 500))) fail(`${POD_REGISTRATION} is still registered`);
}

/** Until Kyverno holds exactly these rows: a watch event is quick, but seeding must not race it. */
export async function waitForTable(rows: Record<string, string> | null, timeoutMs = 30_000): Promise<void> {
  if (real()) return waitForRealTable(rows, Math.max(timeoutMs, 60_000));
  const want = JSON.stringify(rows && Object.keys(rows).length ? sorted(rows) : null);
  const ok = await waitFor(
    async () => {
      const table = (await standIn())?.table;
      return table?.loaded === true && JSON.stringify(table.rows ? sorted(table.rows) : null) === want;
    },
    timeoutMs,
    200,
  );
  if (!ok) fail('the Kyverno stand-in did not load the table');
}

/**
 * Until the stand-in holds these rows with these values; rows others added (a test, an operator, a snapshot run)
 * may be there too: the harness applies the table as a merge, and their rows stay.
 */
export async function waitForTableRows(rows: Record<string, string>, timeoutMs = 60_000): Promise<void> {
  if (real()) return waitForRealTable(rows, timeoutMs); // these rows, through dry runs: the real one has no /harness
  let missing = Object.keys(rows);
  const ok = await waitFor(
    async () => {
      const table = (await standIn())?.table;
      const held = table?.loaded === true ? (table.rows ?? {}) : {};
      missing = Object.keys(rows).filter((key) => held[key] !== rows[key]);
      return table?.loaded === true && missing.length === 0;
    },
    timeoutMs,
    500,
  );
  if (!ok)
    fail(
      `the Kyverno stand-in did not load the table: ${missing.length} seed rows missing or different, e.g. ${missing.slice(0, 3).join(', ')}`,
    );
}

const sorted = (rows: Record<string, string>) => Object.fromEntries(Object.entries(rows).sort(([a], [b]) => a.localeCompare(b)));
