// A break-glass through Kyverno's crash (SIGKILL: its registrations stay), pressed step by step through the step
// routes with the operator's token while the recorder follows the cluster, then read back as an incident: its timeline
// against what this test did and when (each step between the moment it was pressed and its answer; what the recorder
// saw within its resolution), against the API server's audit log (the first refused create, each step's writes, the
// registration deleted and created again, each probe), the first refused create against the event kubectl shows, the
// Markdown export line by line, the JSON's shape. Runs against the stand-in (group cluster) and against Kyverno
// v1.19.1 itself (group real-kyverno), which takes minutes to register again.
// Leaves Kyverno as cluster:up left it: at 3 replicas, serving, registered; its own Deployment deleted.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditWindow, callsBy, isWrite, writesBy, type Call, type TimedCall } from '../audit';
import { kubectl, kubectlJson, kyvernoRegistrations, repoRoot, requirePodWebhook, until, POD_ENTRY, POD_REGISTRATION } from './cluster';
import { recordingAsViewer } from './recording';
import { tokenOf } from './write-harness';

const { startRecorder } = await recordingAsViewer();
const recorder = startRecorder();
const step = await import('@/app/c/[cluster]/api/break-glass/[step]/route');
const probeRoute = await import('@/app/c/[cluster]/api/webhook/probe/route');
const restartRoute = await import('@/app/c/[cluster]/api/workloads/[namespace]/[workload]/restart/route');
const list = await import('@/app/c/[cluster]/api/incidents/route');
const one = await import('@/app/c/[cluster]/api/incidents/[id]/route');
const exported = await import('@/app/c/[cluster]/api/incidents/[id]/export/route');
type IncidentsView = import('@/lib/views/incidents-types').IncidentsView;
type IncidentView = import('@/lib/views/incidents-types').IncidentView;

const NS = 'development';
// a name of its own each run: the events of an earlier run's ReplicaSet of the same name would be aggregated into this one's
const WORKLOAD = `memdash-it-incident-${Date.now().toString(36)}`;
const ORIGIN = 'http://127.0.0.1:3000';
const harness = (...args: string[]) =>
  execFileSync(process.execPath, [join(repoRoot, 'e2e/cluster/cli.ts'), ...args], { cwd: repoRoot, stdio: 'pipe' });
const scaleKyverno = (n: number) =>
  kubectl(['-n', 'kyverno-prd', 'scale', 'deployment', 'kyverno-admission-controller', `--replicas=${n}`], 'operator');

function post(path: string, body: object, token?: string): Request {
  const headers: Record<string, string> = { host: '127.0.0.1:3000', origin: ORIGIN, 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** What the test did: each press with the times before it was pressed and after its answer came. */
const did: Record<string, { before: string; after: string; json: Record<string, unknown> }> = {};

async function press(name: string, as: string, token: string | undefined, call: () => Promise<Response>) {
  const before = new Date().toISOString();
  const answer = await call();
  const json = (await answer.json()) as Record<string, unknown>;
  expect(answer.status, `${name}: ${JSON.stringify(json)}`).toBe(200);
  did[as] = { before, after: new Date().toISOString(), json };
  return json;
}
const pressStep = (name: string, as: string, token?: string) =>
  press(name, as, token, () => step.POST(post(`/api/break-glass/${name}`, {}, token), { params: Promise.resolve({ step: name }) }));

/** A copy of the scenario's sandbox (a 256Mi limit, no request): a rollout of our own to be refused. */
function createWorkload(): void {
  const sandbox = kubectlJson<{ spec: Record<string, unknown> & { template: { metadata: { labels: Record<string, string> } } } }>([
    '-n',
    NS,
    'get',
    'deployment',
    'sandbox',
  ]);
  const labels = { 'app.kubernetes.io/name': WORKLOAD };
  const spec = { ...sandbox.spec, selector: { matchLabels: labels }, template: { ...sandbox.spec.template, metadata: { labels } } };
  const body = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: WORKLOAD, namespace: NS, labels }, spec };
  kubectl(['apply', '-f', '-'], 'admin', JSON.stringify(body));
}

const podsOfWorkload = () =>
  kubectlJson<{ items: Array<{ metadata: { name: string; creationTimestamp: string; deletionTimestamp?: string } }> }>([
    '-n',
    NS,
    'get',
    'pods',
    '-l',
    `app.kubernetes.io/name=${WORKLOAD}`,
  ]).items.filter((p) => !p.metadata.deletionTimestamp);

