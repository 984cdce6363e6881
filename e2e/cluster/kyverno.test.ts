// Kyverno's stand-in behaves, through the API server, as the runbook says Kyverno does: it sizes pods at creation
// from the table, leaves the skipped ones alone, follows a new table, and the break-glass drill, a crash and a
// denial look as they do in production. Writes go through kubectl as `operator` where the runbook uses $KC.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyObjects, getJson, kubectl, kubectlAsync } from './lib/kubectl.ts';
import { waitFor } from './lib/processes.ts';
import { standIn, waitForRegistration, waitForTable } from './kyverno/harness.ts';
import { putTableData, requireCluster } from '../../test/integration/cluster';

requireCluster(); // a cluster that is not up is a failure naming what is missing

const KYVERNO = 'kyverno-prd';
const REGISTRATION = 'kyverno-resource-mutating-webhook-cfg';
const ENTRY = 'mpol.validate.kyverno.svc-fail';
const ADMISSION_PODS = 'app.kubernetes.io/component=admission-controller';

interface Resources {
  requests?: Record<string, string>;
  limits?: Record<string, string>;
}
interface Pod {
  metadata: { name: string; creationTimestamp: string };
  spec: { containers: Array<{ name: string; resources: Resources }>; initContainers?: Array<{ name: string; resources: Resources }> };
}

const cli = (...args: string[]) => execFileSync(process.execPath, [join(import.meta.dirname, 'cli.ts'), ...args], { stdio: 'pipe' });
const probe = () =>
  kubectlAsync(['-n', 'development', 'run', 'kyverno-probe', '--image=busybox', '--restart=Never', '--dry-run=server', '-o', 'name'], {
    user: 'viewer',
  });
const tableData = () =>
  getJson<{ data?: Record<string, string> }>(['-n', KYVERNO, 'get', 'configmap', 'memory-requests'], 'viewer').data ?? {};
const podsOf = (namespace: string, name: string) =>
  getJson<{ items: Pod[] }>(['-n', namespace, 'get', 'pods', '-l', `app.kubernetes.io/name=${name}`]).items;
const memory = (pod: Pod, container: string, init = false) =>
  (init ? pod.spec.initContainers : pod.spec.containers)!.find((c) => c.name === container)!.resources;

/** Writes the table's data whole, as the snapshot does, with the runbook's write credential. */
async function writeTable(data: Record<string, string>): Promise<void> {
  putTableData(data, 'operator');
  await waitForTable(data);
}

async function newPods(namespace: string, name: string, count: number): Promise<Pod[]> {
  let pods: Pod[] = [];
  expect(await waitFor(() => (pods = podsOf(namespace, name)).length >= count, 60_000, 500)).toBe(true);
  return pods.sort(
    (a, b) => a.metadata.creationTimestamp.localeCompare(b.metadata.creationTimestamp) || a.metadata.name.localeCompare(b.metadata.name),
  );
}

function deployment(namespace: string, name: string, podLabels: Record<string, string> = {}): object {
  const labels = { 'app.kubernetes.io/name': name, ...podLabels };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace, labels: { 'memdash.local/test': 'kyverno' } },
    spec: {
      replicas: 1,
      selector: { matchLabels: { 'app.kubernetes.io/name': name } },
      template: {
        metadata: { labels },
        spec: {
          terminationGracePeriodSeconds: 0,
          initContainers: [
            { name: 'setup', image: 'busybox', resources: { requests: { memory: '32Mi', cpu: '10m' }, limits: { memory: '64Mi' } } },
          ],
          containers: [
            {
              name: 'app',
              image: 'busybox',
              resources: { requests: { memory: '64Mi', cpu: '10m' }, limits: { memory: '256Mi', cpu: '1' } },
            },
          ],
        },
      },
    },
  };
}

