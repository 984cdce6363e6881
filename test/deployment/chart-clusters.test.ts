// The chart's `clusters` (several clusters' kubeconfigs from Secrets) and `readerOnly` (a remote cluster's read
// rights), rendered with helm: the file it writes parses with memdash's own parseClusters, each Secret is mounted where
// the file says, mistakes stop the render naming the entry, and without `clusters` the chart renders what it rendered
// before. helm only: no cluster needed.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments, parseDocument, stringify } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { helmBin } from '../../e2e/cluster/lib/paths.ts';
import { loadSettings } from '../../lib/config.ts';
import { parseClusters } from '../../lib/cluster/config.ts';
import { PreconditionFailed, repoRoot } from '../integration/cluster.ts';

if (!existsSync(helmBin)) throw new PreconditionFailed(`${helmBin} does not exist`, 'run scripts/setup.sh (it builds helm)');

const CHART = join(repoRoot, 'charts/memdash');
const RELEASE = 'memdash';
const NAMESPACE = 'memdash';
const dir = mkdtempSync(join(tmpdir(), 'memdash-chart-clusters-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface K8sObject {
  kind: string;
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> };
  [field: string]: unknown;
}
interface Pod {
  metadata: { annotations?: Record<string, string> };
  spec: {
    containers: Array<{
      env: Array<{ name: string; value?: string }>;
      volumeMounts: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
    }>;
    volumes: Array<{
      name: string;
      configMap?: { name: string };
      secret?: { secretName: string; defaultMode: number; items: Array<{ key: string; path: string }> };
    }>;
  };
}

