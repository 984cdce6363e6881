// Starts the built memdash (`next start`) against the local cluster for the security group, with a history store of
// its own, and hands its address to the tests. A missing cluster or a build older than the sources is a failure
// that says so, never a skip.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, statSync } from 'node:fs';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../e2e/cluster/lib/ports.ts';
import { kubeconfig, requireCluster } from '../integration/cluster.ts';

const root = resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    memdashPort: number;
    /** The server's stdout and stderr, as written so far: tests read it for stack traces and secrets. */
    memdashLog: string;
  }
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|tsx|css)$/.test(entry.name) && !entry.name.includes('.test.')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function checkPreconditions(): void {
  requireCluster(); // the local cluster's state and kubeconfigs, in MEMDASH_CLUSTER_DIR when set
  const buildId = join(root, '.next/BUILD_ID');
  if (!existsSync(buildId)) throw new Error('the security tests run the built server: run `npx next build` first');
  const sources = Math.max(
    ...['app', 'lib', 'components'].map((d) => newestSource(join(root, d))),
    ...['instrumentation.ts', 'next.config.mjs'].map((f) => statSync(join(root, f)).mtimeMs),
  );
  if (sources > statSync(buildId).mtimeMs) throw new Error('the build in .next is older than the sources: run `npx next build` first');
}

function prometheusUrl(): string {
  const state = requireCluster();
  return state.ports?.prometheus ? `http://127.0.0.1:${state.ports.prometheus}` : '';
}

async function waitForHealth(port: number, server: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`next start did not answer /healthz within 60 s:\n${log()}`);
}

export interface RunningMemdash {
  port: number;
  server: ChildProcess;
  /** The server's stdout and stderr so far. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * `next start` of the build on a free port against the local cluster, answering /healthz; `env` adds or overrides
 * (`{port}` in a value is the port it listens on: MEMDASH_PUBLIC_URL, say); `hostname` is the address it listens on.
 */
export async function startMemdash(
  env: Record<string, string>,
  logFile?: string,
  { hostname = '127.0.0.1' }: { hostname?: string } = {},
): Promise<RunningMemdash> {
  checkPreconditions();
  const port = await freePort();
  let output = '';
  const server = spawn(join(root, 'node_modules/.bin/next'), ['start', '--hostname', hostname, '--port', String(port)], {
    cwd: root,
    env: {
      ...process.env,
      KUBECONFIG: kubeconfig('viewer'),
      NEXT_TELEMETRY_DISABLED: '1',
      MEMDASH_PROMETHEUS_URL: prometheusUrl(),
      MEMDASH_PROBE_MIN_INTERVAL_MS: '5000',
      // the cluster's name, so that the tests name its pages (/c/local/…) without asking memdash what it is
      MEMDASH_CLUSTER_NAME: 'local',
      // the tests are one client asking faster than a person: the per-client limits are tried on a server of their
      // own (collapse.test.ts), so that no other test meets them
      MEMDASH_READ_LIMIT: '0',
      MEMDASH_ACCESS_LIMIT: '0',
      MEMDASH_WRITE_LIMIT: '0',
      ...Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value.replaceAll('{port}', String(port))])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout!, server.stderr!]) {
    stream.on('data', (d: Buffer) => {
      output += d.toString();
      if (logFile) appendFileSync(logFile, d);
    });
  }
  await waitForHealth(port, server, () => output);
  return {
    port,
    server,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill(signal);
      await exited;
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'memdash-security-'));
  const logFile = join(dir, 'server.log');
  appendFileSync(logFile, '');
  const memdash = await startMemdash({ MEMDASH_HISTORY_PATH: join(dir, 'history.sqlite') }, logFile);
  project.provide('memdashPort', memdash.port);
  project.provide('memdashLog', logFile);
  return () => memdash.stop();
}
