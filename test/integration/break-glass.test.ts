// The break-glass's read routes on the healthy local cluster: what they say is what kubectl shows. The steps
// themselves (writes through the guard) are driven in Chromium by e2e/browser/break-glass.spec.ts; here only the
// probe step (a dry run: it changes nothing) pressed twice at once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { kubeconfig, kubectl, kubectlJson, kyvernoRegistrations, requirePodWebhook } from './cluster';
import { tokenOf } from './write-harness';

process.env.KUBECONFIG = kubeconfig('viewer');
process.env.MEMDASH_HISTORY_PATH = join(mkdtempSync(join(tmpdir(), 'memdash-bg-')), 'store.sqlite');

type BreakGlassView = import('@/lib/views/break-glass-types').BreakGlassView;
type PodsCreatedView = import('@/lib/views/break-glass-types').PodsCreatedView;
const state = await import('@/app/c/[cluster]/api/break-glass/route');
const created = await import('@/app/c/[cluster]/api/break-glass/pods-created/route');
const restart = await import('@/app/c/[cluster]/api/workloads/[namespace]/[workload]/restart/route');
const step = await import('@/app/c/[cluster]/api/break-glass/[step]/route');
const { historyDb } = await import('@/lib/history');
const { listAudit } = await import('@/lib/history/audit');

describe('GET /api/break-glass on the healthy local cluster', () => {
  let body: BreakGlassView;
  beforeAll(async () => {
    requirePodWebhook(); // Kyverno healthy, the pod webhook registered
    body = (await (await state.GET()).json()) as BreakGlassView;
  });

  it('is idle with Kyverno at its replicas; the scale-down is the first step', () => {
    const deployment = kubectlJson<{ spec: { replicas: number } }>([
      '-n',
      'kyverno-prd',
      'get',
      'deployment',
      'kyverno-admission-controller',
    ]);
    expect(body.deployment?.desired).toBe(deployment.spec.replicas);
    expect(body.progress).toMatchObject({ ok: true, value: { phase: 'idle', next: 'scale-down', scaleUpTo: 3 } });
  });

  it("lists Kyverno's registrations by label as kubectl does", () => {
    const names = kyvernoRegistrations().map((n) =>
      n
        .replace('mutatingwebhookconfiguration.admissionregistration.k8s.io/', 'MutatingWebhookConfiguration/')
        .replace('validatingwebhookconfiguration.admissionregistration.k8s.io/', 'ValidatingWebhookConfiguration/'),
    );
    expect([...body.registrations].sort()).toEqual(names.sort());
  });

  it("fills in the runbook's commands and the control-plane fallback", () => {
    expect(body.commands.scaleDown).toBe('cexec iac kubectl $KC -n kyverno-prd scale deployment kyverno-admission-controller --replicas=0');
    expect(body.fallback.map((f) => f.node)).toEqual(['srvk8s1', 'srvk8s2', 'srvk8s3']);
    expect(body.fallback[0]!.restore[2]).toBe(
      'ssh ansible@srvk8s1 sudo microk8s kubectl delete mutatingwebhookconfiguration,validatingwebhookconfiguration -l webhook.kyverno.io/managed-by=kyverno',
    );
    expect(body.fallback[0]!.bringBack).toEqual([
      'ssh ansible@srvk8s1 sudo microk8s kubectl -n kyverno-prd scale deployment kyverno-admission-controller --replicas=3',
    ]);
  });
});

describe('GET /api/break-glass/pods-created', () => {
  const get = async (query: string) => created.GET(new Request(`http://127.0.0.1/api/break-glass/pods-created${query}`));

  it('refuses a SINCE that is not an RFC 3339 time, clearly', async () => {
    const answer = await get('?since=yesterday');
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toContain('RFC 3339');
  });

  it('lists covered pods created since a typed time, grouped by workload, as kubectl lists them', async () => {
    const answer = await get(`?since=${encodeURIComponent('2000-01-01T00:00:00Z')}`);
    expect(answer.status).toBe(200);
    const view = (await answer.json()) as PodsCreatedView;
    expect(view.source).toBe('typed');
    const web = view.groups.find((g) => g.namespace === 'shop' && g.workload?.name === 'web')!;
    const pods = kubectl(['-n', 'shop', 'get', 'pods', '-l', 'app.kubernetes.io/name=web', '-o', 'name'])
      .trim()
      .split('\n')
      .map((n) => n.replace('pod/', ''));
    expect(web.pods.map((p) => p.name).sort()).toEqual(pods.sort());
    expect(web.restartable).toBe(true);
    // the skipped namespaces never went to Kyverno: not listed
    expect(view.groups.some((g) => g.namespace === 'kube-system')).toBe(false);
  });
});

describe('the write routes refuse bad input before any call', () => {
  it('a workload name Kubernetes would refuse is a 400', async () => {
    const answer = await restart.POST(new Request('http://127.0.0.1/x', { method: 'POST' }), {
      params: Promise.resolve({ namespace: 'shop', workload: 'Web;rm' }),
    });
    expect(answer.status).toBe(400);
  });

  it('an unknown step is a 404 naming the steps', async () => {
    const answer = await step.POST(new Request('http://127.0.0.1/x', { method: 'POST' }), {
      params: Promise.resolve({ step: 'scale-sideways' }),
    });
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toContain(
      'scale-down, delete-registrations, probe, scale-up',
    );
  });
});

describe('a step pressed twice at once (a double-click) is one write', () => {
  it('answers the second press 409 "Duplicate refused", and the audit log has both: the step, and the duplicate refused', async () => {
    const token = tokenOf('operator');
    const press = () =>
      step.POST(
        new Request('http://127.0.0.1:3000/api/break-glass/scale-up', {
          method: 'POST',
          headers: {
            host: '127.0.0.1:3000',
            origin: 'http://127.0.0.1:3000',
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
          },
          body: '{}',
        }),
        { params: Promise.resolve({ step: 'scale-up' }) },
      );
    const since = new Date().toISOString();
    const answers = await Promise.all([press(), press()]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = (await answers.find((a) => a.status === 409)!.json()) as { error: { code: string; message: string } };
    expect(refused.error.code).toBe('conflict');
    expect(refused.error.message).toMatch(
      /^Duplicate refused: break-glass\.scale-up on .* by operator began ([1-9]\d* ms earlier|at the same moment)/,
    );
    const records = (await listAudit(await historyDb(), 50)).filter((r) => r.action === 'break-glass.scale-up' && r.at >= since);
    expect(records.map((r) => `${r.actor} ${r.outcome}`).sort()).toEqual(['operator refused', 'operator success']);
    expect(records.find((r) => r.outcome === 'refused')!.detail).toBe(refused.error.message);
  });
});