describe('the pod webhook sets memory requests at creation', () => {
  const saved = tableData();
  const rows: Record<string, string> = {
    ...saved,
    'development_kt-sized_app': '100Mi',
    'development_kt-sized_setup': '20Mi',
    'development_kt-capped_app': '400Mi',
    'kube-system_kt-skipped_app': '100Mi',
    'development_kt-kubecoder_app': '100Mi',
  };

  beforeAll(async () => {
    await writeTable(rows);
    applyObjects([
      deployment('development', 'kt-sized'),
      deployment('development', 'kt-capped'),
      deployment('kube-system', 'kt-skipped'),
      deployment('development', 'kt-kubecoder', { 'app.kubernetes.io/managed-by': 'kubecoder' }),
      deployment('development', 'kt-norow'),
    ]);
  });

  afterAll(async () => {
    kubectl(['delete', 'deployment', '-A', '-l', 'memdash.local/test=kyverno', '--wait=false']);
    await writeTable(saved);
  });

  it("gives a Deployment's new pod its rows, init containers too, leaving limits and CPU alone", async () => {
    const [pod] = await newPods('development', 'kt-sized', 1);
    expect(memory(pod!, 'app')).toEqual({ requests: { memory: '100Mi', cpu: '10m' }, limits: { memory: '256Mi', cpu: '1' } });
    expect(memory(pod!, 'setup', true)).toEqual({ requests: { memory: '20Mi', cpu: '10m' }, limits: { memory: '64Mi' } });
    const [web] = podsOf('shop', 'web'); // the scenario's pods were created through the webhook too
    expect(web!.spec.containers.map((c) => c.resources.requests?.memory)).toEqual([rows['shop_web_app'], rows['shop_web_nginx']]);
    expect(memory(web!, 'migrate', true).requests?.memory).toBe(rows['shop_web_migrate']);
  });

  it('gives the limit when the row is above it', async () => {
    const [pod] = await newPods('development', 'kt-capped', 1);
    expect(memory(pod!, 'app').requests?.memory).toBe('256Mi');
    expect(memory(podsOf('shop', 'search')[0]!, 'search').requests?.memory).toBe('512Mi'); // row 600Mi, asked for 128Mi
    expect(memory(podsOf('shop', 'cart')[0]!, 'cart').requests?.memory).toBe('256Mi'); // row 400Mi
  });

  it('leaves a pod in kube-system, and one labelled for KubeCoder, untouched although rows exist', async () => {
    const [skipped] = await newPods('kube-system', 'kt-skipped', 1);
    const [kubecoder] = await newPods('development', 'kt-kubecoder', 1);
    expect(memory(skipped!, 'app').requests?.memory).toBe('64Mi');
    expect(memory(kubecoder!, 'app').requests?.memory).toBe('64Mi');
  });

  it('leaves a workload without a row untouched', async () => {
    const [pod] = await newPods('development', 'kt-norow', 1);
    expect(memory(pod!, 'app').requests?.memory).toBe('64Mi');
    expect(memory(pod!, 'setup', true).requests?.memory).toBe('32Mi');
  });

  it('gives the next pod the new row once the table changes; the old pod keeps its request', async () => {
    const [old] = await newPods('development', 'kt-sized', 1);
    await writeTable({ ...rows, 'development_kt-sized_app': '120Mi' });
    kubectl(['-n', 'development', 'scale', 'deployment', 'kt-sized', '--replicas=2']);
    const pods = await newPods('development', 'kt-sized', 2);
    const next = pods.find((p) => p.metadata.name !== old!.metadata.name)!;
    expect(memory(next, 'app').requests?.memory).toBe('120Mi');
    expect(
      memory(
        podsOf('development', 'kt-sized').find((p) => p.metadata.name === old!.metadata.name)!,
        'app',
      ).requests?.memory,
    ).toBe('100Mi');
  });
});

describe("the runbook's drill, step by step as operator", () => {
  let saved: object;
  const registration = () => kubectlAsync(['get', 'mutatingwebhookconfiguration', REGISTRATION, '-o', 'json'], { user: 'viewer' });

  afterAll(async () => {
    kubectl(['-n', KYVERNO, 'scale', 'deployment', 'kyverno-admission-controller', '--replicas=3']);
    await waitForRegistration();
  });

  it('1. saves the registration, scales to zero: the pods go, and their clean shutdown deletes the registration', async () => {
    const current = JSON.parse((await registration()).stdout) as { metadata: Record<string, unknown> };
    const { name, labels, annotations, ownerReferences } = current.metadata;
    saved = { ...current, metadata: { name, labels, annotations, ownerReferences } };
    const scaled = await kubectlAsync(['-n', KYVERNO, 'scale', 'deployment', 'kyverno-admission-controller', '--replicas=0'], {
      user: 'operator',
    });
    expect(scaled.stderr).toBe('');
    const gone = await kubectlAsync(['-n', KYVERNO, 'wait', '--for=delete', 'pod', '-l', ADMISSION_PODS, '--timeout=2m'], {
      user: 'operator',
    });
    expect(gone.code).toBe(0);
    expect(await waitFor(async () => /NotFound/.test((await registration()).stderr), 30_000, 500)).toBe(true);
  });

  it('2. creates the saved copy: the probe is refused by the API server', async () => {
    const created = await kubectlAsync(['create', '-f', '-'], { user: 'operator', input: JSON.stringify(saved) });
    expect(created.stderr).toBe('');
    const refused = await probe();
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`failed calling webhook "${ENTRY}"`);
  });

  it("3. deletes Kyverno's registrations by label: the probe is admitted", async () => {
    const deleted = await kubectlAsync(
      ['delete', 'mutatingwebhookconfiguration,validatingwebhookconfiguration', '-l', 'webhook.kyverno.io/managed-by=kyverno'],
      { user: 'operator' },
    );
    expect(deleted.stdout).toContain(REGISTRATION);
    expect((await probe()).stdout.trim()).toBe('pod/kyverno-probe');
  });

  it('4. scales back to three: the registration returns with its entry and owner, and the probe goes through it', async () => {
    const scaled = await kubectlAsync(['-n', KYVERNO, 'scale', 'deployment', 'kyverno-admission-controller', '--replicas=3'], {
      user: 'operator',
    });
    expect(scaled.stderr).toBe('');
    let cfg: {
      webhooks?: Array<{ name: string }>;
      metadata: { ownerReferences?: Array<{ kind: string; name: string; uid: string }> };
    } | null = null;
    expect(
      await waitFor(
        async () => {
          const answer = await registration();
          cfg = answer.code === 0 ? JSON.parse(answer.stdout) : null;
          return Boolean(cfg?.webhooks?.some((w) => w.name === ENTRY));
        },
        120_000,
        500,
      ),
    ).toBe(true);
    const owner = getJson<{ metadata: { uid: string } }>(['get', 'clusterrole', 'kyverno-prd:webhook'], 'viewer');
    expect(cfg!.metadata.ownerReferences).toEqual([
      expect.objectContaining({ kind: 'ClusterRole', name: 'kyverno-prd:webhook', uid: owner.metadata.uid }),
    ]);
    const before = new Date().toISOString();
    expect((await probe()).stdout.trim()).toBe('pod/kyverno-probe');
    const reviews = (await standIn())?.reviews ?? [];
    expect(reviews.some((r) => r.at >= before && r.namespace === 'development' && r.name === 'kyverno-probe' && r.dryRun)).toBe(true);
  }, 180_000);
});

