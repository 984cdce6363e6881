import { defineConfig } from 'vitest/config';
import cluster from './vitest.cluster.config.ts';
import { named } from './vitest.config.ts';

// The suites that run against Kyverno v1.19.1 itself: a second local cluster started with `up --kyverno real` in
// .cluster-real (scripts/test.sh's group real-kyverno sets MEMDASH_CLUSTER_DIR), beside the stand-in's in .cluster:
// the side-by-side comparison, then the explanation, webhook health and break-glass suites unchanged.
export default defineConfig({
  ...cluster,
  test: {
    ...cluster.test,
    name: 'real-kyverno',
    include: [
      'e2e/cluster/kyverno/real/**/*.test.ts',
      ...named([
        'test/integration/explanation.test.ts',
        'test/integration/webhook.test.ts',
        'test/integration/webhook-states.test.ts',
        'test/integration/break-glass.test.ts',
      ]),
    ],
    exclude: [],
  },
});
