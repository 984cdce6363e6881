// Every verdict through GET /api/pods/{namespace}/{pod}/explanation, on pods the cluster made: the scenario's, and
// pods this file has the cluster make while it takes the table's data away or runs the break-glass. It runs against
// the stand-in (group cluster) and against Kyverno v1.19.1 itself (group real-kyverno); the one verdict only the
// stand-in can produce, unexplained, is in verdict-unexplained.test.ts. memdash's recorder runs here as the server
// runs it, into this file's own store, so the verdicts that need history get it the way a running memdash would.
// Expected values come from the scenario and from what this file did, never from memdash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForRegistration, waitForTable, waitForTableRows } from '../../e2e/cluster/kyverno/harness.ts';
import { kubectl, kubectlJson, podOf, requirePodWebhook, until } from './cluster';
import { applyOwn, deleteOwn, mergeTableData, recreatePod, requestOf, rowKeyOf, tableData } from './own-deployment';
import { bytes, expectedContainers, scenarioWorkload } from './scenario';
import { shown, verdictReads } from './verdict-reads';

const { explain, listedVerdicts, recorded, startRecording, listGaps, settings } = await verdictReads();

let stopRecording: () => void;
beforeAll(async () => {
  requirePodWebhook();
  stopRecording = await startRecording();
});
afterAll(() => stopRecording?.());

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
const OWN_ROW = rowKeyOf(OWN);

describe('pods the cluster makes while Kyverno cannot size them', () => {
  let saved: Record<string, string>;
  beforeAll(async () => {
    saved = tableData();
    mergeTableData({ [OWN_ROW]: OWN.row });
    await waitForTableRows({ [OWN_ROW]: OWN.row });
    await applyOwn(OWN);
  }, 180_000);
  afterAll(async () => {
    mergeTableData({ ...saved, [OWN_ROW]: null });
    deleteOwn(OWN);
    await waitForTableRows(saved, 180_000);
  }, 240_000);

  it('no-table: the data removed, a pod created, the data restored; judged from the table in force at its creation', async () => {
    await recorded((data) => data[OWN_ROW] === OWN.row);
    kubectl(
      [
        '-n',
        'kyverno-prd',
        'patch',
        'configmap',
        'memory-requests',
        '--type=json',
        '-p',
        JSON.stringify([{ op: 'remove', path: '/data' }]),
      ],
      'admin',
    );
    try {
      await waitForTable(null); // Kyverno holds no table: a row of the scenario comes back untouched
      await recorded((data) => Object.keys(data).length === 0);
      await new Promise((r) => setTimeout(r, 1100)); // creation times are whole seconds: clearly after the removal
      const pod = await recreatePod(OWN.namespace, OWN.name);
      expect(requestOf(OWN.namespace, pod)).toBe(OWN.request); // admitted untouched
      await until('the pod cache to hold the new pod', () => listedVerdicts(OWN.namespace, pod));
      await new Promise((r) => setTimeout(r, 1100));
      mergeTableData({ ...saved, [OWN_ROW]: OWN.row });
      await recorded((data) => data[OWN_ROW] === OWN.row);
      const [app] = (await explain(OWN.namespace, pod)).containers;
      expect(app).toMatchObject({ verdict: 'no-table', request: bytes(OWN.request), limit: bytes(OWN.limit), row: bytes(OWN.row) });
      await until('the lists to judge it no-table too', async () => (await listedVerdicts(OWN.namespace, pod))?.[0] === 'no-table');
    } finally {
      mergeTableData({ ...saved, [OWN_ROW]: OWN.row });
    }
  }, 600_000);
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
        async () => (await listGaps()).find((g) => g.to === null && new Date(g.from) >= new Date(deletedAt.getTime() - 1000)),
        90_000,
      );
      await new Promise((r) => setTimeout(r, 1100)); // creation times are whole seconds: be clearly inside the gap
      const pod = await recreatePod('payments', 'ledger');
      await until('the pod cache to hold the new pod', () => listedVerdicts('payments', pod));
      await new Promise((r) => setTimeout(r, 1100)); // and the registration back in a later second
      scaleKyverno(3);
      const closed = await until(
        'the registration to come back',
        async () => (await listGaps()).find((g) => g.from === gap.from && g.to !== null),
        240_000, // the real Kyverno registers once it leads and has compiled the policy
      );
      const created = kubectlJson<{ metadata: { creationTimestamp: string } }>(['get', 'mutatingwebhookconfiguration', registration])
        .metadata.creationTimestamp;
      expect(new Date(closed.to!).getTime()).toBe(new Date(created).getTime());
      expect((await listGaps()).filter((g) => g.from === gap.from)).toHaveLength(1);

      const explanation = await explain('payments', pod);
      expect(shown(explanation)).toEqual(expectedContainers(ledger, () => 'registration-absent', false));
      expect(explanation.containers[0]!.reason).toContain('inside a recorded gap of the registration');
      expect(await listedVerdicts('payments', pod)).toEqual(explanation.containers.map((c) => c.verdict));
    } finally {
      scaleKyverno(3);
      await waitForRegistration();
    }
  }, 600_000);
});
