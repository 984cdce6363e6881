// The binaries the cluster runs: Debian's etcd and Prometheus, and Kubernetes and KWOK built from Go modules.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bin, binDir, cacheDir, helmBin, HELM_VERSION, KUBE_VERSION, KWOK_VERSION } from './paths.ts';
import { fail } from './log.ts';

export const BUILT = ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'kubectl', 'kwok'];
const DEBIAN = {
  '/usr/bin/etcd': 'etcd-server',
  '/usr/bin/prometheus': 'prometheus',
  '/usr/bin/promtool': 'prometheus',
  '/usr/bin/openssl': 'openssl',
  '/usr/bin/python3': 'python3' /* the snapshot job's script */,
};

export function checkDebianPackages(): void {
  const missing = Object.entries(DEBIAN)
    .filter(([path]) => !existsSync(path))
    .map(([, pkg]) => pkg);
  if (missing.length)
    fail(`missing Debian packages: ${[...new Set(missing)].join(' ')} — run scripts/setup.sh (or apt-get install -y ${missing.join(' ')})`);
}

/** Builds what is missing (a cold build takes a long time; they are cached in ~/.cache/memdash, keyed by version). */
export function ensureBinaries(): void {
  if (BUILT.every((b) => existsSync(bin(b)))) return;
  execFileSync('bash', [join(import.meta.dirname, '..', 'build-kube.sh')], {
    stdio: 'inherit',
    env: { ...process.env, KUBE_VERSION, KWOK_VERSION, BIN_DIR: binDir, KUBE_WRAPPER: join(cacheDir, `kube-build-${KUBE_VERSION}`) },
  });
  const still = BUILT.filter((b) => !existsSync(bin(b)));
  if (still.length) fail(`build finished without ${still.join(', ')}`);
}

/** helm from its Go module, for the chart's tests (once: about 90 s on a quiet machine, cached like the others). */
export function ensureHelm(): void {
  if (existsSync(helmBin)) return;
  execFileSync('bash', [join(import.meta.dirname, '..', 'build-helm.sh')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, HELM_VERSION, MEMDASH_CACHE: cacheDir },
  });
  if (!existsSync(helmBin)) fail(`build finished without ${helmBin}`);
}
