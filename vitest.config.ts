import { defineConfig } from 'vitest/config';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** How every group's tests import: '@/' is the repository's root, and `server-only` a stub outside Next. */
export const resolve = {
  alias: {
    '@': fileURLToPath(new URL('.', import.meta.url)),
    'server-only': fileURLToPath(new URL('./test/server-only-stub.ts', import.meta.url)),
  },
};

/**
 * Test files a group names one by one: vitest drops a named file that does not exist without a word, so a renamed
 * file would leave its group quietly smaller. Here it stops the run, naming the file.
 */
export function named(files: string[]): string[] {
  const missing = files.filter((file) => !existsSync(fileURLToPath(new URL(file, import.meta.url))));
  if (missing.length > 0) throw new Error(`a test group names files that do not exist: ${missing.join(', ')}`);
  return files;
}

/** In every group: a stray `.only` fails its file rather than running one test green. */
export const allowOnly = false;

// Unit tests: pure logic only, no cluster, no Prometheus.
export default defineConfig({
  resolve,
  test: {
    name: 'unit',
    allowOnly,
    include: ['lib/**/*.test.ts', 'components/**/*.test.ts', 'app/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
  },
});
