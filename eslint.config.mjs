// ESLint: Next's rules, typescript-eslint's, and the layout's import rule (docs/architecture.md, "What each folder may import").
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Modules that do I/O: the cluster, Prometheus, the history store, the read models that combine them, the settings.
const IO_MODULES = ['@/lib/k8s/*', '@/lib/prometheus/*', '@/lib/history', '@/lib/history/*', '@/lib/views/*', '@/lib/config'];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'node_modules/**',
    '.cluster/**',
    '.cluster-real/**',
    'data/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
  ]),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // style-only: warnings, so branches merging later are not drowned
      'react/no-unescaped-entities': 'warn',
      '@typescript-eslint/no-explicit-any': 'warn',
      'max-len': ['warn', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true, ignoreComments: false }],
    },
  },
  {
    // Components see the read models' JSON contracts (lib/views/*-types), lib/domain, the error type and the client
    // fetch helper (lib/client/query), never the modules that read the cluster, Prometheus or the history store.
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/k8s', '@/lib/k8s/*', '@/lib/history', '@/lib/history/*', '@/lib/prometheus', '@/lib/prometheus/*'],
              message: "Components never import lib/k8s, lib/history or lib/prometheus: use the read model's lib/views/*-types.",
            },
            {
              group: ['@/lib/views/*', '!@/lib/views/*-types'],
              message: "Components import only the read models' types files (lib/views/*-types).",
            },
            { group: ['@/lib/config'], message: 'Settings are server-side: pass what a component needs as props.' },
          ],
        },
      ],
    },
  },
  {
    // lib/domain is pure: no I/O, no clock.
    files: ['lib/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['server-only', 'fs', 'http', 'https', 'net', '@kubernetes/client-node', 'better-sqlite3', 'kysely', 'next', 'react'].map(
            (name) => ({
              name,
              message: 'lib/domain does no I/O: pass what it needs in.',
            }),
          ),
          patterns: [
            {
              group: [...IO_MODULES, '@/lib/http/params', '@/lib/http/route', 'node:*', 'next/*'],
              message: 'lib/domain does no I/O: pass what it needs in.',
            },
          ],
        },
      ],
    },
  },
  {
    // Fixtures and test harnesses may read files.
    files: ['lib/domain/**/*.test.ts', 'lib/domain/__fixtures__/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
]);
