import { defineConfig } from 'vitest/config';
import cluster from './vitest.cluster.config.ts';

// The sign-in tests' real parts against the local cluster started with `up --oidc`: our OpenID Provider, the API
// server trusting it, and oauth2-proxy (scripts/test.sh's group signin runs them once oauth2-proxy is built).
export default defineConfig({
  ...cluster,
  test: {
    ...cluster.test,
    name: 'signin',
    include: ['e2e/cluster/oidc/**/*.test.ts'],
    exclude: [],
  },
});
