// GET /api/webhook and POST /api/webhook/probe through states the healthy-cluster tests do not reach, each made by
// the cluster itself: a replica that cannot be scheduled (degraded), the registration standing with no replica
// (refusing, computed from the objects before any probe), another product's webhook refusing the probe's pod
// (refused), and Kyverno answering with its policy's error (denied). Each test puts the cluster back as `cluster:up`
// left it: Kyverno at 3 replicas, serving, registered.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { kubectl, repoRoot, requirePodWebhook } from './cluster';
import { webhookRoutesAsViewer, type ProbeAnswer } from './webhook-routes';

const { readHealth, postProbe } = await webhookRoutesAsViewer();
const { settings } = await import('@/lib/config');

const stateNow = async () => {
  const { state } = await readHealth();
  if (!state.ok) throw new Error(state.error.message);
  return state.value;
};
async function stateBecomes(code: string, ms = 90_000) {
  const end = Date.now() + ms;
  let last = await stateNow();
  while (last.code !== code) {
    if (Date.now() > end) throw new Error(`the state stayed ${last.code} (${last.reason}), never ${code}`);
    await new Promise((r) => setTimeout(r, 500));
    last = await stateNow();
  }
  return last;
}

const scaleKyverno = (replicas: number) =>
  kubectl(['-n', 'kyverno-prd', 'scale', 'deployment', 'kyverno-admission-controller', `--replicas=${replicas}`], 'operator');
const harness = (...args: string[]) =>
  execFileSync(process.execPath, [join(repoRoot, 'e2e/cluster/cli.ts'), ...args], { cwd: repoRoot, stdio: 'pipe' });

afterEach(async () => {
  scaleKyverno(3);
  harness('kyverno', 'recover'); // starts the stand-in if a test killed it, and waits until it serves
  await stateBecomes('healthy');
  requirePodWebhook();
}, 180_000);

describe('the state computed from the objects', () => {
  it('degraded: a fourth replica no node can take (one per node, three nodes), the other three answering', async () => {
    scaleKyverno(4);
    const state = await stateBecomes('degraded');
    expect(state.reason).toBe('3 of 4 replicas ready: still answering, with less headroom');
  });

  it('refusing, before any probe: the registration stands with failurePolicy Fail and no replica is left', async () => {
    // killed without its clean shutdown, Kyverno cannot delete its registrations when the Deployment goes to zero
    harness('kyverno', 'crash');
    scaleKyverno(0);
    const state = await stateBecomes('refusing');
    expect(state.reason).toBe(
      'the registration stands with failurePolicy Fail and 0 of 0 replicas ready: every pod create in a covered namespace is refused',
    );
    const body = await readHealth();
    expect(body.registration.ok && body.registration.value?.entries[0]).toMatchObject({
      name: settings().webhookEntry,
      failurePolicy: 'Fail',
    });
  });
});

describe('POST /api/webhook/probe refused by something other than Kyverno', () => {
  const OTHER = 'pods.memdash-it-refuses.local';
  const otherWebhook = {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingWebhookConfiguration',
    metadata: { name: 'memdash-it-refuses-probe' },
    webhooks: [
      {
        name: OTHER,
        clientConfig: { url: 'https://127.0.0.1:9/validate' },
        failurePolicy: 'Fail',
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
        rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }],
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'development' } },
        // only the probe's own pod, so nothing else the tests create is refused meanwhile
        objectSelector: { matchLabels: { run: 'kyverno-probe' } },
      },
    ],
  };

  it("says refused, with the API server's words naming the other webhook", async () => {
    expect(settings().probePod).toBe('kyverno-probe');
    kubectl(['apply', '-f', '-'], 'admin', JSON.stringify(otherWebhook));
    try {
      const response = await postProbe('http://127.0.0.1:3000');
      expect(response.status).toBe(200);
      const answer = (await response.json()) as ProbeAnswer;
      expect(answer.outcome).toBe('refused');
      expect(answer.message).toContain(`failed calling webhook "${OTHER}"`);
    } finally {
      kubectl(['delete', 'validatingwebhookconfiguration', otherWebhook.metadata.name, '--ignore-not-found'], 'admin');
    }
  });
});

describe("POST /api/webhook/probe denied by Kyverno's own answer", () => {
  const probeNow = async () => {
    const response = await postProbe('http://127.0.0.1:3000');
    expect(response.status).toBe(200);
    return (await response.json()) as ProbeAnswer;
  };

  // `kyverno deny`: the stand-in answers with a denial; the real Kyverno gets a policy whose patch cannot apply
  it('says denied, in the words of the API server naming the webhook and the policy', async () => {
    harness('kyverno', 'deny');
    const switched = Date.now();
    try {
      // memdash runs at most one probe per MEMDASH_PROBE_MIN_INTERVAL_MS and answers the last one meanwhile (the test
      // before this one left a refused probe): the answer judged is the first probe memdash made after the switch
      let answer = await probeNow();
      while (Date.parse(answer.at) < switched && Date.now() - switched < 30_000) {
        await new Promise((r) => setTimeout(r, 1000));
        answer = await probeNow();
      }
      expect(Date.parse(answer.at)).toBeGreaterThanOrEqual(switched);
      expect(answer.outcome).toBe('denied');
      expect(answer.message).toMatch(/admission webhook "[^"]+" denied the request: .*memory-requests/);
    } finally {
      harness('kyverno', 'allow');
    }
  });
});
