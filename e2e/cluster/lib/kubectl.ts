// The harness talks to its cluster through the kubectl it built, as an operator would.
import { execFile, execFileSync } from 'node:child_process';
import { bin, kubeconfigPath } from './paths.ts';
import { fail } from './log.ts';
import type { User } from './users.ts';

export function kubectlArgs(user: User, args: string[]): string[] {
  return [`--kubeconfig=${kubeconfigPath(user)}`, ...args];
}

/** Runs kubectl synchronously; throws with kubectl's own stderr on failure. */
export function kubectl(args: string[], options: { user?: User; input?: string } = {}): string {
  try {
    return execFileSync(bin('kubectl'), kubectlArgs(options.user ?? 'admin', args), {
      input: options.input,
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'pipe'],
      // one call past every --timeout the harness waits with: a wedged API server fails here, naming the call
      timeout: 300_000,
      killSignal: 'SIGKILL',
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ETIMEDOUT') throw new Error(`kubectl ${args.join(' ')} did not finish within 300 s`);
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`kubectl ${args.join(' ')}: ${stderr || (error as Error).message}`);
  }
}

/** Same, without blocking the event loop, resolving to {code, stdout, stderr} instead of throwing. */
export function kubectlAsync(
  args: string[],
  options: { user?: User; input?: string } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolveResult) => {
    const child = execFile(
      bin('kubectl'),
      kubectlArgs(options.user ?? 'admin', args),
      { maxBuffer: 512 * 1024 * 1024 },
      (error, stdout, stderr) => resolveResult({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

export function applyObjects(objects: object[], user: User = 'admin'): void {
  if (objects.length === 0) return;
  kubectl(['apply', '--server-side', '--force-conflicts', '--field-manager=memdash-harness', '-f', '-'], {
    user,
    input: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }),
  });
}

export function getJson<T = any>(args: string[], user: User = 'admin'): T {
  return JSON.parse(kubectl([...args, '-o', 'json'], { user })) as T;
}

// Not `kubectl wait --for=condition=Established`: on a CRD created a moment ago it fails at once ("status.conditions
// accessor error: <nil>") instead of waiting, because the API server has not written any condition yet; a jsonpath
// filter on the conditions fails the same way. The CRD is read whole and its conditions looked at here.
interface CrdStatus {
  status?: { conditions?: Array<{ type: string; status: string }> | null };
}

export function waitEstablished(crd: string, timeoutMs = 60_000): void {
  const deadline = Date.now() + timeoutMs;
  const established = () =>
    getJson<CrdStatus>(['get', `crd/${crd}`]).status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True');
  while (!established()) {
    if (Date.now() > deadline) fail(`the CRD ${crd} was not Established within ${timeoutMs / 1000} s`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
  }
}
