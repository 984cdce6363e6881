// A bad MEMDASH_* setting stops `next start` before it serves, naming the variable and never echoing its value.
// `next start` does not load the project's TypeScript configuration (next.config.mjs gives it what the build
// recorded), so this check is instrumentation.ts's (lib/server/config-start.ts), tried here on the built server itself.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../e2e/cluster/lib/ports.ts';
import { kubeconfig } from '../integration/cluster';

const root = resolve(import.meta.dirname, '../..');

/** `next start` with `env` added, until it exits (or 60 s pass): its exit code and everything it wrote. */
async function startUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const server = spawn(join(root, 'node_modules/.bin/next'), ['start', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: root,
    env: { ...process.env, KUBECONFIG: kubeconfig('viewer'), NEXT_TELEMETRY_DISABLED: '1', MEMDASH_RECORDER: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [server.stdout!, server.stderr!]) stream.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => server.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((r) => server.once('exit', (c) => r(c)));
  clearTimeout(timer);
  return { code, output };
}

describe('settings at start-up', () => {
  it('a bad MEMDASH_* value ends next start with exit code 1, naming the variable, not its value', async () => {
    const { code, output } = await startUntilExit({ MEMDASH_BOOTSTRAP_NAMESPACES: 'kube-system,Not_A_Namespace_7f3a' });
    expect(code, output).toBe(1);
    expect(output).toContain('memdash: bad settings, not starting');
    expect(output).toContain('MEMDASH_BOOTSTRAP_NAMESPACES');
    expect(output).not.toContain('Not_A_Namespace_7f3a');
  });

  it('MEMDASH_WRITE_AS_USER=on without MEMDASH_AUTH=oidc ends next start, naming the variable', async () => {
    const { code, output } = await startUntilExit({ MEMDASH_AUTH: 'none', MEMDASH_WRITE_AS_USER: 'on' });
    expect(code, output).toBe(1);
    expect(output).toContain('memdash: bad settings, not starting');
    expect(output).toMatch(/MEMDASH_WRITE_AS_USER: on only with MEMDASH_AUTH=oidc/);
  });
});
