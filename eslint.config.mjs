// ESLint: Next's rules, typescript-eslint's, and the layout's import rule (docs/architecture.md, "What each folder may import").
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { FACT_KEYS as CLUSTER_FACTS } from './lib/cluster/facts.ts';

// The modules under lib/ (as regular expressions of the path after '@/lib/') components may import.
const COMPONENTS_MAY_IMPORT = ['domain(/.*)?', 'views/[^/]+-types', '[^/]+-types', 'errors', 'client/[^/]+', 'routes', 'write-credential'];

// The modules under lib/ lib/domain may import: itself, and the error vocabulary (the codes a Part's error carries).
const DOMAIN_MAY_IMPORT = ['domain(/.*)?', 'errors'];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'node_modules/**',
    '.cluster/**',
    '.cluster-real/**',
    '.cluster-aside/**',
    'data/**',
    'test-results/**',
    'test-results-real/**',
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
    // What components may import from lib/ (docs/architecture.md, "What each folder may import"): whatever they import
    // can end up in the browser's bundle, so never the modules that hold the read credential's client, the store or the
    // settings. They get the pure rules, the read models' JSON contracts, the error vocabulary, the browser's helpers and
    // the links; a setting comes as a prop.
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/lib/(?!(${COMPONENTS_MAY_IMPORT.join('|')})$)`,
              message:
                'Components import from lib/ only lib/domain, the types files (lib/views/*-types, lib/*-types), lib/errors, ' +
                "lib/client, lib/routes and lib/write-credential: read the server's data through a read model's types file, " +
                'and take a setting as a prop.',
            },
            { regex: '^(\\.\\./)+lib/', message: "Import lib/ through '@/lib/…', where the rule above reads it." },
          ],
        },
      ],
    },
  },
  {
    // lib/domain is pure: no I/O, no clock, and nothing of the transport (lib/http) or of the server around it.
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
            { group: ['node:*', 'next/*'], message: 'lib/domain does no I/O: pass what it needs in.' },
            {
              regex: `^@/lib/(?!(${DOMAIN_MAY_IMPORT.join('|')})$)`,
              message:
                'lib/domain imports from lib/ only itself and lib/errors: it does no I/O and knows no transport; pass what it needs in.',
            },
            { regex: '^\\.\\./', message: "Import lib/ through '@/lib/…', where the rule above reads it." },
          ],
        },
      ],
    },
  },
  {
    // The cluster is a value passed in from the edge (docs/architecture.md, "The path of one request"): below the
    // edge, nothing finds a cluster by itself (the registry), and nothing reads a cluster's fact from the server's
    // settings: a reader gets the Cluster it works for, and reads `cluster.facts`.
    files: ['lib/views/**/*.ts', 'lib/k8s/**/*.ts', 'lib/prometheus/**/*.ts', 'lib/history/**/*.ts'],
    ignores: ['**/*.test.ts', 'lib/history/start.ts', 'lib/history/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/lib/cluster/registry',
              message:
                'Below the edge, take the Cluster as a parameter: route(), a page or the recorder resolves it (lib/http/cluster.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', 'cli/**/*.ts'],
    ignores: ['**/*.test.ts', 'lib/config.ts', 'lib/cluster/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression[object.type='CallExpression'][object.callee.name='settings'][property.name=/^(${CLUSTER_FACTS.join('|')})$/]`,
          message: "A cluster's fact is `cluster.facts.<name>`: the settings are only its default (lib/cluster/facts.ts).",
        },
        {
          selector: `VariableDeclarator[init.type='CallExpression'][init.callee.name='settings'] > ObjectPattern > Property[key.name=/^(${CLUSTER_FACTS.join('|')})$/]`,
          message: "A cluster's fact is `cluster.facts.<name>`: the settings are only its default (lib/cluster/facts.ts).",
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