describe('a crashed Kyverno, and one that answers with a denial', () => {
  afterAll(async () => {
    cli('kyverno', 'allow');
    cli('kyverno', 'recover');
    await waitForRegistration();
  });

  it("crash: the registration stays and the probe is refused with the API server's own error", async () => {
    cli('kyverno', 'crash');
    expect(kubectl(['get', 'mutatingwebhookconfiguration', REGISTRATION, '-o', 'name'])).toContain(REGISTRATION);
    const refused = await probe();
    expect(refused.stderr).toMatch(
      new RegExp(
        `failed calling webhook "${ENTRY}": failed to call webhook: Post "https://127\\.0\\.0\\.1:\\d+/mpol/memory-requests.*connection refused`,
      ),
    );
  });

  it('recover: the probe is admitted again', async () => {
    cli('kyverno', 'recover');
    expect((await probe()).stdout.trim()).toBe('pod/kyverno-probe');
  });

  it('deny: the probe is refused by Kyverno itself; allow: admitted', async () => {
    cli('kyverno', 'deny');
    const denied = await probe();
    expect(denied.stderr).toContain(`admission webhook "${ENTRY}" denied the request`);
    const logs = await kubectlAsync(['-n', KYVERNO, 'logs', '-l', ADMISSION_PODS, '--prefix', '--tail=50'], { user: 'viewer' });
    expect(logs.stdout).toMatch(/^\[pod\/kyverno-admission-controller-\S+\/kyverno\] .*denied pod development\/kyverno-probe/m);
    cli('kyverno', 'allow');
    expect((await probe()).stdout.trim()).toBe('pod/kyverno-probe');
  });
});

describe('the policy objects', () => {
  // Kyverno v1.19.1 writes no status on a GlobalContextEntry that reads a Kubernetes resource (only a Warning event
  // when a load fails), so neither does the stand-in: what it holds shows in how pods are sized.
  afterAll(async () => {
    cli('kyverno', 'table-readable');
    await waitFor(async () => (await standIn())?.table?.loaded === true, 30_000, 500);
  });
  const entryStatus = () =>
    getJson<{ status?: unknown }>(['get', 'globalcontextentries.kyverno.io', 'memory-requests'], 'viewer').status ?? null;

  it('shows the MutatingPolicy READY and the GlobalContextEntry without status, as Kyverno v1.19.1 leaves it', () => {
    expect(kubectl(['get', 'mutatingpolicies.policies.kyverno.io', 'memory-requests', '--no-headers'], { user: 'viewer' })).toMatch(
      /^memory-requests\s+\S+\s+true\s*$/,
    );
    expect(entryStatus()).toBeNull();
  });

  it('reports a failed load with a Warning event when the table is unreadable, and admits pods untouched', async () => {
    const since = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    cli('kyverno', 'table-unreadable');
    expect(await waitFor(async () => (await standIn())?.table?.loaded === false, 30_000, 500)).toBe(true);
    expect((await standIn())?.table).toMatchObject({ loaded: false, rows: null });
    // this load's event, not one left by an earlier run on the same cluster
    const failedLoads = () =>
      getJson<{ items: Array<{ type: string; reason: string; message: string; lastTimestamp: string }> }>(
        [
          '-n',
          'default',
          'get',
          'events',
          '--field-selector',
          'involvedObject.kind=GlobalContextEntry,involvedObject.name=memory-requests',
        ],
        'viewer',
      ).items.filter((e) => e.type === 'Warning' && e.reason === 'PolicyError' && e.lastTimestamp >= since);
    expect(await waitFor(() => failedLoads().some((e) => e.message.includes('Unauthorized')), 30_000, 500)).toBe(true);
    expect(entryStatus()).toBeNull();
  });
});
