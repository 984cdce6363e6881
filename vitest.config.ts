import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Every vitest group of scripts/test-groups is a project here, named as the group: `npx vitest run --project cluster`.

/**
 * Test files a group names one by one: vitest drops a named file that does not exist without a word, so a renamed
 * file would leave its group quietly smaller. Here it stops the run, naming the file.
 */
function named(files: string[]): string[] {
  const missing = files.filter((file) => !existsSync(fileURLToPath(new URL(file, import.meta.url))));
  if (missing.length > 0) throw new Error(`a test group names files that do not exist: ${missing.join(', ')}`);
  return files;
}

/**
 * Whether the command line chose projects. Without --project only the unit tests run (`npx vitest run <file>` as
 * well): the other groups need the local cluster, and some a build or tools besides (docs/testing.md).
 */
const projectChosen = process.argv.some((arg) => arg === '--project' || arg.startsWith('--project='));

// Unit tests: pure logic only, no cluster, no Prometheus.
const unit: TestProjectInlineConfiguration = {
  test: {
    name: 'unit',
    include: [
      'lib/**/*.test.ts',
      'components/**/*.test.ts',
      'app/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
      'cli/**/*.test.ts',
    ],
  },
};

/** The options of every group that runs against the local cluster (it reads its state from .cluster/ or MEMDASH_CLUSTER_DIR). */
const againstTheCluster = {
  // each file gets a history store of its own
  setupFiles: ['test/integration/setup.ts'],
  testTimeout: 120_000,
  hookTimeout: 300_000,
  fileParallelism: false,
};

// Two local clusters at once: it starts a second beside the local cluster (`up --clusters 2`) and stops it, so it
// runs as a group of its own, on the second stand-in cluster's lane (scripts/test-groups), not in `cluster`.
const TWO_CLUSTERS = 'e2e/cluster/two-clusters.test.ts';
// the fleet read from both, the second's API server paused for a while
const FLEET = 'e2e/cluster/fleet.test.ts';
// across clusters (the search, a workload's other clusters): on the same pair (it starts the stage when stopped)
const ACROSS_CLUSTERS = 'test/integration/across-clusters.test.ts';
const twoClusters: TestProjectInlineConfiguration = {
  test: { ...againstTheCluster, name: 'two-clusters', include: named([FLEET, ACROSS_CLUSTERS, TWO_CLUSTERS]), exclude: [] },
};

// Integration tests: they need the local cluster (npm run cluster:up).
const cluster: TestProjectInlineConfiguration = {
  test: {
    ...againstTheCluster,
    name: 'cluster',
    include: ['e2e/cluster/**/*.test.ts', 'test/integration/**/*.test.ts'],
    // against the real Kyverno's cluster: the project real-kyverno; the sign-in parts (oauth2-proxy): the project signin
    exclude: [
      'e2e/cluster/kyverno/real/**',
      'e2e/cluster/oidc/**',
      TWO_CLUSTERS,
      FLEET,
      ACROSS_CLUSTERS,
      'test/integration/store-connection-loss.test.ts',
      'test/integration/store-unreachable.test.ts',
    ],
  },
};

/** The options of the groups that try the built server (next start, started by test/security/server.ts). */
const againstTheBuild = {
  globalSetup: ['test/security/server.ts'],
  testTimeout: 120_000,
  hookTimeout: 120_000,
  fileParallelism: false,
};

// The security group: what a hostile pod, page, host name or file can do, tried against the built server and the local
// cluster. Needs `npx next build` and `npm run cluster:up` first (npm run test:security builds).
const security: TestProjectInlineConfiguration = {
  test: {
    ...againstTheBuild,
    name: 'security',
    include: ['test/security/**/*.test.ts'],
  },
};

// The history and audit tests again, on the local cluster's PostgreSQL (DATABASE_URL) instead of SQLite: each test
// (or integration test file) gets a database of its own (test/stores.ts). Needs `npm run cluster:up`.
const postgres: TestProjectInlineConfiguration = {
  test: {
    ...againstTheCluster,
    name: 'postgres',
    // writes.test.ts: the audit through the write routes, and no token anywhere in the store's rows
    // store-connection-loss.test.ts, store-unreachable.test.ts: PostgreSQL's own, so here only
    include: [
      'lib/history/**/*.test.ts',
      ...named([
        'test/integration/history.test.ts',
        'test/integration/writes.test.ts',
        'test/integration/store-connection-loss.test.ts',
        'test/integration/store-unreachable.test.ts',
      ]),
    ],
    env: { MEMDASH_TEST_STORE: 'postgres' },
  },
};

