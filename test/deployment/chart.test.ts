// The Helm chart (charts/memdash): helm lint, what helm template renders, helm install into the local cluster, then
// memdash run on this host with the installed ServiceAccount's token as its only credential. Every page and read API
// answers with no refusal from the cluster, every cache lists and watches, the read-only browser specs pass, and a
// write with that token is refused by the cluster's RBAC. KWOK plays the kubelet: the Deployment's pods are fakes
// that become Ready without an image (the image itself is run as the chart's pod by the image group: test/image/).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmBin } from '../../e2e/cluster/lib/paths.ts';
import { loadSettings, variableOf, type Settings } from '../../lib/config.ts';
import {
  kubeconfig,
  kubectl,
  kubectlJson,
  podOf,
  PreconditionFailed,
  repoRoot,
  requireCluster,
  requirePodWebhook,
} from '../integration/cluster.ts';
import { jobEnds, snapshotMode, tableData } from '../integration/write-harness.ts';
import { startMemdash, type RunningMemdash } from '../security/server.ts';
import { EVERY_PAGE_AS_BOOKMARKED } from '../../e2e/browser/every-page.ts';
import { REFUSAL } from '../refusal.ts';

requireCluster();
if (!existsSync(helmBin)) throw new PreconditionFailed(`${helmBin} does not exist`, 'run scripts/setup.sh (it builds helm)');

const CHART = join(repoRoot, 'charts/memdash');
// not `memdash`: the harness's own viewer already has a Role memdash-probe in development
const RELEASE = 'memdash-chart';
const NAMESPACE = 'memdash-chart';
const SERVICE_ACCOUNT = `system:serviceaccount:${NAMESPACE}:${RELEASE}`;

