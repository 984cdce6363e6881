// The runbook's policy (policy.ts) through Kyverno v1.19.1's own CLI, `kyverno test`, offline: the MutatingPolicy
// `memory-requests` with the GlobalContextEntry mocked by the table's ConfigMap, on pods of each owner shape, each
// compared with the pod as the runbook says it must come out (written here by hand, not computed by memdash).
// Runs in the real-kyverno group: the CLI is built beside the admission controller (build-kyverno.sh).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { kyvernoCli } from './binary.ts';
import { globalContextEntry, mutatingPolicy } from '../policy.ts';
import { GLOBAL_CONTEXT_ENTRY, NAMESPACE, POLICY, TABLE } from '../names.ts';

const ROWS = {
  shop_web_app: '300Mi',
  shop_web_nginx: '24Mi',
  'shop_nightly-report_migrate': '40Mi',
  'shop_nightly-report_report': '200Mi',
  'jenkins-prd_build-app_jnlp': '512Mi',
  shop_redis_redis: '1Gi',
};

const owner = (kind: string, name: string, apiVersion = 'apps/v1') => [{ apiVersion, kind, name, uid: `uid-${name}`, controller: true }];

interface Case {
  what: string;
  pod: { namespace: string; name: string; ownerReferences?: object[]; initContainers?: object[]; containers: object[] };
  /** The containers as they must come out; absent: the pod is left untouched. */
  expected?: { initContainers?: object[]; containers: object[] };
}

const CASES: Case[] = [
  {
    what: 'a Deployment pod: a container without resources gets its row; one whose limit is below its row gets the limit',
    pod: {
      namespace: 'shop',
      name: 'web-5d9c7f-abcde',
      ownerReferences: owner('ReplicaSet', 'web-5d9c7f'),
      containers: [
        { name: 'app', image: 'app' },
        { name: 'nginx', image: 'nginx', resources: { limits: { memory: '16Mi' } } },
      ],
    },
    expected: {
      containers: [
        { name: 'app', image: 'app', resources: { requests: { memory: '300Mi' } } },
        { name: 'nginx', image: 'nginx', resources: { limits: { memory: '16Mi' }, requests: { memory: '16Mi' } } },
      ],
    },
  },
  {
    what: 'a CronJob run: the init container gets its row, a container with only a CPU request gets memory beside it',
    pod: {
      namespace: 'shop',
      name: 'nightly-report-29000000-xyz12',
      ownerReferences: owner('Job', 'nightly-report-29000000', 'batch/v1'),
      initContainers: [{ name: 'migrate', image: 'migrate' }],
      containers: [{ name: 'report', image: 'report', resources: { requests: { cpu: '100m' } } }],
    },
    expected: {
      initContainers: [{ name: 'migrate', image: 'migrate', resources: { requests: { memory: '40Mi' } } }],
      containers: [{ name: 'report', image: 'report', resources: { requests: { cpu: '100m', memory: '200Mi' } } }],
    },
  },
  {
    what: "a Jenkins agent without owner: the job's name from <job>-<build>-<agent>",
    pod: { namespace: 'jenkins-prd', name: 'build-app-12-abcde', containers: [{ name: 'jnlp', image: 'agent' }] },
    expected: { containers: [{ name: 'jnlp', image: 'agent', resources: { requests: { memory: '512Mi' } } }] },
  },
  {
    what: 'a StatefulSet pod whose request is above its row: the row replaces it (the table sets requests, it does not only raise them)',
    pod: {
      namespace: 'shop',
      name: 'redis-0',
      ownerReferences: owner('StatefulSet', 'redis'),
      containers: [{ name: 'redis', image: 'redis', resources: { requests: { memory: '2Gi' } } }],
    },
    expected: { containers: [{ name: 'redis', image: 'redis', resources: { requests: { memory: '1Gi' } } }] },
  },
  {
    what: 'a pod without owner outside Jenkins: no workload, untouched',
    pod: { namespace: 'shop', name: 'debug-shell', containers: [{ name: 'shell', image: 'busybox' }] },
  },
  {
    what: 'a Deployment pod whose container has no row: untouched',
    pod: {
      namespace: 'shop',
      name: 'web-5d9c7f-fghij',
      ownerReferences: owner('ReplicaSet', 'web-5d9c7f'),
      containers: [{ name: 'sidecar', image: 's' }],
    },
  },
];

