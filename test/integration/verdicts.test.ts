// Every verdict through GET /api/pods/{namespace}/{pod}/explanation, on pods the cluster made: the scenario's, and
// pods this file has the cluster make while it takes the table's data away, makes the table unreadable to Kyverno, or
// runs the break-glass. memdash's recorder runs here as the server runs it, into this file's own store, so the
// verdicts that need history get it the way a running memdash would. Expected values come from the scenario and from
// what this file did, never from memdash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standIn, tableReadable, tableUnreadable } from '../../e2e/cluster/kyverno/harness.ts';
import { kubeconfig, kubectl, kubectlJson, podOf, requireCluster, requirePodWebhook, until } from './cluster';
import { bytes, expectedContainers, scenarioWorkload } from './scenario';

requireCluster();
process.env.KUBECONFIG = kubeconfig('viewer');

type Explanation = import('@/lib/views/explain-types').Explanation;
const { GET } = await import('@/app/api/pods/[namespace]/[pod]/explanation/route');
const { settings } = await import('@/lib/config');
const { historyDb } = await import('@/lib/history');
const { startRecorder } = await import('@/lib/history/recorder');
const { readCaches } = await import('@/lib/k8s/caches');
const { listVersions, readVersion } = await import('@/lib/history/store');
const { listGaps } = await import('@/lib/history/reads');
const { findPodsWithVerdicts } = await import('@/lib/views/pods');
const { readClients } = await import('@/lib/k8s/client');
const { EVERYTHING } = await import('@/lib/domain/rights');

