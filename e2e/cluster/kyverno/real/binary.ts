// The real Kyverno admission controller, built from the github.com/kyverno/kyverno Go module (build-kyverno.sh)
// into the same cache as the Kubernetes binaries; the wrapper module lives beside the Kubernetes one.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { kyvernoBinDir } from '../../lib/paths.ts';
import { fail } from '../../lib/log.ts';
import { buildEnv } from '../../lib/binaries.ts';

export const kyvernoBin = join(kyvernoBinDir, 'kyverno');

/** Its CLI (cmd/cli/kubectl-kyverno), for `kyverno test` on the runbook's policy; built with it. */
export const kyvernoCli = join(kyvernoBinDir, 'kubectl-kyverno');

export const kyvernoBuilt = (): boolean => existsSync(kyvernoBin) && existsSync(kyvernoCli);

/** Builds it when missing (cold: many minutes and a few GiB of memory; `nice` keeps the machine usable). */
export function ensureKyvernoBinary(): void {
  if (kyvernoBuilt()) return;
  execFileSync('nice', ['-n', '10', 'bash', join(import.meta.dirname, '..', '..', 'build-kyverno.sh')], {
    stdio: 'inherit',
    env: buildEnv({
      KYVERNO_BIN: kyvernoBin,
      KYVERNO_CLI: kyvernoCli,
    }),
  });
  if (!kyvernoBuilt()) fail(`the Kyverno build finished without ${kyvernoBin} or ${kyvernoCli}`);
}
