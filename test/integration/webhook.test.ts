// The webhook routes on the local cluster, healthy: what they say is what kubectl shows. The state-driving
// (crash, scale to zero, orphaned…) is in e2e/browser/webhook.spec.ts, which drives the page through them.
import { beforeAll, describe, expect, it } from 'vitest';
import { kubectl, kubectlJson, kyvernoRegistrations, requirePodWebhook } from './cluster';
import { webhookRoutesAsViewer, type ProbeAnswer, type WebhookHealth } from './webhook-routes';

const { readHealth, postProbe } = await webhookRoutesAsViewer();
const logs = await import('@/app/c/[cluster]/api/webhook/logs/route');

const KYVERNO = 'kyverno-prd';
/** A field of each admission-controller pod, as kubectl's jsonpath gives it. */
const admissionPods = (jsonpath: string): string[] => {
  const selector = 'app.kubernetes.io/component=admission-controller';
  return kubectl(['-n', KYVERNO, 'get', 'pods', '-l', selector, '-o', `jsonpath=${jsonpath}`]).split(' ');
};
const value = <T>(part: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!part.ok) throw new Error(part.error.message);
  return part.value;
};

describe('GET /api/webhook on the healthy local cluster', () => {
  let body: WebhookHealth;
  beforeAll(async () => {
    requirePodWebhook();
    body = await readHealth();
  });

  it('says healthy, with the replicas kubectl shows', () => {
    const deployment = kubectlJson<{ spec: { replicas: number }; status: { readyReplicas: number } }>([
      '-n',
      KYVERNO,
      'get',
      'deployment',
      'kyverno-admission-controller',
    ]);
    expect(value(body.state).code).toBe('healthy');
    expect(value(body.replicas)).toMatchObject({ desired: deployment.spec.replicas, ready: deployment.status.readyReplicas });
    const nodes = admissionPods('{.items[*].spec.nodeName}').sort();
    expect(
      value(body.pods)
        .map((p) => p.node)
        .sort(),
    ).toEqual(nodes);
    expect(value(body.budgets)).toEqual([expect.objectContaining({ minAvailable: '1' })]);
  });

  it("renders the registration's own selectors as skipped namespaces", () => {
    const registration = value(body.registration)!;
    expect(registration.owners).toEqual(['ClusterRole/kyverno-prd:webhook']);
    const entry = registration.entries[0]!;
    expect(entry).toMatchObject({ name: 'mpol.validate.kyverno.svc-fail', failurePolicy: 'Fail' });
    const skipped = kubectlJson<{ webhooks: Array<{ namespaceSelector: { matchExpressions: Array<{ values: string[] }> } }> }>([
      'get',
      'mutatingwebhookconfiguration',
      'kyverno-resource-mutating-webhook-cfg',
    ]).webhooks[0]!.namespaceSelector.matchExpressions[0]!.values;
    const existing = kubectl(['get', 'namespaces', '-o', 'jsonpath={.items[*].metadata.name}']).split(' ');
    expect(entry.namespaces!.skipped.sort()).toEqual(skipped.filter((n) => existing.includes(n)).sort());
    expect(entry.namespaces!.covered).toContain('development');
  });

  it("checks every Kyverno registration against the runbook's owners, and flags no deadlock among them", () => {
    const names = kyvernoRegistrations().map((n) => n.slice(n.indexOf('/') + 1));
    const checks = value(body.kyvernoRegistrations);
    expect(checks.map((c) => c.name).sort()).toEqual(names.sort());
    expect(checks.filter((c) => c.problem)).toEqual([]);
    expect(value(body.audit).filter((f) => f.severity === 'deadlock')).toEqual([]);
  });

  it('shows the policy READY, the entry without status as Kyverno leaves it, the table loaded with the rows kubectl counts', () => {
    expect(value(body.mutatingPolicy)).toMatchObject({ exists: true, ready: true });
    // Kyverno v1.19.1 writes no status on an entry that reads a Kubernetes resource (the stand-in does the same)
    expect(value(body.globalContextEntry)).toMatchObject({ exists: true, conditions: [], lastRefreshTime: null });
    const rows = Object.keys(
      kubectlJson<{ data?: Record<string, string> }>(['-n', KYVERNO, 'get', 'configmap', 'memory-requests']).data ?? {},
    ).length;
    expect(value(body.table)).toMatchObject({ loaded: rows > 0, rows });
  });

  it("tails each admission-controller pod's log: its last lines, as kubectl logs shows them", async () => {
    const tails = (
      (await (await logs.GET()).json()) as { tails: Array<{ pod: string; container: string; lines: string[]; error: string | null }> }
    ).tails;
    const pods = admissionPods('{.items[*].metadata.name}');
    expect(tails.map((t) => t.pod).sort()).toEqual(pods.sort());
    for (const tail of tails) {
      expect(tail.error).toBeNull();
      expect(tail.lines.length).toBeGreaterThan(0);
      expect(tail.lines.length).toBeLessThanOrEqual(50);
      // a log only grows: the lines memdash showed stand, in order and together, in kubectl's later and longer tail
      const later = kubectl(['-n', KYVERNO, 'logs', tail.pod, '-c', tail.container, '--tail=500']).split('\n');
      const found = later.some((_, i) => tail.lines.every((line, j) => later[i + j] === line));
      expect(found, `${tail.pod}: ${JSON.stringify(tail.lines.slice(0, 2))}… in kubectl logs`).toBe(true);
    }
  });
});

describe('POST /api/webhook/probe', () => {
  beforeAll(requirePodWebhook);

  it('is admitted on the healthy cluster, with the read credential', async () => {
    const response = await postProbe('http://127.0.0.1:3000');
    expect(response.status).toBe(200);
    expect(((await response.json()) as ProbeAnswer).outcome).toBe('admitted');
  });

  it('refuses a request from another origin, or without one, before any call', async () => {
    expect((await postProbe('https://evil.example')).status).toBe(403);
    expect((await postProbe()).status).toBe(403);
  });
});