async function explain(namespace: string, pod: string): Promise<Explanation> {
  const response = await GET(new Request(`http://memdash.test/api/pods/${namespace}/${pod}/explanation`), {
    params: Promise.resolve({ namespace, pod }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Explanation;
}
/**
 * The pod's verdicts as the lists (/pods?verdict=, /workloads) judge them, or null while the pod cache does not have
 * the pod yet. The lists keep each pod's verdicts while what it was judged from is the same, so they are asked early
 * too, and must then follow the explanation.
 */
async function listedVerdicts(namespace: string, pod: string): Promise<string[] | null> {
  const { pods } = await findPodsWithVerdicts(readClients(), { namespace, name: pod, limit: 50 }, undefined, new Date(), EVERYTHING);
  return pods.find((p) => p.name === pod)?.containers.map((c) => c.verdict) ?? null;
}
const shown = (e: Explanation) =>
  e.containers.map((c) => ({ name: c.name, init: c.init, request: c.request, limit: c.limit, row: c.row, verdict: c.verdict }));

const db = await historyDb();
let recorder: ReturnType<typeof startRecorder>;
beforeAll(async () => {
  requirePodWebhook();
  recorder = startRecorder(db, readCaches(), settings());
  await until("the recorder's first version of the table", async () => (await listVersions(db)).length > 0);
});
afterAll(() => recorder?.stop());

describe("the scenario's pods", () => {
  // what each workload was seeded to show; the numbers come from its declaration in the scenario
  const CASES = [
    { namespace: 'shop', workload: 'web', verdict: 'set', sized: true },
    // asked for 128Mi with a 512Mi limit; the row is 600Mi: Kyverno gave it its limit
    { namespace: 'shop', workload: 'search', verdict: 'capped', sized: true },
    // sized from the older table (850Mi); the table was rewritten to 900Mi after it
    { namespace: 'payments', workload: 'api', verdict: 'stale', sized: true },
    { namespace: 'shop', workload: 'fresh-api', verdict: 'no-row', sized: true },
    { namespace: 'kube-system', workload: 'coredns', verdict: 'skipped-namespace', sized: false },
    { namespace: 'tools', workload: 'kubecoder-alice', verdict: 'skipped-label', sized: false },
    { namespace: 'development', workload: 'debug-shell', verdict: 'no-workload', sized: false },
  ];

  it.each(CASES)('$namespace/$workload: $verdict', async ({ namespace, workload, verdict, sized }) => {
    const w = scenarioWorkload(namespace, workload);
    const pod = w.kind === 'Pod' ? w.name : podOf(namespace, workload);
    const expected = expectedContainers(w, () => verdict, sized);
    if (w.kind === 'Pod') expected.forEach((c) => (c.row = null)); // no workload, no row key
    expect(shown(await explain(namespace, pod))).toEqual(expected);
  });

  it('capped says which row went over which limit', async () => {
    const [search] = (await explain('shop', podOf('shop', 'search'))).containers;
    expect(search!.reason).toContain('shop_search_search (600Mi) is above limit 512Mi');
  });

  it('stale names the request and the row it predates', async () => {
    const [api] = (await explain('payments', podOf('payments', 'api'))).containers;
    expect(api!.reason).toMatch(/^Request 850Mi differs from row payments_api_api \(900Mi\)/);
  });
});

// A Deployment of this file's own in a covered namespace, with a row of its own in the table.
const OWN = { namespace: 'development', name: 'memdash-it-verdicts', request: '64Mi', limit: '128Mi', row: '96Mi' };
const OWN_ROW = `${OWN.namespace}_${OWN.name}_app`;
const ownDeployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: OWN.name, namespace: OWN.namespace },
  spec: {
    replicas: 1,
    selector: { matchLabels: { 'app.kubernetes.io/name': OWN.name } },
    template: {
      metadata: { labels: { 'app.kubernetes.io/name': OWN.name } },
      spec: {
        terminationGracePeriodSeconds: 0,
        containers: [{ name: 'app', image: 'busybox', resources: { requests: { memory: OWN.request }, limits: { memory: OWN.limit } } }],
      },
    },
  },
};

const admin = (args: string[], input?: string) => kubectl(args, 'admin', input);
const table = () => kubectlJson<{ data?: Record<string, string> }>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']).data ?? {};
const patchTable = (ops: object[]) =>
  admin(['-n', 'kyverno-prd', 'patch', 'configmap', 'memory-requests', '--type=json', '-p', JSON.stringify(ops)]);
/** A merge patch of the table's data: the rows given, a null removes one. */
const restoreTable = (data: Record<string, string | null>) =>
  admin(['-n', 'kyverno-prd', 'patch', 'configmap', 'memory-requests', '--type=merge', '-p', JSON.stringify({ data })]);
const standInTable = async () => (await standIn())?.table ?? null;
const podsOf = (namespace: string, name: string) =>
  kubectl(['-n', namespace, 'get', 'pods', '-l', `app.kubernetes.io/name=${name}`, '-o', 'name'])
    .split('\n')
    .filter(Boolean)
    .map((p) => p.replace(/^pod\//, ''));

/** Deletes a Deployment's pods and waits for the one its ReplicaSet makes instead, created now. */
async function recreatePod(namespace: string, name: string): Promise<string> {
  const before = new Set(podsOf(namespace, name));
  admin(['-n', namespace, 'delete', 'pods', '-l', `app.kubernetes.io/name=${name}`, '--wait=false']);
  return until(`a new pod of ${namespace}/${name}`, () => podsOf(namespace, name).find((p) => !before.has(p)));
}
const requestOf = (namespace: string, pod: string) =>
  kubectl(['-n', namespace, 'get', 'pod', pod, '-o', 'jsonpath={.spec.containers[0].resources.requests.memory}']);
/** The newest recorded version of the table, once the recorder has one that `holds`. */
const recorded = (holds: (data: Record<string, string>) => boolean) =>
  until('the recorder to record the table', async () => {
    const newest = (await listVersions(db)).at(-1);
    const data = newest ? ((await readVersion(db, newest.id))?.data ?? {}) : null;
    return data && holds(data) ? newest : null;
  });

describe('pods the cluster makes while Kyverno cannot size them', () => {
  let saved: Record<string, string>;
  beforeAll(async () => {
    saved = table();
    patchTable([{ op: 'add', path: `/data/${OWN_ROW}`, value: OWN.row }]);
    await until('the stand-in to load the row', async () => (await standInTable())?.rows?.[OWN_ROW] === OWN.row);
    admin(['apply', '-f', '-'], JSON.stringify(ownDeployment));
    await until("the Deployment's pod", () => podsOf(OWN.namespace, OWN.name)[0]);
  }, 120_000);
  afterAll(async () => {
    tableReadable();
    restoreTable({ ...saved, [OWN_ROW]: null });
    admin(['-n', OWN.namespace, 'delete', 'deployment', OWN.name, '--wait=false', '--ignore-not-found']);
    await until(
      'the stand-in to load the table back',
      async () => (await standInTable())?.loaded === true && (await standInTable())?.rows !== null,
    );
  }, 120_000);

  it('no-table: the data removed, a pod created, the data restored; judged from the table in force at its creation', async () => {
    await recorded((data) => data[OWN_ROW] === OWN.row);
    admin([
      '-n',
      'kyverno-prd',
      'patch',
      'configmap',
      'memory-requests',
      '--type=json',
      '-p',
      JSON.stringify([{ op: 'remove', path: '/data' }]),
    ]);
    try {
      await until(
        'the stand-in to see no data',
        async () => (await standInTable())?.loaded === true && (await standInTable())?.rows === null,
      );
      await recorded((data) => Object.keys(data).length === 0);
      await new Promise((r) => setTimeout(r, 1100)); // creation times are whole seconds: clearly after the removal
      const pod = await recreatePod(OWN.namespace, OWN.name);
      expect(requestOf(OWN.namespace, pod)).toBe(OWN.request); // admitted untouched
      await until('the pod cache to hold the new pod', () => listedVerdicts(OWN.namespace, pod));
      await new Promise((r) => setTimeout(r, 1100));
      restoreTable({ ...saved, [OWN_ROW]: OWN.row });
      await recorded((data) => data[OWN_ROW] === OWN.row);
      const [app] = (await explain(OWN.namespace, pod)).containers;
      expect(app).toMatchObject({ verdict: 'no-table', request: bytes(OWN.request), limit: bytes(OWN.limit), row: bytes(OWN.row) });
      await until('the lists to judge it no-table too', async () => (await listedVerdicts(OWN.namespace, pod))?.[0] === 'no-table');
    } finally {
      restoreTable({ ...saved, [OWN_ROW]: OWN.row });
    }
  });

  it('unexplained: a pod Kyverno admitted untouched while its table could not be read, after the last write', async () => {
    await until('the stand-in to hold the row', async () => (await standInTable())?.rows?.[OWN_ROW] === OWN.row);
    tableUnreadable();
    try {
      await until('the stand-in to fail loading the table', async () => (await standInTable())?.loaded === false);
      await new Promise((r) => setTimeout(r, 1100));
      const pod = await recreatePod(OWN.namespace, OWN.name);
      expect(requestOf(OWN.namespace, pod)).toBe(OWN.request);
      await until('the pod cache to hold the new pod', () => listedVerdicts(OWN.namespace, pod));
      tableReadable();
      const [app] = (await explain(OWN.namespace, pod)).containers;
      expect(app).toMatchObject({ verdict: 'unexplained', request: bytes(OWN.request), row: bytes(OWN.row) });
      expect(await listedVerdicts(OWN.namespace, pod)).toEqual(['unexplained']);
      expect(app!.reason).toContain(`from row ${OWN_ROW} in force when the pod was created (${OWN.row}`);
    } finally {
      tableReadable();
    }
  });
});

describe('registration-absent: payments/ledger made again during a break-glass memdash watched', () => {
  const scaleKyverno = (replicas: number) =>
    kubectl(['-n', 'kyverno-prd', 'scale', 'deployment', 'kyverno-admission-controller', `--replicas=${replicas}`], 'operator');
  const ledger = scenarioWorkload('payments', 'ledger');

  it('the recorder records one gap, and the pod created inside it is registration-absent with its manifest request', async () => {
    const registration = settings().webhookConfiguration;
    const deletedAt = new Date();
    // the runbook's way: at zero replicas Kyverno deletes its registrations and no leader puts them back
    scaleKyverno(0);
    try {
      const gap = await until(
        'the gap to open',
        async () => (await listGaps(db)).find((g) => g.to === null && new Date(g.from) >= new Date(deletedAt.getTime() - 1000)),
        90_000,
      );
      await new Promise((r) => setTimeout(r, 1100)); // creation times are whole seconds: be clearly inside the gap
      const pod = await recreatePod('payments', 'ledger');
      await until('the pod cache to hold the new pod', () => listedVerdicts('payments', pod));
      await new Promise((r) => setTimeout(r, 1100)); // and the registration back in a later second
      scaleKyverno(3);
      const closed = await until(
        'the registration to come back',
        async () => (await listGaps(db)).find((g) => g.from === gap.from && g.to !== null),
        90_000,
      );
      const created = kubectlJson<{ metadata: { creationTimestamp: string } }>(['get', 'mutatingwebhookconfiguration', registration])
        .metadata.creationTimestamp;
      expect(new Date(closed.to!).getTime()).toBe(new Date(created).getTime());
      expect((await listGaps(db)).filter((g) => g.from === gap.from)).toHaveLength(1);

      const explanation = await explain('payments', pod);
      expect(shown(explanation)).toEqual(expectedContainers(ledger, () => 'registration-absent', false));
      expect(explanation.containers[0]!.reason).toContain('inside a recorded gap of the registration');
      expect(await listedVerdicts('payments', pod)).toEqual(explanation.containers.map((c) => c.verdict));
    } finally {
      scaleKyverno(3);
      await until(
        'the pod webhook registered again',
        () => {
          try {
            requirePodWebhook();
            return true;
          } catch {
            return false;
          }
        },
        90_000,
      );
    }
  });
});
