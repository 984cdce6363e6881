import { defineConfig } from 'vitest/config';
import { allowOnly, resolve } from './vitest.config.ts';

// The security group: what a hostile pod, page, host name or file can do, tried against the built server (next start)
// and the local cluster. Needs `npx next build` and `npm run cluster:up` first (npm run test:security builds).
export default defineConfig({
  resolve,
  test: {
    allowOnly,
    include: ['test/security/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/security/server.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