let files = 0;
/** `helm template`'s text for these values (written to a values file, so types are kept as YAML has them). */
function template(values: Record<string, unknown> = {}, chart = CHART): string {
  const file = join(dir, `values-${files++}.yaml`);
  writeFileSync(file, stringify(values));
  return execFileSync(helmBin, ['template', RELEASE, chart, '--namespace', NAMESPACE, '-f', file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
const render = (values: Record<string, unknown> = {}) =>
  parseAllDocuments(template(values))
    .map((d) => d.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
const find = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const podOf = (objects: K8sObject[]) => (find(objects, 'Deployment')[0]!.spec as { template: Pod }).template;
const clustersFileOf = (objects: K8sObject[]) => (find(objects, 'ConfigMap')[0]!.data as Record<string, string>)['clusters.yaml']!;
/** helm's error for these values: its message, or a failure naming the values that rendered. */
function refusal(values: Record<string, unknown>): string {
  try {
    template(values);
  } catch (err) {
    return String((err as { stderr?: string }).stderr);
  }
  throw new Error(`helm rendered ${JSON.stringify(values)}`);
}

const STG = {
  name: 'stg',
  existingSecret: 'memdash-cluster-stg',
  context: 'admin@stg',
  prometheus: { url: 'http://prometheus.shared:9090', matcher: 'cluster="stg"' },
  facts: { kyvernoNamespace: 'kyverno', admissionReplicas: 1, bootstrapNamespaces: ['kube-system', 'argocd'] },
  identity: { usernamePrefix: 'oidc:', groupsPrefix: 'oidc:' },
};
const DEV = { name: 'dev', existingSecret: 'kubeconfigs', secretKey: 'dev.yaml' };
const PRD = { name: 'prd', inCluster: true, prometheus: { url: 'http://prometheus-prd.monitoring:9090' } };
const SEVERAL = { clusters: [PRD, STG, DEV], defaultCluster: 'stg' };

describe('the chart without `clusters`', () => {
  it('renders what the chart rendered before these values existed, for the values it had then', () => {
    // the chart as it was: its values.yaml without the keys this change adds
    const before = join(dir, 'chart-before');
    cpSync(CHART, before, { recursive: true });
    const values = parseDocument(readFileSync(join(CHART, 'values.yaml'), 'utf8'));
    for (const key of ['clusters', 'defaultCluster', 'readerOnly']) expect(values.delete(key), key).toBe(true);
    writeFileSync(join(before, 'values.yaml'), values.toString());
    const options = [
      {},
      {
        replicaCount: 2,
        database: { existingSecret: 'memdash-db' },
        auth: { existingSecret: 'memdash-auth' },
        ingress: { enabled: true },
        prometheusRule: { enabled: true },
        settings: { MEMDASH_AUTH: 'proxy', MEMDASH_KUBE_CONTEXT: 'admin@prd' },
      },
    ];
    for (const given of options) expect(template(given)).toBe(template(given, before));
    const objects = render();
    expect(find(objects, 'ConfigMap')).toEqual([]);
    const pod = podOf(objects);
    expect(pod.metadata.annotations).toBeUndefined();
    expect(pod.spec.containers[0]!.env.map((e) => e.name)).not.toContain('MEMDASH_CLUSTERS');
    expect(pod.spec.volumes.map((v) => v.name)).toEqual(['data', 'cache', 'tmp']);
  });
});

describe('the chart with `clusters`', () => {
  it("writes MEMDASH_CLUSTERS' file, which parseClusters reads as the entries given", () => {
    const objects = render(SEVERAL);
    const list = parseClusters(clustersFileOf(objects), loadSettings({}));
    expect(list.defaultName).toBe('stg');
    expect(list.clusters.map((c) => c.name)).toEqual(['prd', 'stg', 'dev']);
    const [prd, stg, dev] = list.clusters;
    expect(prd).toMatchObject({ inCluster: true, kubeconfig: undefined, context: undefined });
    expect(prd!.prometheus).toEqual({ url: 'http://prometheus-prd.monitoring:9090' });
    expect(stg).toMatchObject({
      inCluster: false,
      kubeconfig: '/etc/memdash/clusters/stg/kubeconfig',
      context: 'admin@stg',
      prometheus: { url: 'http://prometheus.shared:9090', matcher: 'cluster="stg"' },
      identity: { usernamePrefix: 'oidc:', groupsPrefix: 'oidc:' },
    });
    expect(stg!.facts).toMatchObject({ kyvernoNamespace: 'kyverno', admissionReplicas: 1, bootstrapNamespaces: ['kube-system', 'argocd'] });
    // what an entry does not say comes from the settings: the runbook's defaults here
    expect(stg!.facts.tableConfigMap).toBe('memory-requests');
    expect(dev).toMatchObject({ inCluster: false, kubeconfig: '/etc/memdash/clusters/dev/kubeconfig', context: undefined });
    expect(dev!.facts.kyvernoNamespace).toBe('kyverno-prd');
  });

  it('mounts each Secret read-only where the file names its kubeconfig, and the file where MEMDASH_CLUSTERS says', () => {
    const objects = render(SEVERAL);
    const { spec } = podOf(objects);
    const container = spec.containers[0]!;
    const variable = container.env.find((e) => e.name === 'MEMDASH_CLUSTERS')?.value ?? '';
    const mountOf = (path: string) => {
      const mount = container.volumeMounts.find((m) => path.startsWith(`${m.mountPath}/`));
      return { mount, volume: spec.volumes.find((v) => v.name === mount?.name) };
    };
    const file = mountOf(variable);
    expect(variable.endsWith('/clusters.yaml'), variable).toBe(true);
    expect(file.mount?.readOnly).toBe(true);
    expect(file.volume?.configMap?.name).toBe(find(objects, 'ConfigMap')[0]!.metadata.name);
    const secrets = [
      ['/etc/memdash/clusters/stg/kubeconfig', 'memdash-cluster-stg', 'kubeconfig'],
      ['/etc/memdash/clusters/dev/kubeconfig', 'kubeconfigs', 'dev.yaml'],
    ];
    for (const [path, secret, key] of secrets) {
      const { mount, volume } = mountOf(path!);
      expect(mount?.readOnly, path).toBe(true);
      expect(`${mount?.mountPath}/${volume?.secret?.items[0]?.path}`).toBe(path);
      expect(volume?.secret).toMatchObject({ secretName: secret, items: [{ key }] });
      // the kubeconfig holds a credential: not readable by every user of the pod
      expect(volume!.secret!.defaultMode & 0o007, path).toBe(0);
    }
    // the chart's own cluster is read with its ServiceAccount: nothing mounted for it
    expect(container.volumeMounts.map((m) => m.mountPath).filter((p) => p.startsWith('/etc/memdash/clusters/'))).toHaveLength(2);
  });

  it('rolls the pods when the cluster list changes, and only then', () => {
    const checksum = (values: Record<string, unknown>) => podOf(render(values)).metadata.annotations?.['checksum/clusters'];
    const first = checksum(SEVERAL);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(checksum(SEVERAL)).toBe(first);
    expect(checksum({ ...SEVERAL, defaultCluster: 'prd' })).not.toBe(first);
    expect(checksum({ ...SEVERAL, clusters: [PRD, { ...STG, context: 'other@stg' }, DEV] })).not.toBe(first);
  });

  it('refuses an entry it can tell is wrong, naming the entry and the field', () => {
    const one = (entry: Record<string, unknown>) => ({ clusters: [PRD, entry] });
    expect(refusal(one({ ...DEV, name: 'Dev_1' }))).toMatch(/clusters\[1\]: name "Dev_1" must be a DNS label/);
    expect(refusal(one({ ...DEV, name: 'a'.repeat(64) }))).toMatch(/clusters\[1\]: name "a{64}" must be a DNS label/);
    expect(refusal(one({ ...DEV, name: 'prd' }))).toMatch(/clusters\[1\] \(prd\): name: another entry has this name/);
    expect(refusal(one({ name: 'dev' }))).toMatch(/clusters\[1\] \(dev\): existingSecret: name the Secret/);
    expect(refusal(one({ ...DEV, kubeconfig: '/x' }))).toMatch(/clusters\[1\] \(dev\): kubeconfig: not a field of an entry/);
    expect(refusal(one({ name: 'dev', inCluster: true }))).toMatch(/clusters\[1\] \(dev\): inCluster: prd already is/);
    expect(refusal({ clusters: [{ ...PRD, existingSecret: 's' }] })).toMatch(/clusters\[0\] \(prd\): inCluster: takes no existingSecret/);
    expect(refusal({ clusters: [PRD], defaultCluster: 'stg' })).toMatch(/defaultCluster: no entry of clusters is named "stg"/);
    expect(refusal({ clusters: [PRD], settings: { MEMDASH_CLUSTERS: '/x.yaml' } })).toMatch(/clusters and settings.MEMDASH_CLUSTERS/);
    expect(refusal({ clusters: [PRD], readerOnly: true })).toMatch(/readerOnly renders no memdash/);
  });
});

describe("readerOnly: a remote cluster's read rights for a memdash elsewhere", () => {
  it('renders the ServiceAccount, its read and probe roles and a token Secret, and no memdash', () => {
    const full = render();
    const reader = render({ readerOnly: true, ingress: { enabled: true }, prometheusRule: { enabled: true } });
    const kinds = reader.map((o) => `${o.kind}/${o.metadata.name}`).sort();
    expect(kinds).toEqual(
      [
        'ServiceAccount/memdash',
        'Secret/memdash-token',
        'ClusterRole/memdash-read',
        'ClusterRoleBinding/memdash-read',
        'Role/memdash-read',
        'RoleBinding/memdash-read',
        'Role/memdash-probe',
        'RoleBinding/memdash-probe',
      ].sort(),
    );
    // the same rights as the chart's own memdash has in its cluster, not fewer
    for (const kind of ['ClusterRole', 'Role'])
      expect(find(reader, kind).map((r) => r.rules)).toEqual(
        find(full, kind)
          .filter((r) => r.metadata.name !== 'memdash-recorder-lease')
          .map((r) => r.rules),
      );
    const [token] = find(reader, 'Secret');
    expect(token).toMatchObject({
      type: 'kubernetes.io/service-account-token',
      metadata: { annotations: { 'kubernetes.io/service-account.name': 'memdash' } },
    });
  });
});