function podOf(c: Case, containers: Case['expected'] = c.pod): object {
  const { namespace, name, ownerReferences } = c.pod;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace, name, ...(ownerReferences && { ownerReferences }) },
    spec: { ...(containers!.initContainers && { initContainers: containers!.initContainers }), containers: containers!.containers },
  };
}

const documents = (objects: object[]) => objects.map((o) => stringify(o)).join('---\n');

/** The test folder `kyverno test` reads: the policy, the pods, the patched pods, the mocked table, the namespaces. */
function writeTestFolder(dir: string): void {
  writeFileSync(join(dir, 'policy.yaml'), stringify(mutatingPolicy()));
  writeFileSync(join(dir, 'resources.yaml'), documents(CASES.map((c) => podOf(c))));
  // an untouched pod is its own patched pod: Kyverno's CLI reports a policy that patched nothing as a pass
  writeFileSync(join(dir, 'patched.yaml'), documents(CASES.map((c) => podOf(c, c.expected ?? c.pod))));
  const namespaces = [...new Set(CASES.map((c) => c.pod.namespace))];
  writeFileSync(
    join(dir, 'values.yaml'),
    stringify({
      apiVersion: 'cli.kyverno.io/v1alpha1',
      kind: 'Values',
      metadata: { name: 'values' },
      namespaces: namespaces.map((name) => ({
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
      })),
    }),
  );
  const entry = globalContextEntry() as { spec: { projections: Array<{ name: string; jmesPath: string }> } };
  writeFileSync(
    join(dir, 'kyverno-test.yaml'),
    stringify({
      apiVersion: 'cli.kyverno.io/v1alpha1',
      kind: 'Test',
      metadata: { name: 'memory-requests' },
      policies: ['policy.yaml'],
      resources: ['resources.yaml'],
      variables: 'values.yaml',
      globalContextEntries: [
        {
          name: GLOBAL_CONTEXT_ENTRY,
          resources: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: TABLE, namespace: NAMESPACE }, data: ROWS }],
          projections: entry.spec.projections.map((p) => ({ name: p.name, path: p.jmesPath })),
        },
      ],
      results: CASES.map((c) => ({
        isMutatingPolicy: true,
        kind: 'Pod',
        policy: POLICY,
        resources: [`${c.pod.namespace}/${c.pod.name}`],
        patchedResources: 'patched.yaml',
        result: 'pass',
      })),
    }),
  );
}

describe("the runbook's policy through `kyverno test` (Kyverno v1.19.1's CLI, offline)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'memdash-kyverno-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('mutates each pod shape as the runbook says, and leaves pods without a workload or a row untouched', () => {
    expect(
      existsSync(kyvernoCli),
      `precondition: Kyverno's CLI at ${kyvernoCli} (npm run cluster -- build, which scripts/test.sh runs, builds it)`,
    ).toBe(true);
    writeTestFolder(dir);
    let output: string;
    try {
      output = execFileSync(kyvernoCli, ['test', dir, '--detailed-results'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      const failed = err as { stdout?: string; stderr?: string };
      throw new Error(`kyverno test failed:\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`);
    }
    for (const c of CASES) expect(output, c.what).toMatch(new RegExp(`${c.pod.namespace}/${c.pod.name} .*Pass`));
    expect(output).toMatch(new RegExp(`Test Summary: ${CASES.length} tests passed and 0 tests failed`));
  });
});
