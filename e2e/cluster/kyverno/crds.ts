// Kyverno's own CRDs for MutatingPolicy and GlobalContextEntry, read at run time from the Kyverno v1.19.1 Go module
// (downloaded into the module cache through the Go module proxy); upstream files are never copied into the repo.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubectl, waitEstablished } from '../lib/kubectl.ts';
import { fail, log } from '../lib/log.ts';
import { KYVERNO_VERSION } from '../lib/paths.ts';

export const KYVERNO_MODULE = 'github.com/kyverno/kyverno';
export { KYVERNO_VERSION };

const CRDS = ['policies.kyverno.io/policies.kyverno.io_mutatingpolicies.yaml', 'kyverno/kyverno.io_globalcontextentries.yaml'];

export function kyvernoModuleDir(): string {
  const modcache = execFileSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).trim();
  const dir = join(modcache, `${KYVERNO_MODULE}@${KYVERNO_VERSION}`);
  if (existsSync(dir)) return dir;
  log(`downloading the ${KYVERNO_MODULE}@${KYVERNO_VERSION} module for its CRDs`);
  try {
    const info = JSON.parse(
      execFileSync('go', ['mod', 'download', '-json', `${KYVERNO_MODULE}@${KYVERNO_VERSION}`], {
        encoding: 'utf8',
        cwd: tmpdir(),
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ) as { Dir?: string; Error?: string };
    if (info.Dir && existsSync(info.Dir)) return info.Dir;
    fail(`go mod download ${KYVERNO_MODULE}@${KYVERNO_VERSION}: ${info.Error ?? 'no directory'}`);
  } catch (error) {
    fail(`cannot get Kyverno's CRDs from the Go module ${KYVERNO_MODULE}@${KYVERNO_VERSION}: ${(error as Error).message}`);
  }
}

export function installKyvernoCrds(): void {
  const dir = join(kyvernoModuleDir(), 'config', 'crds');
  const yaml = CRDS.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n---\n');
  kubectl(['apply', '--server-side', '--force-conflicts', '--field-manager=memdash-harness', '-f', '-'], { input: yaml });
  for (const crd of ['mutatingpolicies.policies.kyverno.io', 'globalcontextentries.kyverno.io']) waitEstablished(crd);
}