// Running it for real: the Helm chart linted, rendered and installed into the local cluster, memdash with its
// ServiceAccount's token; the built server with the local cluster's Prometheus scraping its /metrics; two replicas on
// one PostgreSQL. Needs `npx next build`, `npm run cluster:up` and helm (`npm run cluster -- build`) first.
const deployment: TestProjectInlineConfiguration = {
  test: {
    ...againstTheBuild,
    name: 'deployment',
    include: ['test/deployment/**/*.test.ts'],
  },
};

// The Dockerfile's image, built with buildah (scripts/build-image.sh) and run with podman as the chart's pod, in-cluster
// with its ServiceAccount. Needs `npm run cluster:up`, helm, and Debian's buildah, podman and runc (scripts/setup.sh).
const image: TestProjectInlineConfiguration = {
  test: {
    ...againstTheCluster,
    name: 'image',
    include: ['test/image/**/*.test.ts'],
  },
};

// The suites that run against Kyverno v1.19.1 itself: a second local cluster started with `up --kyverno real` in
// .cluster-real (scripts/test-real-kyverno.sh sets MEMDASH_CLUSTER_DIR), beside the stand-in's in .cluster: its CLI,
// then the explanation, webhook health, break-glass, incident and removal suites unchanged. They ask only that
// cluster, so scripts/test.sh runs them while the stand-in's groups go on.
const SIDE_BY_SIDE = 'e2e/cluster/kyverno/real/side-by-side.test.ts';
const realKyverno: TestProjectInlineConfiguration = {
  test: {
    ...againstTheCluster,
    name: 'real-kyverno',
    include: [
      'e2e/cluster/kyverno/real/**/*.test.ts',
      ...named([
        'test/integration/explanation.test.ts',
        'test/integration/verdicts.test.ts',
        'test/integration/webhook.test.ts',
        'test/integration/webhook-states.test.ts',
        'test/integration/break-glass.test.ts',
        'test/integration/incidents.test.ts',
        'test/integration/lifecycle-removal.test.ts',
      ]),
    ],
    exclude: [SIDE_BY_SIDE],
  },
};

// The comparison of the two Kyvernos: it also dry-runs pods through the stand-in's cluster, which must not be changing
// then, so scripts/test.sh runs it after every other group.
const sideBySide: TestProjectInlineConfiguration = {
  test: { ...againstTheCluster, name: 'side-by-side', include: named([SIDE_BY_SIDE]), exclude: [] },
};

// The sign-in tests' real parts against the local cluster started with `up --oidc`: our OpenID Provider, the API
// server trusting it, and oauth2-proxy (scripts/test.sh's group signin runs them once oauth2-proxy is built).
const signin: TestProjectInlineConfiguration = {
  test: {
    ...againstTheCluster,
    name: 'signin',
    include: ['e2e/cluster/oidc/**/*.test.ts'],
    exclude: [],
  },
};

export default defineConfig({
  // how every project's tests import: '@/' is the repository's root, and `server-only` a stub outside Next
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      'server-only': fileURLToPath(new URL('./test/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    // in every project: a stray `.only` fails its file rather than running one test green
    allowOnly: false,
    environment: 'node',
    projects: projectChosen ? [unit, cluster, security, postgres, deployment, image, realKyverno, sideBySide, signin, twoClusters] : [unit],
    // How much of lib/ the unit and integration tests run, together (`npm run coverage`, which turns it on; the
    // integration tests need the local cluster up). The browser tests run the built server in another process and are
    // not counted.
    coverage: {
      provider: 'v8',
      include: ['lib/**/*.ts'],
      exclude: ['lib/**/*.test.ts', 'lib/**/__fixtures__/**'],
      reporter: ['text-summary', 'text', 'json-summary'],
      reportsDirectory: 'coverage',
    },
  },
});
