// One break-glass with two registration gaps, as on the day the issue describes (/break-glass listed the last gap's
// pods only, the incident page both gaps'): the scale-down takes the stand-in's registration with it (gap 1), the
// scale-up brings it back, then Kyverno crashes and the delete step takes the registration again (gap 2) before the
// probe through Kyverno ends the incident. One bare pod of this test's own is created in each gap and one between
// them (that one went through Kyverno): /api/break-glass/pods-created, with no SINCE typed, lists both gaps' pods and
// not the one between. The recorder follows the cluster as a running memdash does, into this file's own store.
// Leaves Kyverno as cluster:up left it: at 3 replicas, serving, registered; its own pods deleted.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectl, kubectlJson, repoRoot, requirePodWebhook, until, POD_REGISTRATION } from './cluster';
import { recordingAsViewer } from './recording';
import { tokenOf } from './write-harness';

const { db, startRecorder } = await recordingAsViewer();
const recorder = startRecorder();
const step = await import('@/app/c/[cluster]/api/break-glass/[step]/route');
const created = await import('@/app/c/[cluster]/api/break-glass/pods-created/route');
const { listGaps } = await import('@/lib/history/reads');
type PodsCreatedView = import('@/lib/views/break-glass-types').PodsCreatedView;

const NS = 'development';
const RUN = Date.now().toString(36);
const POD = { first: `memdash-it-gap1-${RUN}`, between: `memdash-it-between-${RUN}`, second: `memdash-it-gap2-${RUN}` };
const ORIGIN = 'http://127.0.0.1:3000';
const operator = tokenOf('operator');
const harness = (...args: string[]) =>
  execFileSync(process.execPath, [join(repoRoot, 'e2e/cluster/cli.ts'), ...args], { cwd: repoRoot, stdio: 'pipe' });

const wholeSecond = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000;

/** The stand-in registers again once it serves: a minute at most, minutes on a busy machine. */
const REGISTERED_MS = 240_000;

function registered(): boolean {
  try {
    requirePodWebhook();
    return true;
  } catch {
    return false;
  }
}