interface EventJson {
  reason: string;
  message: string;
  firstTimestamp: string;
  count: number;
  involvedObject: { kind: string; name: string };
}
const refusedCreates = () =>
  kubectlJson<{ items: EventJson[] }>(['-n', NS, 'get', 'events', '--field-selector', 'reason=FailedCreate']).items.filter(
    (e) => e.involvedObject.name.startsWith(`${WORKLOAD}-`) && e.message.includes(`"${POD_ENTRY}"`),
  );

const registrationBack = () => {
  try {
    requirePodWebhook();
    return true;
  } catch {
    return false;
  }
};

beforeAll(() => {
  requirePodWebhook();
  createWorkload();
}, 120_000);

/** The real Kyverno registers again once it leads and has compiled the policy: minutes on a busy machine. */
const REGISTERED_MS = 240_000;

afterAll(async () => {
  scaleKyverno(3);
  harness('kyverno', 'recover');
  harness('kyverno', 'allow'); // after recover: the real Kyverno's allow may need its policy webhook answering
  await until('the pod webhook registered again', registrationBack, REGISTERED_MS);
  kubectl(['-n', NS, 'delete', 'deployment', WORKLOAD, '--ignore-not-found', '--wait=false'], 'admin');
  recorder.stop();
}, 300_000);

const operator = tokenOf('operator');
const second = (iso: string) => `${iso.slice(0, 19)}Z`;
const within = (at: string, from: string, to: string, slackMs = 0) =>
  Date.parse(at) >= Date.parse(from) - slackMs && Date.parse(at) <= Date.parse(to) + slackMs;
/** The recorder follows a watch: what it saw is dated when its event arrived, a few seconds at most after the fact. */
const RECORDER_MS = 5000;

