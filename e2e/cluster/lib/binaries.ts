// The binaries the cluster runs: Debian's etcd and Prometheus, and Kubernetes and KWOK built from Go modules; and
// the sign-in tests' OpenID Provider and oauth2-proxy, built from Go modules too.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  bin,
  binDir,
  cacheDir,
  goBuildLock,
  helmBin,
  HELM_VERSION,
  KUBE_VERSION,
  KWOK_VERSION,
  KYVERNO_VERSION,
  kyvernoWrapper,
  OAUTH2_PROXY_VERSION,
  oauth2ProxyBin,
  oidcProviderSrc,
  toolWrapper,
} from './paths.ts';
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

/**
 * The environment of a build script: the caller's, the machine-wide build lock, the Kyverno module list the test
 * tools are built on (tool-modules.sh), and the script's own settings.
 */
export function buildEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, GO_BUILD_LOCK: goBuildLock, KYVERNO_VERSION, KYVERNO_WRAPPER: kyvernoWrapper, ...settings };
}

/** Builds what is missing (a cold build takes a long time; they are cached in ~/.cache/memdash, keyed by version). */
export function ensureBinaries(): void {
  if (BUILT.every((b) => existsSync(bin(b)))) return;
  execFileSync('bash', [join(import.meta.dirname, '..', 'build-kube.sh')], {
    stdio: 'inherit',
    env: buildEnv({
      KUBE_VERSION,
      KWOK_VERSION,
      BIN_DIR: binDir,
      KUBE_WRAPPER: toolWrapper(`kube-${KUBE_VERSION}`),
      KWOK_WRAPPER: toolWrapper(`kwok-${KWOK_VERSION}`),
    }),
  });
  const still = BUILT.filter((b) => !existsSync(bin(b)));
  if (still.length) fail(`build finished without ${still.join(', ')}`);
}

/** helm from its Go module, for the chart's tests (once, cached like the others). */
export function ensureHelm(): void {
  if (existsSync(helmBin)) return;
  execFileSync('bash', [join(import.meta.dirname, '..', 'build-helm.sh')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: buildEnv({ HELM_VERSION, HELM_BIN: helmBin, HELM_WRAPPER: toolWrapper('helm') }),
  });
  if (!existsSync(helmBin)) fail(`build finished without ${helmBin}`);
}

/**
 * Our OpenID Provider's binary, keyed by a hash of its module's sources: an edit to e2e/oidc-provider builds a new
 * one (a few seconds once its modules are cached), a checkout that did not change it reuses the cached one.
 */
export function oidcProviderBin(): string {
  const hash = createHash('sha256');
  const files = readdirSync(oidcProviderSrc)
    .filter((f) => f === 'go.mod' || f === 'go.sum' || (f.endsWith('.go') && !f.endsWith('_test.go')))
    .sort();
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(oidcProviderSrc, file)))
      .update('\0');
  return join(cacheDir, 'bin', `oidc-provider-${hash.digest('hex').slice(0, 12)}`, 'oidc-provider');
}

export type SigninPart = 'provider' | 'oauth2-proxy';

/** Builds what is missing of the sign-in tests' parts (e2e/cluster/build-signin.sh); returns nothing, throws on failure. */
export function ensureSigninParts(parts: SigninPart[]): void {
  const provider = oidcProviderBin();
  const output: Record<SigninPart, string> = { provider, 'oauth2-proxy': oauth2ProxyBin };
  const missing = parts.filter((p) => !existsSync(output[p]));
  if (missing.length === 0) return;
  execFileSync('nice', ['-n', '10', 'bash', join(import.meta.dirname, '..', 'build-signin.sh'), ...missing], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: buildEnv({
      OIDC_PROVIDER_SRC: oidcProviderSrc,
      OIDC_PROVIDER_BIN: provider,
      OAUTH2_PROXY_VERSION,
      OAUTH2_PROXY_BIN: oauth2ProxyBin,
      OAUTH2_PROXY_WRAPPER: toolWrapper('oauth2-proxy'),
    }),
  });
  const still = missing.filter((p) => !existsSync(output[p]));
  if (still.length) fail(`build finished without ${still.map((p) => output[p]).join(', ')}`);
}