/** A step pressed with the operator's token; the answer must be a 200. */
async function pressStep(name: string): Promise<Record<string, unknown>> {
  const request = new Request(`${ORIGIN}/api/break-glass/${name}`, {
    method: 'POST',
    headers: { host: '127.0.0.1:3000', origin: ORIGIN, 'content-type': 'application/json', authorization: `Bearer ${operator}` },
    body: '{}',
  });
  const answer = await step.POST(request, { params: Promise.resolve({ step: name }) });
  const json = (await answer.json()) as Record<string, unknown>;
  expect(answer.status, `${name}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

/** A bare pod shaped as the scenario's sandbox (a 256Mi limit, no request): covered, no workload to group it by. */
function createPod(name: string): string {
  const sandbox = kubectlJson<{ spec: { template: { spec: Record<string, unknown> } } }>(['-n', NS, 'get', 'deployment', 'sandbox']);
  const body = { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: NS }, spec: sandbox.spec.template.spec };
  kubectl(['create', '-f', '-'], 'admin', JSON.stringify(body));
  return kubectlJson<{ metadata: { creationTimestamp: string } }>(['-n', NS, 'get', 'pod', name]).metadata.creationTimestamp;
}

/** The pod registration's creationTimestamp, as kubectl reads it (whole seconds). */
const registrationCreated = () =>
  kubectlJson<{ metadata: { creationTimestamp: string } }>(['get', 'mutatingwebhookconfiguration', POD_REGISTRATION]).metadata
    .creationTimestamp;

/** Waits until the second after the one `stamp` (a creationTimestamp) falls in has begun. */
const secondAfter = (stamp: string) => until(`the second after ${stamp}`, () => Date.now() >= wholeSecond(stamp) + 1000, 5_000);

/** The recorder has the registration gone (a gap with no end), as its watch saw it: pods created from now are in it. */
const gapRecorded = async (count: number) => {
  const gaps = await listGaps(db);
  return gaps.length >= count && gaps.at(-1)!.to === null;
};

beforeAll(() => requirePodWebhook());

afterAll(async () => {
  kubectl(['-n', 'kyverno-prd', 'scale', 'deployment', 'kyverno-admission-controller', '--replicas=3'], 'operator');
  harness('kyverno', 'recover');
  await until('the pod webhook registered again', registered, REGISTERED_MS);
  kubectl(['-n', NS, 'delete', 'pod', ...Object.values(POD), '--ignore-not-found', '--wait=false'], 'admin');
  recorder.stop();
}, 300_000);

describe('a break-glass with two registration gaps', () => {
  const createdAt: Record<keyof typeof POD, string> = { first: '', between: '', second: '' };
  let view: PodsCreatedView;
  let gapsBefore: number;

  beforeAll(async () => {
    gapsBefore = (await listGaps(db)).length;
    // gap 1: the scale-down; the stand-in's clean shutdown deletes its registrations
    await pressStep('scale-down');
    await until('the pod registration gone with the scale-down', () => !registered(), 150_000);
    await until('the recorder to see the first gap', () => gapRecorded(gapsBefore + 1), 60_000);
    createdAt.first = createPod(POD.first);
    // back: the scale-up, and the stand-in registers again
    await pressStep('scale-up');
    await until('the pod webhook registered again after the scale-up', registered, REGISTERED_MS);
    const back = await until('the recorder to see it back', async () => (await listGaps(db)).at(-1)?.to, 60_000);
    // through Kyverno, in a later second than the registration's return and than the second gap's start: a pod
    // stamped (to the second) in the second of either may have come before it, and is listed. The return is the
    // re-created configuration's creationTimestamp, or when the recorder saw the entry back where the stand-in
    // re-added it to a configuration that stayed: the later of the two.
    await secondAfter(registrationCreated());
    await secondAfter(back!);
    createdAt.between = createPod(POD.between);
    await secondAfter(createdAt.between);
    // gap 2: Kyverno crashes (its registrations stay, pod creates are refused) and the delete step takes them
    harness('kyverno', 'crash');
    await pressStep('delete-registrations');
    expect(registered(), `${POD_REGISTRATION} still registered after the delete step`).toBe(false);
    await until('the recorder to see the second gap', () => gapRecorded(gapsBefore + 2), 60_000);
    createdAt.second = createPod(POD.second);
    // Kyverno back, and the probe through its registration ends the incident
    harness('kyverno', 'recover');
    await until('the pod webhook registered again after the recovery', registered, REGISTERED_MS);
    const through = await pressStep('probe');
    expect((through.probe as { outcome: string }).outcome).toBe('admitted');
    const answer = await created.GET(new Request(`${ORIGIN}/api/break-glass/pods-created`));
    expect(answer.status).toBe(200);
    view = (await answer.json()) as PodsCreatedView;
  }, 900_000);

  it('lists the pod created in each gap, with no SINCE typed, and not the one created between them', () => {
    expect(view.source).toBe('recorded-gap');
    const listed = view.groups.filter((g) => g.namespace === NS).flatMap((g) => g.pods.map((p) => p.name));
    expect(listed).toContain(POD.first);
    expect(listed).toContain(POD.second);
    expect(listed).not.toContain(POD.between);
  });

  it('lists each gap, the first from before the first pod, the last ended before the probe', () => {
    expect(view.gaps).toHaveLength(2);
    const [first, second] = view.gaps as [PodsCreatedView['gaps'][0], PodsCreatedView['gaps'][0]];
    // each pod was created within its gap, and the one between after the first gap's end and before the second's start
    // (the API server dates a pod to the second)
    expect(wholeSecond(first.from)).toBeLessThanOrEqual(Date.parse(createdAt.first));
    expect(Date.parse(first.to!)).toBeLessThanOrEqual(Date.parse(createdAt.between));
    expect(Date.parse(second.from)).toBeGreaterThanOrEqual(Date.parse(createdAt.between));
    expect(wholeSecond(second.from)).toBeLessThanOrEqual(Date.parse(createdAt.second));
    expect(second.to).not.toBeNull();
    // SINCE, as the runbook's listing takes it, is the first gap's start
    expect(view.since).toBe(first.from);
  });
});
