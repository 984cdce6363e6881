// Debian's PostgreSQL for memdash's history store when it runs as several replicas (DATABASE_URL). Its data lives in
// the state folder; it listens on a free loopback port only, with a password (no unix socket, no trust). PostgreSQL
// refuses to run as root, so as root (these machines, CI) it runs as Debian's `postgres` user.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { state } from './paths.ts';
import { isRunning, logFile, startDaemon, waitFor } from './processes.ts';
import { fail, log } from './log.ts';
import type { ClusterState } from './state.ts';

const DEBIAN_ROOT = '/usr/lib/postgresql';
const USER = 'memdash';
const DATABASE = 'memdash';

/** Debian's newest installed server's bin folder, or null when the postgresql package is missing. */
export function postgresBinDir(): string | null {
  if (!existsSync(DEBIAN_ROOT)) return null;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((v) => existsSync(join(DEBIAN_ROOT, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(DEBIAN_ROOT, versions[0], 'bin') : null;
}

/** The URL of the harness's database, password included (for DATABASE_URL): readable by its owner only. */
export const postgresUrlFile = () => state('postgres.url');
const passwordFile = () => state('postgres.password');

/** The harness's URL for `database` (another database of the same server: a test's own). */
export function postgresUrl(current: ClusterState, database = DATABASE): string {
  if (!existsSync(passwordFile())) return fail(`no ${passwordFile()}: run npm run cluster:up`);
  const password = readFileSync(passwordFile(), 'utf8').trim();
  return `postgres://${USER}:${password}@127.0.0.1:${current.ports.postgres}/${database}`;
}

interface RunAs {
  uid: number;
  gid: number;
}

function runAs(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim()));
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) fail('PostgreSQL cannot run as root and there is no `postgres` user');
  return { uid: uid!, gid: gid! };
}

export async function ensurePostgres(current: ClusterState): Promise<void> {
  if (isRunning(current.processes.postgres)) return log('postgres already running');
  const binDir = postgresBinDir();
  if (!binDir) return fail('missing Debian package postgresql — run scripts/setup.sh (or apt-get install -y postgresql)');
  const data = state('postgres');
  const user = runAs();
  if (!existsSync(join(data, 'PG_VERSION'))) initialise(binDir, data, user);
  startDaemon(
    current,
    'postgres',
    join(binDir, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(current.ports.postgres),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      // a test database: a crash of the machine may lose it, and fsync would only slow every test
      '-c',
      'fsync=off',
      '-c',
      'max_connections=200',
    ],
    {},
    user,
  );
  const ready = await waitFor(async () => (await query(current, 'select 1', 'postgres'), true), 60_000, 300);
  if (!ready) fail(`postgres did not accept connections; see ${logFile('postgres')}`);
  const exists = await query(current, `select 1 from pg_database where datname = '${DATABASE}'`, 'postgres');
  if (exists.rowCount === 0) await query(current, `create database ${DATABASE}`, 'postgres');
  writeFileSync(postgresUrlFile(), `${postgresUrl(current)}\n`, { mode: 0o600 });
  log(`postgres ready on 127.0.0.1:${current.ports.postgres} (its URL is in ${postgresUrlFile()})`);
}

function initialise(binDir: string, data: string, user: RunAs | undefined): void {
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data, { recursive: true, mode: 0o700 });
  const password = randomBytes(18).toString('base64url');
  const pwfile = state('postgres.pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (user) {
    chownSync(data, user.uid, user.gid);
    chownSync(pwfile, user.uid, user.gid);
  }
  try {
    execFileSync(
      join(binDir, 'initdb'),
      ['-D', data, '-U', USER, '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8', '--no-instructions'],
      { stdio: ['ignore', 'ignore', 'pipe'], ...user },
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
  writeFileSync(passwordFile(), `${password}\n`, { mode: 0o600 });
  log(`initialised postgres in ${data}`);
}

async function query(current: ClusterState, text: string, database: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: postgresUrl(current, database) });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}
