// The harness's handles on the Kyverno stand-in: start it with `up`, crash and recover it, switch its answers, and
// wait for what it does (its registration, its table) before seeding pods through it.
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { isRunning, startDaemon, waitFor } from '../lib/processes.ts';
import { pki } from '../lib/pki.ts';
import { getJson } from '../lib/kubectl.ts';
import { setSwitch } from '../lib/switches.ts';
import { fail, log } from '../lib/log.ts';
import { readState, type ClusterState } from '../lib/state.ts';
import { HARNESS_PATH, POD_ENTRY, POD_REGISTRATION } from './names.ts';
import type { Review } from './server.ts';
import type { TableView } from './table.ts';

export const STAND_IN = 'kyverno-admission-controller';

export function ensureKyverno(current: ClusterState): void {
  if (isRunning(current.processes[STAND_IN])) return log('Kyverno stand-in already running');
  startDaemon(current, STAND_IN, process.execPath, [join(import.meta.dirname, 'daemon.ts')]);
}

/** Kills the stand-in without its clean shutdown: the registrations stay and point at a closed port. */
export function crash(current: ClusterState): void {
  const record = current.processes[STAND_IN];
  if (!record || !isRunning(record)) return log('Kyverno stand-in is not running');
  // its record stays in state.json, so `status` shows it STOPPED until `recover` or `up` starts it again
  process.kill(record.pid, 'SIGKILL');
  log('Kyverno stand-in killed; its registrations stay');
}

export async function recover(current: ClusterState): Promise<void> {
  ensureKyverno(current);
  if (!(await waitFor(async () => (await standIn())?.serving === true, 30_000, 300))) {
    fail('the Kyverno stand-in is running but not serving: is kyverno-admission-controller scaled to zero?');
  }
  log('Kyverno stand-in serving again');
}

export const deny = (): void => setSwitch('kyverno', 'deny');
export const answer = (): void => setSwitch('kyverno', 'answer');
export const tableUnreadable = (): void => setSwitch('table', 'unreadable');
export const tableReadable = (): void => setSwitch('table', 'readable');

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

export async function waitForRegistration(timeoutMs = 90_000): Promise<void> {
  if (!(await waitFor(podEntryRegistered, timeoutMs, 500)))
    fail(`${POD_REGISTRATION} was not registered; see .cluster/logs/${STAND_IN}.log`);
}

export async function waitForRegistrationGone(timeoutMs = 90_000): Promise<void> {
  if (!(await waitFor(() => !podEntryRegistered(), timeoutMs, 500))) fail(`${POD_REGISTRATION} is still registered`);
}

/** Until the stand-in holds exactly these rows: a watch event is quick, but seeding must not race it. */
export async function waitForTable(rows: Record<string, string> | null, timeoutMs = 30_000): Promise<void> {
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
