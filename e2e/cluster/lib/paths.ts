// Where the local cluster keeps its binaries (a cache outside the repo) and its state (one ignored folder).
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

// Kubernetes is the release whose libraries Kyverno's module requires (0.36.3 for Kyverno v1.19.1): every binary is
// built on Kyverno's module list and shares what it compiles (e2e/cluster/tool-modules.sh).
export const KUBE_VERSION = process.env.MEMDASH_KUBE_VERSION ?? '1.36.3';
export const KWOK_VERSION = process.env.MEMDASH_KWOK_VERSION ?? 'v0.8.0';

export const repoRoot = resolve(import.meta.dirname, '../../..');
export const cacheDir = process.env.MEMDASH_CACHE ?? join(homedir(), '.cache', 'memdash');
export const stateDir = process.env.MEMDASH_CLUSTER_DIR ?? join(repoRoot, '.cluster');

export const state = (...parts: string[]): string => join(stateDir, ...parts);

// Kubernetes, KWOK, the real Kyverno and its CLI, helm and oauth2-proxy are built on one module list with the same
// flags (e2e/cluster/tool-modules.sh). TOOLS_BUILD names that way of building in their folders' names: change it with
// that script's flags or pins, so that binaries built the old way are built again.
export const TOOLS_BUILD = 'on-kyverno-modules';
export const KYVERNO_VERSION = process.env.MEMDASH_KYVERNO_VERSION ?? 'v1.19.1';
const toolDir = (name: string): string => join(cacheDir, 'bin', `${name}-${TOOLS_BUILD}`);
export const binDir = toolDir(`kube-${KUBE_VERSION}-kwok-${KWOK_VERSION}-kyverno-${KYVERNO_VERSION}`);
export const bin = (name: string): string => join(binDir, name);
export const kyvernoBinDir = toolDir(`kyverno-${KYVERNO_VERSION}`);
// the wrapper modules the tools build in (the Go build cache keeps what they compiled; these hold only a go.mod)
export const kyvernoWrapper = join(cacheDir, `kyverno-build-${KYVERNO_VERSION}`);
export const toolWrapper = (name: string): string => join(cacheDir, 'tool-build', name);

// helm, for the chart's tests (lint, template, install into the local cluster), built by e2e/cluster/build-helm.sh
export const HELM_VERSION = process.env.MEMDASH_HELM_VERSION ?? 'v3.22.0';
export const helmBin = join(toolDir(`helm-${HELM_VERSION}`), 'helm');

// the sign-in tests' real parts (e2e/cluster/build-signin.sh): oauth2-proxy by version, our OpenID Provider by the
// hash of its sources (oidcProviderBin in binaries.ts)
export const OAUTH2_PROXY_VERSION = process.env.MEMDASH_OAUTH2_PROXY_VERSION ?? 'v7.15.6';
export const oauth2ProxyBin = join(toolDir(`oauth2-proxy-${OAUTH2_PROXY_VERSION}`), 'oauth2-proxy');
export const oidcProviderSrc = join(repoRoot, 'e2e', 'oidc-provider');

/** Taken by every build script: one Go build at a time on the machine (e2e/cluster/go-build-lock.sh). */
export const goBuildLock = join(cacheDir, '.go-build.lock');

export const kubeconfigPath = (user: 'admin' | 'viewer' | 'operator'): string => state('kubeconfig', `${user}.yaml`);