function helm(args: string[]): string {
  return execFileSync(helmBin, ['--kubeconfig', kubeconfig('admin'), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  [field: string]: unknown;
}

/** The objects `helm template` renders with these --set values (a JSON value each, so types are kept). */
function render(values: Record<string, unknown> = {}): K8sObject[] {
  const sets = Object.entries(values).flatMap(([k, v]) => ['--set-json', `${k}=${JSON.stringify(v)}`]);
  const text = helm(['template', RELEASE, CHART, '--namespace', NAMESPACE, ...sets]);
  return parseAllDocuments(text)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
}
const find = (objects: K8sObject[], kind: string, name?: string) =>
  objects.filter((o) => o.kind === kind && (!name || o.metadata.name === name));

interface Container {
  env: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  securityContext: Record<string, unknown>;
  livenessProbe: { httpGet: { path: string } };
  readinessProbe: { httpGet: { path: string } };
  resources: { requests?: Record<string, string>; limits?: Record<string, string> };
}
function podSpecOf(objects: K8sObject[]) {
  const [deployment] = find(objects, 'Deployment');
  return (deployment as unknown as { spec: { template: { spec: { securityContext: Record<string, unknown>; containers: Container[] } } } })
    .spec.template.spec;
}
const envOf = (objects: K8sObject[]) => new Map(podSpecOf(objects).containers[0]!.env.map((e) => [e.name, e]));

// Every setting lib/config.ts reads; DATABASE_URL holds a password and comes from a Secret, never from a value.
const SETTING_VARIABLES = (Object.keys(loadSettings({})) as Array<keyof Settings>).map(variableOf);
/** Settings that are secrets: from `auth.existingSecret`, never values. */
const SECRET_SETTINGS = ['MEMDASH_OIDC_CLIENT_SECRET', 'MEMDASH_SESSION_KEY', 'MEMDASH_PROXY_SECRET', 'MEMDASH_METRICS_TOKEN'];

describe('helm lint and helm template', () => {
  it('helm lint --strict finds nothing', () => {
    expect(helm(['lint', '--strict', CHART])).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
  });

  it('the pod runs as non-root on a read-only root filesystem, with /healthz and /readyz probes and resources', () => {
    const pod = podSpecOf(render());
    const container = pod.containers[0]!;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    expect(container.resources.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits).toMatchObject({ memory: expect.any(String) });
  });

  it('every setting of lib/config.ts is a value under `settings`, and a value given reaches the container', () => {
    const values = parseYaml(readFileSync(join(CHART, 'values.yaml'), 'utf8')) as { settings: Record<string, string> };
    const underSettings = SETTING_VARIABLES.filter((v) => v !== 'DATABASE_URL' && !SECRET_SETTINGS.includes(v));
    expect(Object.keys(values.settings).sort()).toEqual([...underSettings].sort());
    const given = Object.fromEntries(underSettings.map((v) => [`settings.${v}`, `value-of-${v.toLowerCase()}`]));
    const env = envOf(render(given));
    for (const variable of underSettings) {
      const value = env.get(variable)?.value ?? '';
      // the chart adds the Service's names and the pod's IP to the Hosts memdash answers
      if (variable === 'MEMDASH_ALLOWED_HOSTS') expect(value.split(',')).toContain(`value-of-${variable.toLowerCase()}`);
      else expect(value, variable).toBe(`value-of-${variable.toLowerCase()}`);
    }
  });

  it("sign-in's secrets come from a Secret, an Ingress without sign-in is refused, and the ClusterRole only asks", () => {
    const env = envOf(render({ 'auth.existingSecret': 'memdash-auth', 'settings.MEMDASH_AUTH': 'oidc' }));
    for (const variable of SECRET_SETTINGS)
      expect(env.get(variable)).toEqual({
        name: variable,
        valueFrom: { secretKeyRef: { name: 'memdash-auth', key: variable, optional: true } },
      });
    expect(env.has('MEMDASH_AUTH_NONE_ON_NETWORK')).toBe(false);
    expect(envOf(render()).get('MEMDASH_AUTH_NONE_ON_NETWORK')?.value).toBe('on');
    expect(() => render({ 'ingress.enabled': true })).toThrow(/ingress.enabled with settings.MEMDASH_AUTH none/);
    expect(() => render({ 'ingress.enabled': true, 'settings.MEMDASH_AUTH': 'proxy' })).not.toThrow();
    // writing as the person needs their ID token, which only oidc holds
    for (const mode of ['none', 'proxy'])
      expect(() => render({ 'settings.MEMDASH_AUTH': mode, 'settings.MEMDASH_WRITE_AS_USER': 'on' })).toThrow(
        /MEMDASH_WRITE_AS_USER on needs settings.MEMDASH_AUTH oidc/,
      );
    expect(() => render({ 'settings.MEMDASH_AUTH': 'oidc', 'settings.MEMDASH_WRITE_AS_USER': 'on' })).not.toThrow();
    const [role] = find(render(), 'ClusterRole') as unknown as Array<{
      rules: Array<{ apiGroups: string[]; resources: string[]; verbs: string[] }>;
    }>;
    const asking = role!.rules.filter((r) => r.apiGroups.includes('authorization.k8s.io'));
    expect(asking).toEqual([{ apiGroups: ['authorization.k8s.io'], resources: ['subjectaccessreviews'], verbs: ['create'] }]);
  });

  it("PostgreSQL's URL comes from a Secret, never from a value; more than one replica without it is refused", () => {
    expect(envOf(render()).has('DATABASE_URL')).toBe(false);
    const env = envOf(render({ 'database.existingSecret': 'memdash-db', replicaCount: 2 }));
    expect(env.get('DATABASE_URL')).toEqual({
      name: 'DATABASE_URL',
      valueFrom: { secretKeyRef: { name: 'memdash-db', key: 'DATABASE_URL' } },
    });
    expect(() => render({ replicaCount: 2 })).toThrow(/replicaCount above 1 needs database.existingSecret/);
  });

  it('the Ingress is optional and its host is one memdash answers; the PrometheusRule is off by default', () => {
    const plain = render();
    expect(find(plain, 'Ingress')).toEqual([]);
    expect(find(plain, 'PrometheusRule')).toEqual([]);
    const full = render({
      'ingress.enabled': true,
      'ingress.host': 'memdash.example.internal',
      'prometheusRule.enabled': true,
      'settings.MEMDASH_AUTH': 'proxy',
    });
    const [ingress] = find(full, 'Ingress') as unknown as Array<{
      spec: { rules: Array<{ host: string; http: { paths: Array<{ backend: unknown }> } }> };
    }>;
    expect(ingress!.spec.rules[0]!.host).toBe('memdash.example.internal');
    expect(ingress!.spec.rules[0]!.http.paths[0]!.backend).toEqual({ service: { name: RELEASE, port: { name: 'http' } } });
    expect(envOf(full).get('MEMDASH_ALLOWED_HOSTS')?.value?.split(',')).toContain('memdash.example.internal');
    const [rule] = find(full, 'PrometheusRule') as unknown as Array<{ spec: unknown }>;
    expect(rule!.spec).toEqual(parseYaml(readFileSync(join(CHART, 'alerts/memdash.rules.yaml'), 'utf8')));
  });

  it('the read ClusterRole only reads (and asks access reviews), and lists and watches every kind the caches follow', () => {
    const objects = render();
    const rules = find(objects, 'ClusterRole', `${RELEASE}-read`).flatMap(
      (r) => r.rules as Array<{ apiGroups: string[]; resources: string[]; verbs: string[] }>,
    );
    // the one verb that is not a read: asking what a signed-in person may read, which grants nothing itself
    const notReads = rules.filter((r) => r.verbs.some((v) => !['get', 'list', 'watch'].includes(v)));
    expect(notReads).toEqual([{ apiGroups: ['authorization.k8s.io'], resources: ['subjectaccessreviews'], verbs: ['create'] }]);
    const verbsOn = (group: string, resource: string) =>
      rules.filter((r) => r.apiGroups.includes(group) && r.resources.includes(resource)).flatMap((r) => r.verbs);
    // the kinds lib/k8s/caches.ts lists and watches cluster-wide (written out here, not read from the code under test)
    const watched: Array<[string, string]> = [
      ['', 'pods'],
      ['', 'namespaces'],
      ['admissionregistration.k8s.io', 'mutatingwebhookconfigurations'],
      ['admissionregistration.k8s.io', 'validatingwebhookconfigurations'],
      ...['deployments', 'replicasets', 'statefulsets', 'daemonsets'].map((r): [string, string] => ['apps', r]),
      ...['jobs', 'cronjobs'].map((r): [string, string] => ['batch', r]),
    ];
    for (const [group, resource] of watched)
      expect(verbsOn(group, resource), `${resource}.${group}`).toEqual(expect.arrayContaining(['list', 'watch']));
    const [kyvernoRole] = find(objects, 'Role', `${RELEASE}-read`);
    expect(kyvernoRole!.metadata.namespace).toBe('kyverno-prd');
    expect(kyvernoRole!.rules).toContainEqual({ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch'] });
  });
});

interface PlaywrightSuite {
  specs?: Array<{ title: string; tests: Array<{ results: Array<{ duration: number }> }> }>;
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: Record<string, number>;
  suites: PlaywrightSuite[];
}
/** Each browser test's time, one a line: what this group adds to the suite's run is watched. */
function timings(report: PlaywrightReport): string {
  const lines: string[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) lines.push(`  ${(spec.tests[0]?.results[0]?.duration ?? 0) / 1000} s  ${spec.title}`);
    suite.suites?.forEach(walk);
  };
  report.suites.forEach(walk);
  return lines.join('\n');
}

describe('helm install, then memdash with the ServiceAccount token as its only credential', () => {
  let dir: string;
  let memdash: RunningMemdash;
  let token: string;
  let base: string;
  let runJob: string;
  let serviceAccountConfig: string;

  beforeAll(async () => {
    requirePodWebhook();
    dir = mkdtempSync(join(tmpdir(), 'memdash-chart-'));
    if (helm(['list', '--namespace', NAMESPACE, '--short']).split('\n').includes(RELEASE))
      helm(['uninstall', RELEASE, '--namespace', NAMESPACE, '--wait']); // a previous run's, on a cluster left up
    helm(['install', RELEASE, CHART, '--namespace', NAMESPACE, '--create-namespace', '--wait', '--timeout', '3m']);
    token = kubectl(['-n', NAMESPACE, 'create', 'token', RELEASE, '--duration', '1h'], 'admin').trim();
    const admin = readFileSync(kubeconfig('admin'), 'utf8');
    const server = /server: (\S+)/.exec(admin)![1]!;
    const ca = /certificate-authority-data: (\S+)/.exec(admin)![1]!;
    serviceAccountConfig = join(dir, 'serviceaccount.yaml');
    writeFileSync(
      serviceAccountConfig,
      `apiVersion: v1
kind: Config
clusters: [{ name: local, cluster: { server: '${server}', certificate-authority-data: '${ca}' } }]
users: [{ name: ${RELEASE}, user: { token: '${token}' } }]
contexts: [{ name: local, context: { cluster: local, user: ${RELEASE} } }]
current-context: local
`,
      { mode: 0o600 },
    );
    // one snapshot run to show (its Job, pods and log), the table put back after it so the scenario's verdicts hold
    const table = tableData();
    snapshotMode('normal');
    runJob = `memory-snapshot-chart-${Date.now() % 100000}`;
    kubectl(['-n', 'kyverno-prd', 'create', 'job', `--from=cronjob/memory-snapshot`, runJob], 'operator');
    await jobEnds(runJob);
    const putBack = table ? { op: 'replace', path: '/data', value: table } : { op: 'remove', path: '/data' };
    kubectl(['-n', 'kyverno-prd', 'patch', 'configmap', 'memory-requests', '--type=json', '-p', JSON.stringify([putBack])], 'admin');
    memdash = await startMemdash({
      KUBECONFIG: serviceAccountConfig,
      MEMDASH_HISTORY_PATH: join(dir, 'history.sqlite'),
      MEMDASH_RECORDER_LEASE: `${NAMESPACE}/${RELEASE}-recorder`,
      MEMDASH_PROBE_MIN_INTERVAL_MS: '0',
    });
    base = `http://127.0.0.1:${memdash.port}`;
  }, 600_000);

  afterAll(async () => {
    await memdash?.stop();
    const quietly = (run: () => unknown) => {
      try {
        run();
      } catch {
        // already gone, or never made when beforeAll failed
      }
    };
    quietly(() => helm(['uninstall', RELEASE, '--namespace', NAMESPACE, '--wait']));
    quietly(() => kubectl(['delete', 'namespace', NAMESPACE, '--wait=false'], 'admin'));
    if (runJob) quietly(() => kubectl(['-n', 'kyverno-prd', 'delete', 'job', runJob, '--wait=false'], 'admin'));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("the release's Deployment is available (KWOK's fake pods) and runs as its ServiceAccount", () => {
    const deployment = kubectlJson<{
      status: { availableReplicas?: number };
      spec: { template: { spec: { serviceAccountName: string } } };
    }>(['-n', NAMESPACE, 'get', 'deployment', RELEASE]);
    expect(deployment.status.availableReplicas).toBe(1);
    expect(deployment.spec.template.spec.serviceAccountName).toBe(RELEASE);
  });

  /** The cluster's refusal in any form memdash passes on: an error code, a panel, or the API server's own words. */

  it('every page answers with no refusal from the cluster', async () => {
    const pod = podOf('shop', 'web');
    const pages = [...EVERY_PAGE_AS_BOOKMARKED, `/pods/shop/${pod}`, `/snapshot/runs/${runJob}`];
    const refused: string[] = [];
    for (const path of pages) {
      const response = await fetch(base + path);
      const body = await response.text();
      if (response.status !== 200 || REFUSAL.test(body)) refused.push(`${path} (${response.status}): ${REFUSAL.exec(body)?.[0] ?? ''}`);
    }
    expect(refused).toEqual([]);
  });

  it('every read API answers with no refusal; the probe (a dry-run create) is admitted', async () => {
    const pod = podOf('shop', 'web');
    const apis = [
      '/api/webhook',
      '/api/webhook/logs',
      '/api/pods',
      `/api/pods/shop/${pod}/explanation`,
      '/api/table/snapshots',
      '/api/workloads/payments/api/memory',
      '/api/snapshot/runs',
      `/api/snapshot/runs/${runJob}`,
      '/api/snapshot/preview',
      '/api/break-glass',
      '/api/break-glass/drill',
      `/api/break-glass/pods-created?since=${new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z')}`,
      '/api/audit',
      '/api/lifecycle',
    ];
    const refused: string[] = [];
    for (const path of apis) {
      const response = await fetch(base + path);
      const body = await response.text();
      if (response.status !== 200 || REFUSAL.test(body))
        refused.push(`${path} (${response.status}): ${REFUSAL.exec(body)?.[0] ?? body.slice(0, 200)}`);
    }
    // every pod's explanation: its owner chain walks each owner kind there is (ReplicaSet, StatefulSet, DaemonSet, Job
    // and CronJob, CloudNativePG's Cluster), so each owner cache starts and each read by name is made
    const pods = kubectlJson<{ items: Array<{ metadata: { namespace: string; name: string } }> }>(['get', 'pods', '-A']).items;
    for (const { metadata } of pods) {
      const response = await fetch(`${base}/api/pods/${metadata.namespace}/${metadata.name}/explanation`);
      const body = await response.text();
      // 404: a Job's pod gone since the list, not a refusal
      if (![200, 404].includes(response.status) || REFUSAL.test(body))
        refused.push(`${metadata.namespace}/${metadata.name} (${response.status})`);
    }
    expect(refused).toEqual([]);
    const probe = await fetch(`${base}/api/webhook/probe`, { method: 'POST', headers: { origin: base } });
    expect(probe.status).toBe(200);
    expect(await probe.json()).toMatchObject({ outcome: 'admitted' });
  });

  it("every cache has listed and keeps its watch; the recorder holds the chart's Lease", async () => {
    const { caches } = (await (await fetch(`${base}/api/caches`)).json()) as {
      caches: Array<{ name: string; synced: boolean; behind: string | null; watchesLost: number }>;
    };
    for (const name of [
      'pods',
      'namespaces',
      'mutatingwebhookconfigurations',
      'validatingwebhookconfigurations',
      'replicasets',
      'deployments',
      'jobs',
    ])
      expect(caches.map((c) => c.name)).toContain(name);
    expect(caches.filter((c) => !c.synced || c.behind !== null || c.watchesLost > 0)).toEqual([]);
    const lease = kubectlJson<{ spec: { holderIdentity?: string } }>(['-n', NAMESPACE, 'get', 'lease', `${RELEASE}-recorder`]);
    expect(lease.spec.holderIdentity).toBeTruthy();
  });

  it('the read-only browser specs pass in Chromium against a memdash reading with the token alone', async () => {
    const report = join(dir, 'playwright.json');
    const specs = ['links', 'pod-explanation'].map((s) => `e2e/browser/${s}.spec.ts`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MEMDASH_E2E_KUBECONFIG: serviceAccountConfig,
      MEMDASH_E2E_SKIP_BUILD: '1', // the build the other groups used
      MEMDASH_E2E_STORE: join(dir, 'browser.sqlite'),
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    };
    delete env.MEMDASH_E2E_PORT; // Playwright picks a free one
    // not spawnSync: this process must go on reading the output of the memdash it started
    // what reads the cluster: every link of the pages, and each verdict of the scenario (owners, table, selectors);
    // the pod page's 404s and copy buttons ask nothing new of it, and the suite's time is watched
    const only = ['every link', 'every container shows'].join('|');
    const playwright = spawn(join(repoRoot, 'node_modules/.bin/playwright'), ['test', ...specs, '--grep', only, '--reporter=list,json'], {
      cwd: repoRoot,
      env,
    });
    let output = '';
    for (const stream of [playwright.stdout, playwright.stderr]) stream.on('data', (d: Buffer) => (output += d.toString()));
    const exit = await new Promise<number | null>((resolve) => playwright.on('exit', resolve));
    const json = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as PlaywrightReport) : undefined;
    const stats = json?.stats;
    console.log(`read-only browser specs with the ServiceAccount token: ${JSON.stringify(stats)}\n${json ? timings(json) : ''}`);
    expect(stats, `playwright left no report:\n${output}`).toBeDefined();
    expect({ ...stats, exit }, output).toMatchObject({ unexpected: 0, skipped: 0, flaky: 0, exit: 0 });
    expect(stats!.expected).toBe(7); // links.spec's one test and pod-explanation.spec's six verdicts
    expect(readFileSync(join(dir, 'browser.sqlite.server.log'), 'utf8')).not.toMatch(REFUSAL);
  }, 600_000);

  it("a write with the ServiceAccount's token is refused by the cluster: 403 in its words, no Job created", async () => {
    const jobsBefore = kubectl(['-n', 'kyverno-prd', 'get', 'jobs', '-o', 'name'], 'admin');
    const response = await fetch(`${base}/api/snapshot/runs`, {
      method: 'POST',
      headers: { origin: base, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    const body = (await response.json()) as { error?: { code: string; message: string } };
    expect(response.status).toBe(403);
    expect(body.error?.code).toBe('forbidden');
    expect(body.error?.message).toContain(`jobs.batch is forbidden: User "${SERVICE_ACCOUNT}" cannot create resource "jobs"`);
    expect(kubectl(['-n', 'kyverno-prd', 'get', 'jobs', '-o', 'name'], 'admin')).toBe(jobsBefore);
    const audit = (await (await fetch(`${base}/api/audit?action=snapshot.run`)).json()) as {
      records: Array<{ actor: string; outcome: string }>;
    };
    expect(audit.records[0]).toMatchObject({ actor: SERVICE_ACCOUNT, outcome: 'refused' });
    expect(memdash.output()).not.toContain(token);
  });
});