describe("a break-glass through Kyverno's crash (SIGKILL), as an incident", () => {
  let view: IncidentView;
  let meanwhile: string;
  let refused: EventJson[];
  let probeAt: string;
  let backSeenAt: string;
  /** Kyverno's registrations as kubectl lists them by the runbook's label: before the crash, and before the delete. */
  let standing: { beforeCrash: string[]; beforeDelete: string[] };
  let crashedAt: string;
  /** Every call the API server logged from just before the crash to the probe through Kyverno, timed. */
  let calls: TimedCall[];

  beforeAll(async () => {
    await until('a pod of our own workload', () => podsOfWorkload().length > 0, 60_000);
    const window = auditWindow();
    standing = { beforeCrash: kyvernoRegistrations(), beforeDelete: [] };
    harness('kyverno', 'crash');
    crashedAt = new Date().toISOString();
    const probe = (await (await probeRoute.POST(post('/api/webhook/probe', {}))).json()) as { outcome: string; at: string };
    expect(probe.outcome).toBe('unreachable');
    probeAt = probe.at;
    kubectl(['-n', NS, 'rollout', 'restart', `deployment/${WORKLOAD}`], 'admin');
    refused = await until('a FailedCreate naming the webhook', () => refusedCreates().length > 0 && refusedCreates(), 90_000);

    await pressStep('scale-down', 'scale-down', operator);
    await until(
      'no admission controller pod left',
      () =>
        kubectl(['-n', 'kyverno-prd', 'get', 'pods', '-l', 'app.kubernetes.io/component=admission-controller', '-o', 'name']).trim() === '',
      150_000,
    );
    standing.beforeDelete = kyvernoRegistrations();
    await pressStep('delete-registrations', 'delete', operator);
    const restored = await pressStep('probe', 'probe-restored');
    expect((restored.probe as { outcome: string }).outcome).toBe('admitted');
    const created = await until(
      'the pod refused before, created now',
      () => podsOfWorkload().find((p) => p.metadata.creationTimestamp >= second(did.delete!.before)),
      180_000,
    );
    meanwhile = created.metadata.name;

    await pressStep('scale-up', 'scale-up', operator);
    harness('kyverno', 'recover');
    await until('the pod webhook registered again', registrationBack, REGISTERED_MS);
    backSeenAt = new Date().toISOString();
    const through = await pressStep('probe', 'probe-through', operator);
    expect((through.probe as { outcome: string }).outcome).toBe('admitted');
    calls = await window.timedCalls();
    const newest = ((await (await list.GET(new Request(`${ORIGIN}/api/incidents`))).json()) as IncidentsView).incidents[0]!;
    view = (await (await one.GET(new Request(`${ORIGIN}/x`), { params: Promise.resolve({ id: newest.id }) })).json()) as IncidentView;
  }, 900_000);

  it('is listed newest first, closed by the probe through Kyverno', async () => {
    const listed = (await (await list.GET(new Request(`${ORIGIN}/api/incidents`))).json()) as IncidentsView;
    expect(listed.incidents[0]).toMatchObject({ id: view.incident.id, kind: 'break-glass', open: false, closedHow: 'kyverno-back' });
    expect(view.incident.id).toMatch(/^bg-\d+$/);
  });

  it('starts at the first refusal: the refused create from the events (inferred), the probe refused as this test ran it', () => {
    const i = view.incident;
    expect(i.firstRefusedProbe).toEqual({ at: probeAt, outcome: 'unreachable' });
    const firstEvent = refused.map((e) => e.firstTimestamp).sort()[0]!;
    expect(i.firstRefusedCreate!.at).toBe(new Date(firstEvent).toISOString());
    expect(i.firstRefusedCreate!.controllers).toEqual([...new Set(refused.map((e) => `ReplicaSet ${NS}/${e.involvedObject.name}`))].sort());
    expect(i.firstRefusedCreate!.count).toBeGreaterThanOrEqual(refused.reduce((n, e) => n + e.count, 0));
    const expected = [probeAt, new Date(firstEvent).toISOString()].sort()[0]!;
    expect(i.startedAt).toBe(expected);
    const entry = i.timeline.find((e) => e.kind === 'first-refused-create')!;
    expect(entry.inferred).toBe(true);
    expect(i.timeline.find((e) => e.kind === 'first-refused-probe')!.inferred).toBe(false);
  });

  it('has each step when it was pressed, who pressed it, and the cluster’s answer', () => {
    const steps = view.incident.timeline.filter((e) => e.kind === 'step');
    expect(steps.map((e) => e.what)).toEqual([
      'Scale the admission controller to 0',
      "Delete Kyverno's webhook registrations",
      'Run the probe',
      'Scale the admission controller back',
      'Run the probe',
    ]);
    const pressed = ['scale-down', 'delete', 'probe-restored', 'scale-up', 'probe-through'].map((k) => did[k]!);
    steps.forEach((e, n) => expect(within(e.at, pressed[n]!.before, pressed[n]!.after), `${e.what} at ${e.at}`).toBe(true));
    expect(steps.map((e) => `${e.by?.actor} ${e.by?.credential} ${e.outcome}`)).toEqual([
      'operator pasted success',
      'operator pasted success',
      '(no write credential) null success',
      'operator pasted success',
      'operator pasted success',
    ]);
    expect(steps[0]!.answer).toBe('Scaled from 3 to 0');
    expect(steps[1]!.answer).toBe(did.delete!.json.done);
  });

  it('has the registration gone and back, the replicas, and the probe admitted again, with the two durations', () => {
    const i = view.incident;
    const gone = i.timeline.find((e) => e.kind === 'registration-gone')!;
    expect(within(gone.at, did.delete!.before, did.delete!.after, RECORDER_MS)).toBe(true);
    const back = i.timeline.find((e) => e.kind === 'registration-back')!;
    expect(within(back.at, did['scale-up']!.before, backSeenAt, RECORDER_MS)).toBe(true);
    const replicas = i.timeline.filter((e) => e.kind === 'replicas').map((e) => e.what);
    expect(replicas[0]).toBe('The admission controller: 3 of 3 replicas ready');
    expect(replicas).toContain('The admission controller: 0 of 0 replicas ready');
    expect(replicas.at(-1)).toBe('The admission controller: 3 of 3 replicas ready');
    expect(within(i.restoredAt!, did['probe-restored']!.before, did['probe-restored']!.after)).toBe(true);
    expect(within(i.backAt!, did['probe-through']!.before, did['probe-through']!.after)).toBe(true);
    expect(i.timeToRestoreMs).toBe(Date.parse(i.restoredAt!) - Date.parse(i.startedAt));
    expect(i.timeToBringBackMs).toBe(Date.parse(i.backAt!) - Date.parse(i.startedAt));
  });

  it('opens at the scale-down and closes at the probe through Kyverno, each entry in order', () => {
    const i = view.incident;
    // opened by the scale-down's press (its break-glass record), started at the first refusal before it
    expect(within(i.openedAt, did['scale-down']!.before, did['scale-down']!.after)).toBe(true);
    expect(i.startedAt <= i.openedAt).toBe(true);
    expect(i.closedAt).toBe(i.backAt);
    expect(i.timeline.map((e) => e.at)).toEqual(i.timeline.map((e) => e.at).sort());
    const at = (kind: string, nth = 0) => i.timeline.filter((e) => e.kind === kind)[nth]!.at;
    const order = [
      at('first-refused-probe'),
      at('step', 0), // the scale-down
      at('registration-gone'), // the pod registration's delete, the first of the step's, before the step's answer
      at('pod-creation-restored'),
      at('step', 3), // the scale-up
      at('registration-back'),
      at('kyverno-back'),
    ];
    const timeline = i.timeline.map((e) => `${e.at} ${e.kind}`).join('\n');
    expect(order, timeline).toEqual([...order].sort());
  });

  it('the crash left every registration standing until the delete step, which deleted exactly those', () => {
    expect(standing.beforeCrash.length).toBeGreaterThan(0);
    expect(standing.beforeDelete).toEqual(standing.beforeCrash);
    // nothing wrote a registration from the crash to the delete step: the crashed Kyverno least of all
    const between = (c: TimedCall) => c.at > crashedAt && c.at < did.delete!.before;
    expect(calls.filter((c) => isWrite(c) && /webhookconfigurations$/.test(c.resource) && between(c))).toEqual([]);
    expect(
      writesBy(calls, 'operator')
        .filter((c) => c.verb === 'delete')
        .map((c) => `${kubectlName(c)} ${c.code}`),
    ).toEqual(standing.beforeDelete.map((n) => `${n} 200`));
  });

  it("is dated as the API server's audit log has it: the first refused create, each step's write, each probe", () => {
    const i = view.incident;
    // a controller's pod create refused by the webhook; the event it then emits is dated to the second
    // (by generateName: no name, unlike the probe's pod)
    const refused = calls.find((c) => c.verb === 'create' && c.resource === '/pods' && c.code >= 500 && c.name === undefined);
    expect(refused, 'a pod create refused in the audit log').toBeDefined();
    const firstRefused = Date.parse(i.firstRefusedCreate!.at);
    expect(firstRefused).toBeGreaterThanOrEqual(Math.floor(time(refused!) / 1000) * 1000);
    expect(firstRefused).toBeLessThanOrEqual(time(refused!) + ANSWER_MS);

    const writes = writesBy(calls, 'operator');
    const scales = writes.filter((c) => c.resource === 'apps/deployments/scale');
    expect(writes.map((c) => `${c.verb} ${c.resource} ${c.name} ${c.code}`)).toEqual([
      'update apps/deployments/scale kyverno-admission-controller 200',
      ...standing.beforeDelete.map((n) => `delete ${resourceOf(n)} ${n.slice(n.indexOf('/') + 1)} 200`),
      'update apps/deployments/scale kyverno-admission-controller 200',
    ]);
    // the probes: the dry-run creates of the probe pod with memdash's read credential, refused, then admitted twice
    const probes = callsBy(calls, 'viewer').filter((c) => c.verb === 'create' && c.resource === '/pods' && c.name === 'kyverno-probe');
    expect(probes.map((c) => c.code)).toEqual([500, 201, 201]);
    const steps = i.timeline.filter((e) => e.kind === 'step');
    // a step is dated when it was pressed, before its call, so that it comes before what it caused
    const pressedBefore: Array<[string, string, TimedCall]> = [
      [steps[0]!.at, did['scale-down']!.before, scales[0]!],
      [steps[1]!.at, did.delete!.before, writes.filter((c) => c.verb === 'delete')[0]!],
      [steps[2]!.at, did['probe-restored']!.before, probes[1]!],
      [steps[3]!.at, did['scale-up']!.before, scales[1]!],
      [steps[4]!.at, did['probe-through']!.before, probes[2]!],
    ];
    for (const [recorded, before, call] of pressedBefore)
      expect(within(recorded, before, call.at, CLOCK_MS), `${recorded} between ${before} and ${call.verb} ${call.name} at ${call.at}`).toBe(
        true,
      );
    // the probes' outcomes are dated when their answer came: the first refusal, pod creation restored, Kyverno back
    const answeredBy: Array<[string, TimedCall]> = [
      [i.firstRefusedProbe!.at, probes[0]!],
      [i.restoredAt!, probes[1]!],
      [i.backAt!, probes[2]!],
    ];
    // the opening is the scale-down's record, dated as the step was pressed, before its call
    expect(within(i.openedAt, did['scale-down']!.before, scales[0]!.at)).toBe(true);
    for (const [recorded, call] of answeredBy)
      expect(afterAnswer(recorded, call), `${recorded} after ${call.verb} ${call.name} at ${call.at}`).toBe(true);
  });

  it('has the registration gone when the audit log has it deleted, and back when Kyverno created it again', () => {
    const i = view.incident;
    const deleted = calls.find((c) => c.verb === 'delete' && c.name === POD_REGISTRATION)!;
    const gone = i.timeline.find((e) => e.kind === 'registration-gone')!;
    expect(within(gone.at, deleted.at, new Date(time(deleted) + RECORDER_MS).toISOString(), CLOCK_MS)).toBe(true);
    const rewrites = calls.filter((c) => isWrite(c) && c.name === POD_REGISTRATION && time(c) > time(deleted));
    expect(rewrites[0]).toMatchObject({ verb: 'create', code: 201 });
    expect(['operator', 'viewer']).not.toContain(rewrites[0]!.user); // Kyverno's own doing, not a step's
    // the gap ends at the re-created registration's creationTimestamp, which the API server dates to the second
    const gap = i.gaps.at(-1)!;
    const created = kubectlJson<{ metadata: { creationTimestamp: string } }>(['get', 'mutatingwebhookconfiguration', POD_REGISTRATION]);
    expect(gap.to).toBe(new Date(created.metadata.creationTimestamp).toISOString());
    expect(Date.parse(gap.to!)).toBe(Math.floor(time(rewrites[0]!) / 1000) * 1000);
    // the timeline has it back when memdash's watch saw it: to the millisecond, after the create
    const back = i.timeline.find((e) => e.kind === 'registration-back')!;
    expect(back.at).toBe(gap.seenBack);
    expect(within(back.at, rewrites[0]!.at, new Date(time(rewrites[0]!) + RECORDER_MS).toISOString(), CLOCK_MS)).toBe(true);
  });

  it('lists the pod created while the registration was gone, and its restart as a follow-up', () => {
    expect(view.pods.ok && view.pods.value.find((g) => g.workload?.name === WORKLOAD)?.pods.map((p) => p.name)).toContain(meanwhile);
    expect(view.followUps.find((f) => f.code === 'restart')?.command).toBe(
      `cexec iac kubectl $KC -n ${NS} rollout restart deployment/${WORKLOAD}`,
    );
  });

  it('exports the postmortem draft, line by line', async () => {
    const answer = await exported.GET(new Request(`${ORIGIN}/x?format=md`), { params: Promise.resolve({ id: view.incident.id }) });
    expect(answer.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="incident-${view.incident.id}.md"`);
    const lines = (await answer.text()).split('\n');
    const i = view.incident;
    const started = second(i.startedAt);
    expect(lines.slice(0, 9)).toEqual([
      `# Postmortem draft: break-glass ${i.id}`,
      '',
      '## Summary',
      '',
      '- Kind: break-glass',
      `- Status: closed at ${second(i.backAt!)}`,
      `- Started: ${started}`,
      `- Pod creation restored: ${second(i.restoredAt!)} (${duration(i.startedAt, i.restoredAt!)} after the start)`,
      `- Kyverno back: ${second(i.backAt!)} (${duration(i.startedAt, i.backAt!)} after the start)`,
    ]);
    const firstEvent = second(new Date(refused.map((e) => e.firstTimestamp).sort()[0]!).toISOString());
    const headings = lines.filter((l) => l.startsWith('## '));
    expect(headings).toEqual(['## Summary', '## Impact', '## Timeline', '## What was done', '## Open follow-ups']);
    expect(lines).toContain(`- The probe first refused at ${second(probeAt)} (unreachable)`);
    const rows = lines.filter((l) => l.startsWith('| 2'));
    expect(rows.find((r) => r.includes('First refused create'))).toMatch(
      new RegExp(`^\\| ${firstEvent} \\| First refused create .* \\(inferred\\) \\|  \\|  \\|$`),
    );
    expect(rows.filter((r) => r.includes('| operator (pasted credential) |')).map((r) => r.split(' | ')[1])).toEqual([
      'Scale the admission controller to 0',
      "Delete Kyverno's webhook registrations",
      'Scale the admission controller back',
      'Run the probe',
    ]);
    const scaled = i.timeline.find((e) => e.kind === 'step')!.at;
    expect(second(scaled) >= second(did['scale-down']!.before) && second(scaled) <= second(did['scale-down']!.after)).toBe(true);
    expect(rows).toContain(
      `| ${second(scaled)} | Scale the admission controller to 0 | operator (pasted credential) | Scaled from 3 to 0 |`,
    );
    expect(lines.filter((l) => l.startsWith('- [ ] '))).toContain(
      `- [ ] 1 pod of ${NS}/Deployment/${WORKLOAD} still runs with the request it arrived with: \`cexec iac kubectl $KC -n ${NS} rollout restart deployment/${WORKLOAD}\``,
    );
  });

  it('exports the same JSON as the API, and refuses an id of another form', async () => {
    const answer = await exported.GET(new Request(`${ORIGIN}/x?format=json`), { params: Promise.resolve({ id: view.incident.id }) });
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="incident-${view.incident.id}.json"`);
    const json = (await answer.json()) as IncidentView;
    expect(Object.keys(json).sort()).toEqual(['events', 'followUps', 'incident', 'pods', 'readAt', 'restarted']);
    expect(json.incident.timeline).toEqual(view.incident.timeline);
    const bad = await one.GET(new Request(`${ORIGIN}/x`), { params: Promise.resolve({ id: '../audit' }) });
    expect(bad.status).toBe(400);
    const none = await one.GET(new Request(`${ORIGIN}/x`), { params: Promise.resolve({ id: 'bg-999999999' }) });
    expect(none.status).toBe(404);
  });

  it('a restart afterwards is on the timeline, by whom', async () => {
    await press('restart', 'restart', operator, () =>
      restartRoute.POST(post(`/api/workloads/${NS}/${WORKLOAD}/restart`, { kind: 'Deployment' }, operator), {
        params: Promise.resolve({ namespace: NS, workload: WORKLOAD }),
      }),
    );
    const again = (await (
      await one.GET(new Request(`${ORIGIN}/x`), { params: Promise.resolve({ id: view.incident.id }) })
    ).json()) as IncidentView;
    const restart = again.incident.timeline.find((e) => e.kind === 'restart')!;
    expect(restart.what).toBe(`Restart ${NS}/deployment/${WORKLOAD}`);
    expect(restart.by).toMatchObject({ actor: 'operator', credential: 'pasted' });
    expect(within(restart.at, did.restart!.before, did.restart!.after)).toBe(true);
  });
});

const time = (c: TimedCall) => Date.parse(c.at);
/** memdash dates a probe's outcome when its answer came: after the API server logged the call, and soon after. */
const ANSWER_MS = 2000;
/** The API server's clock and memdash's are this machine's; its records are in microseconds, memdash's in ms. */
const CLOCK_MS = 1;
const afterAnswer = (recorded: string, call: TimedCall) =>
  Date.parse(recorded) >= time(call) - CLOCK_MS && Date.parse(recorded) <= time(call) + ANSWER_MS;
/** `group/mutatingwebhookconfigurations` + name, as kubectl names it: `mutatingwebhookconfiguration.group/name`. */
const kubectlName = (c: Call) => {
  const [group, plural] = c.resource.split('/') as [string, string];
  return `${plural.replace(/s$/, '')}.${group}/${c.name}`;
};
/** The other way: kubectl's `mutatingwebhookconfiguration.group/name` as the audit log's resource. */
const resourceOf = (kubectlRef: string) => {
  const kind = kubectlRef.slice(0, kubectlRef.indexOf('/'));
  const dot = kind.indexOf('.');
  return `${kind.slice(dot + 1)}/${kind.slice(0, dot)}s`;
};

/** A duration as the draft writes it, for the minutes an incident here takes: "4m 5s", "4m", "58s". */
function duration(from: string, to: string): string {
  const s = Math.floor((Date.parse(to) - Date.parse(from)) / 1000);
  const [m, r] = [Math.floor(s / 60), s % 60];
  if (s >= 3600) throw new Error('an incident of over an hour: this test did not expect one');
  return m === 0 ? `${r}s` : r === 0 ? `${m}m` : `${m}m ${r}s`;
}
