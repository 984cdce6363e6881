// A history store of a test's own, of the kind the run asks for: a SQLite file in a fresh temporary folder (the
// default), or with MEMDASH_TEST_STORE=postgres a fresh database on the local cluster's PostgreSQL (the `postgres`
// group of scripts/test.sh runs the history and audit tests so). A missing PostgreSQL is a failure naming it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { postgresUrl } from '../e2e/cluster/lib/postgres.ts';
import { requireCluster, PreconditionFailed } from './integration/cluster.ts';

export interface TestStore {
  kind: 'sqlite' | 'postgres';
  /** What openHistoryDb takes: a file path or a postgres:// URL. */
  location: string;
  /** Deletes the file or drops the database (its connections must be closed first). */
  remove(): Promise<void>;
}

export const testStoreKind = (): TestStore['kind'] => (process.env.MEMDASH_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite');

export async function newTestStore(kind: TestStore['kind'] = testStoreKind()): Promise<TestStore> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'memdash-store-'));
    return {
      kind: 'sqlite',
      location: join(dir, 'nested', 'memdash.sqlite'),
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const current = requireCluster();
  if (!current.ports.postgres || !current.processes.postgres)
    throw new PreconditionFailed('the local cluster runs no PostgreSQL', 'run `npm run cluster:up` with this branch’s harness');
  const name = `memdash_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await onServer(current, (c) => c.query(`create database ${name}`));
  return {
    kind: 'postgres',
    location: postgresUrl(current, name),
    remove: () => onServer(current, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

async function onServer<T>(current: ReturnType<typeof requireCluster>, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl(current, 'postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Everything a store holds, as text to search (for a secret that must not be there): the SQLite file with its
 * write-ahead log, or every row of every table of the PostgreSQL database, each row as PostgreSQL prints it.
 */
export async function everythingStored(location: string): Promise<string> {
  if (!/^postgres(ql)?:\/\//.test(location))
    return [location, `${location}-wal`]
      .filter((f) => existsSync(f))
      .map((f) => readFileSync(f).toString('latin1'))
      .join('\n');
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    const texts: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await client.query<{ row: string }>(`select t::text as row from ${name} t`);
      texts.push(...rows.rows.map((r) => r.row));
    }
    return texts.join('\n');
  } finally {
    await client.end();
  }
}

/**
 * The cluster a memdash started with this kubeconfig (and no MEMDASH_CLUSTERS or MEMDASH_CLUSTER_NAME) reads: named
 * after the kubeconfig's current context. A store seeded for that memdash (the CLI, the built server) is opened as
 * this cluster's, or that memdash sees none of its rows.
 */
export async function clusterNameFor(kubeconfigFile: string): Promise<string> {
  const { KubeConfig } = await import('@kubernetes/client-node');
  const { nameFromContext } = await import('@/lib/cluster/config');
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfigFile);
  return nameFromContext(kc.getCurrentContext());
}
