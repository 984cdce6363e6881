import { describe, expect, it } from 'vitest';
import { breakGlassRecord, type BreakGlassRecord } from './break-glass';
import type { CreatedMeanwhileGroup } from './created-meanwhile';
import { DUPLICATE_REFUSED, auditShownTo, buildIncident, recordedGapWindows, type IncidentInputs, type StepAudit } from './incident';
import type { Rights } from './rights';
import { cell, followUps, incidentMarkdown } from './incident-report';
import { awaitingKyvernoBack, incidentSpans, isIncidentId, type NumberedRecord } from './incident-spans';

// The incident's rules on a break-glass as the runbook tells it: Kyverno crashes at 10:00, a rollout is refused from
// 10:01, the probe refuses at 10:02, the operator scales to 0 at 10:05, deletes at 10:06, the probe is admitted at
// 10:06:30, Kyverno is scaled back at 10:20 and the probe is admitted through it at 10:22; the workload created
// meanwhile is restarted at 10:25.

let next = 1;
const rec = (at: string, action: BreakGlassRecord['action'], extra: Partial<BreakGlassRecord> = {}): NumberedRecord => ({
  id: next++,
  ...breakGlassRecord(`2026-10-06T${at}.000Z`, action, extra),
});
const T = (hms: string) => `2026-10-06T${hms}.000Z`;
const step = (hms: string, action: string, detail: string, extra: Partial<StepAudit> = {}): StepAudit => ({
  at: T(hms),
  actor: 'operator',
  signedIn: 'alice@example.com',
  credential: 'pasted',
  action,
  target: 'kyverno-prd/deployment/kyverno-admission-controller',
  outcome: 'success',
  detail,
  ...extra,
});

next = 10;
const BREAK_GLASS = [
  rec('10:05:00', 'scale-down', { replicas: 3 }),
  rec('10:06:00', 'delete-registrations', { registrations: ['MutatingWebhookConfiguration/kyverno-resource-mutating-webhook-cfg'] }),
  rec('10:06:30', 'probe', { probe: 'admitted', registrationPresent: false }),
  rec('10:20:00', 'scale-up', { replicas: 3 }),
  rec('10:22:00', 'probe', { probe: 'admitted', registrationPresent: true }),
];

const INPUTS: IncidentInputs = {
  gaps: [{ from: T('10:06:00'), since: T('10:06:00'), to: T('10:21:00') }],
  replicas: [
    { at: T('09:00:00'), ready: 3, desired: 3 },
    { at: T('10:05:01'), ready: 0, desired: 0 },
    { at: T('10:20:01'), ready: 0, desired: 3 },
    { at: T('10:20:40'), ready: 3, desired: 3 },
  ],
  probes: [
    { at: T('09:00:00'), outcome: 'admitted' },
    { at: T('10:02:00'), outcome: 'unreachable' },
    { at: T('10:06:30'), outcome: 'admitted' },
  ],
  audit: [
    step('10:05:00', 'break-glass.scale-down', 'Scaled from 3 to 0'),
    step('10:06:00', 'break-glass.delete-registrations', 'Deleted MutatingWebhookConfiguration/kyverno-resource-mutating-webhook-cfg'),
    step('10:06:31', 'break-glass.probe', 'admitted (no registration)', { actor: '(no write credential)', credential: null }),
    step('10:20:00', 'break-glass.scale-up', 'Scaled from 0 to 3'),
    step('10:22:01', 'break-glass.probe', 'admitted (the registration stands)'),
    step('10:25:00', 'workload.restart', 'restartedAt 2026-10-06T10:25:00Z', { target: 'development/deployment/sandbox' }),
  ],
  failedCreates: [
    {
      owner: { kind: 'ReplicaSet', namespace: 'development', name: 'sandbox-7d9f' },
      count: 7,
      first: T('10:01:00'),
      last: T('10:05:00'),
      message: 'x',
    },
    // a day old: another incident's
    { owner: { kind: 'Job', namespace: 'batch', name: 'old' }, count: 2, first: '2026-10-05T10:00:00.000Z', last: null, message: 'x' },
  ],
};

const NOW = new Date(T('10:30:00'));
const bounds = { previousEnd: null, nextOpen: null };

describe('incidentSpans', () => {
  it('opens a break-glass at its scale-down and closes it at the probe through Kyverno after the scale-up', () => {
    const [span, ...rest] = incidentSpans(BREAK_GLASS);
    expect(rest).toEqual([]);
    expect(span).toMatchObject({
      id: 'bg-10',
      kind: 'break-glass',
      openedAt: T('10:05:00'),
      closedAt: T('10:22:00'),
      closedHow: 'kyverno-back',
    });
    expect(span!.records).toHaveLength(5);
  });

  it('a drill is its own kind; its scale-down does not open a break-glass; a probe before any step opens nothing', () => {
    next = 50;
    const spans = incidentSpans([
      rec('08:00:00', 'probe', { probe: 'unreachable', registrationPresent: true }),
      rec('09:00:00', 'drill-save'),
      rec('09:01:00', 'scale-down', { replicas: 3 }),
      rec('09:02:00', 'drill-create-saved'),
      rec('09:02:10', 'probe', { probe: 'unreachable', registrationPresent: true }),
      rec('09:03:00', 'delete-registrations'),
      rec('09:03:10', 'probe', { probe: 'admitted', registrationPresent: false }),
      rec('09:04:00', 'scale-up', { replicas: 3 }),
      rec('09:05:00', 'probe', { probe: 'admitted', registrationPresent: true }),
    ]);
    expect(spans.map((s) => `${s.id} ${s.kind} ${s.closedHow} ${s.records.length}`)).toEqual(['drill-51 drill kyverno-back 8']);
  });

  it('a second scale-down while restoring is the same incident; one after a scale-up never confirmed opens the next', () => {
    next = 70;
    const spans = incidentSpans([
      rec('10:00:00', 'scale-down', { replicas: 3 }),
      rec('10:00:05', 'scale-down', { replicas: 0 }),
      rec('10:10:00', 'scale-up', { replicas: 3 }),
      rec('11:00:00', 'scale-down', { replicas: 3 }),
    ]);
    expect(spans.map((s) => `${s.id} ${s.closedAt ?? 'open'} ${s.closedHow}`)).toEqual([
      `bg-70 ${T('11:00:00')} superseded`,
      'bg-73 open null',
    ]);
  });

  it('waits for Kyverno back only while the last incident is open and scaled up: then any probe through it may end it', () => {
    next = 90;
    const restoring = [
      rec('10:05:00', 'scale-down', { replicas: 3 }),
      rec('10:06:30', 'probe', { probe: 'admitted', registrationPresent: false }),
    ];
    expect(awaitingKyvernoBack(incidentSpans(restoring))).toBe(false);
    const scaledUp = [...restoring, rec('10:20:00', 'scale-up', { replicas: 3 })];
    expect(awaitingKyvernoBack(incidentSpans(scaledUp))).toBe(true);
    // admitted before the registration is back: still waiting
    const early = [...scaledUp, rec('10:20:10', 'probe', { probe: 'admitted', registrationPresent: false })];
    expect(awaitingKyvernoBack(incidentSpans(early))).toBe(true);
    // the header's probe, recorded as the step's, admitted through the registration: closed
    const back = [...early, rec('10:21:20', 'probe', { probe: 'admitted', registrationPresent: true })];
    expect(incidentSpans(back).at(-1)).toMatchObject({ closedAt: T('10:21:20'), closedHow: 'kyverno-back' });
    expect(awaitingKyvernoBack(incidentSpans(back))).toBe(false);
    expect(awaitingKyvernoBack([])).toBe(false);
  });

  it('ids have one form', () => {
    expect(['bg-1', 'drill-42'].every(isIncidentId)).toBe(true);
    expect(['bg-0', 'bg-', 'x-1', 'bg-1/..', 'bg-01', `bg-${'9'.repeat(16)}`].some(isIncidentId)).toBe(false);
  });
});

describe('buildIncident', () => {
  const incident = buildIncident(incidentSpans(BREAK_GLASS)[0]!, INPUTS, bounds, NOW);

  it('starts at the first refused create (inferred from the events), before the refused probe and the first step', () => {
    expect(incident.startedAt).toBe(T('10:01:00'));
    expect(incident.firstRefusedCreate).toEqual({ at: T('10:01:00'), controllers: ['ReplicaSet development/sandbox-7d9f'], count: 7 });
    expect(incident.firstRefusedProbe).toEqual({ at: T('10:02:00'), outcome: 'unreachable' });
  });

  it('computes the time to restore pod creation and to bring Kyverno back, both from the start', () => {
    expect(incident.restoredAt).toBe(T('10:06:30'));
    expect(incident.timeToRestoreMs).toBe(5.5 * 60_000);
    expect(incident.backAt).toBe(T('10:22:00'));
    expect(incident.timeToBringBackMs).toBe(21 * 60_000);
    expect(incident.open).toBe(false);
  });

  it('orders the timeline, marks what is inferred, names who pressed each step and the answer', () => {
    expect(incident.timeline.map((e) => `${e.at.slice(11, 19)} ${e.kind}${e.inferred ? ' inferred' : ''}`)).toEqual([
      '10:01:00 first-refused-create inferred',
      '10:01:00 replicas',
      '10:02:00 first-refused-probe',
      '10:05:00 step',
      '10:05:01 replicas',
      '10:06:00 step',
      '10:06:00 registration-gone',
      '10:06:30 pod-creation-restored',
      '10:06:31 step',
      '10:20:00 step',
      '10:20:01 replicas',
      '10:20:40 replicas',
      '10:21:00 registration-back',
      '10:22:00 kyverno-back',
      '10:22:01 step',
      '10:25:00 restart',
    ]);
    const scale = incident.timeline.find((e) => e.kind === 'step')!;
    expect(scale).toMatchObject({
      what: 'Scale the admission controller to 0',
      by: { signedIn: 'alice@example.com', actor: 'operator', credential: 'pasted' },
      answer: 'Scaled from 3 to 0',
    });
  });

  it('a second press refused as a duplicate is left out of the timeline: it changed nothing (the audit log keeps it)', () => {
    // a double-click on "Scale back": the second press began 80 ms after the first and was refused by the write guard
    const duplicate = step('10:20:00', 'break-glass.scale-up', `${DUPLICATE_REFUSED}: break-glass.scale-up on … began 80 ms earlier`, {
      at: '2026-10-06T10:20:00.080Z',
      outcome: 'refused',
    });
    const pressedTwice = buildIncident(incidentSpans(BREAK_GLASS)[0]!, { ...INPUTS, audit: [...INPUTS.audit, duplicate] }, bounds, NOW);
    const steps = pressedTwice.timeline.filter((e) => e.kind === 'step');
    expect(steps.map((e) => e.answer)).toEqual(incident.timeline.filter((e) => e.kind === 'step').map((e) => e.answer));
    // a refusal for any other reason stays: it is what the operator met
    const forbidden = { ...duplicate, detail: 'deployments.apps "kyverno-admission-controller" is forbidden' };
    const refused = buildIncident(incidentSpans(BREAK_GLASS)[0]!, { ...INPUTS, audit: [...INPUTS.audit, forbidden] }, bounds, NOW);
    expect(refused.timeline.filter((e) => e.kind === 'step' && e.outcome === 'refused')).toHaveLength(1);
  });

  it('a step dated when it began comes before the registration gone and the replicas it caused, though its answer came after', () => {
    // the scale-down began at 10:05:00.000; the clean shutdown took the registration at 10:05:00.700, the answer came at 10:05:01.2
    const gaps = [{ from: '2026-10-06T10:05:00.700Z', since: '2026-10-06T10:05:00.700Z', to: T('10:21:00') }];
    const caused = buildIncident(incidentSpans(BREAK_GLASS)[0]!, { ...INPUTS, gaps }, bounds, NOW);
    const kinds = caused.timeline.filter((e) => e.at >= T('10:05:00') && e.at < T('10:06:00')).map((e) => e.kind);
    expect(kinds).toEqual(['step', 'registration-gone', 'replicas']);
  });

  it('a step and the registration it brought back in the same second stay in that order, by when it was seen back', () => {
    // the re-created object's creation time is to the second: 10:20:00, before the scale-up's answer at 10:20:00.400
    const gaps = [{ from: T('10:06:00'), since: T('10:06:00'), to: T('10:20:00'), seenBack: '2026-10-06T10:20:00.900Z' }];
    const audit = INPUTS.audit.map((a) => (a.action === 'break-glass.scale-up' ? { ...a, at: '2026-10-06T10:20:00.400Z' } : a));
    const same = buildIncident(incidentSpans(BREAK_GLASS)[0]!, { ...INPUTS, gaps, audit }, bounds, NOW);
    const kinds = same.timeline.map((e) => `${e.at.slice(11)} ${e.kind}`).filter((e) => e.startsWith('10:20:00'));
    expect(kinds).toEqual(['10:20:00.400Z step', '10:20:00.900Z registration-back']);
  });

  it('dates the gap no later than the probe that was admitted with no registration, when the watch told of it after', () => {
    const gaps = [{ from: '2026-10-06T10:06:30.050Z', since: '2026-10-06T10:06:30.050Z', to: T('10:21:00') }];
    const lagging = buildIncident(incidentSpans(BREAK_GLASS)[0]!, { ...INPUTS, gaps }, bounds, NOW);
    const at = (kind: string) => lagging.timeline.find((e) => e.kind === kind)!.at;
    expect(at('registration-gone')).toBe(T('10:06:30'));
    expect(at('pod-creation-restored')).toBe(T('10:06:30'));
    // a gap recorded before the probe keeps its own start
    expect(incident.timeline.find((e) => e.kind === 'registration-gone')!.at).toBe(T('10:06:00'));
  });

  it('a registration found gone after memdash was not watching is inferred, with the earliest it may have gone', () => {
    const gap = { from: T('10:06:00'), since: T('10:03:00'), to: null };
    const open = buildIncident(incidentSpans(BREAK_GLASS.slice(0, 3))[0]!, { ...INPUTS, gaps: [gap] }, bounds, NOW);
    const gone = open.timeline.find((e) => e.kind === 'registration-gone')!;
    expect(gone).toMatchObject({
      inferred: true,
      what: `The pod webhook's registration found gone (it may have gone from ${T('10:03:00')})`,
    });
    expect(open).toMatchObject({ open: true, backAt: null, timeToBringBackMs: null });
  });

  it("a refusal before the previous incident's end is not this one's", () => {
    const later = buildIncident(incidentSpans(BREAK_GLASS)[0]!, INPUTS, { previousEnd: T('10:03:00'), nextOpen: null }, NOW);
    expect(later.firstRefusedProbe).toBeNull();
    expect(later.firstRefusedCreate).toBeNull();
    expect(later.startedAt).toBe(T('10:05:00'));
  });
});

describe('the postmortem draft', () => {
  const incident = buildIncident(incidentSpans(BREAK_GLASS)[0]!, INPUTS, bounds, NOW);
  const sandbox: CreatedMeanwhileGroup = {
    namespace: 'development',
    workload: { kind: 'Deployment', name: 'sandbox' },
    restartable: true,
    pods: [{ namespace: 'development', name: 'sandbox-7d9f-abcde', createdAt: T('10:07:00'), workload: null, containers: [] }],
    verdicts: { 'registration-absent': 1 },
  };

  it('is written line by line: summary, impact, timeline, what was done, the open follow-ups', () => {
    const lines = incidentMarkdown(incident, { pods: [sandbox], policyReady: true }, 'kubectl').split('\n');
    expect(lines.slice(0, 9)).toEqual([
      '# Postmortem draft: break-glass bg-10',
      '',
      '## Summary',
      '',
      '- Kind: break-glass',
      '- Status: closed at 2026-10-06T10:22:00Z',
      '- Started: 2026-10-06T10:01:00Z',
      '- Pod creation restored: 2026-10-06T10:06:30Z (5m 30s after the start)',
      '- Kyverno back: 2026-10-06T10:22:00Z (21m after the start)',
    ]);
    expect(lines).toContain(
      "- Refused creates naming Kyverno's webhook: 7, by ReplicaSet development/sandbox-7d9f, the first at 2026-10-06T10:01:00Z (inferred from the events, which expire after an hour)",
    );
    expect(lines).toContain("- The pod webhook's registration gone: 2026-10-06T10:06:00Z to 2026-10-06T10:21:00Z");
    expect(lines).toContain('- Pods created while the registration was gone, still running: 1 in 1 workload');
    expect(lines).toContain(
      "| 2026-10-06T10:01:00Z | First refused create naming Kyverno's webhook: 7 by ReplicaSet development/sandbox-7d9f (inferred) |  |  |",
    );
    expect(lines).toContain(
      '| 2026-10-06T10:05:00Z | Scale the admission controller to 0 | alice@example.com as operator (pasted credential) | Scaled from 3 to 0 |',
    );
    expect(lines).toContain(
      '- 2026-10-06T10:25:00Z Restart development/deployment/sandbox, by alice@example.com as operator (pasted credential): restartedAt 2026-10-06T10:25:00Z',
    );
    expect(lines.slice(-4)).toEqual([
      '## Open follow-ups',
      '',
      '- [ ] 1 pod of development/Deployment/sandbox still runs with the request it arrived with (restarted: its rollout is not through yet): `kubectl $KC -n development rollout restart deployment/sandbox`',
      '',
    ]);
  });

  it('says the policy fix is not synced while the policy is not READY, and an open incident is a follow-up', () => {
    const open = buildIncident(incidentSpans(BREAK_GLASS.slice(0, 3))[0]!, INPUTS, bounds, NOW);
    const denied = { ...open, policyDenied: true };
    expect(followUps(denied, { pods: [], policyReady: false }, 'kubectl').map((f) => f.code)).toEqual(['bring-back', 'policy']);
    expect(followUps(denied, { pods: [], policyReady: false }, 'kubectl')[1]!.words).toContain('not synced yet');
  });

  it("keeps the cluster's words in one cell", () => {
    expect(cell('a | b\n| c \\ d')).toBe('a \\| b \\| c \\\\ d');
  });
});

describe('the postmortem draft, with hostile names', () => {
  const LINK = '[the fix](https://evil.example/login)';
  const IMAGE = '![](https://evil.example/pixel.png)';
  const HTML = '<img src=x onerror=alert(1)>';
  const COMMENT = '<!--';
  const hostile = {
    ...INPUTS,
    audit: [
      step('10:05:00', 'break-glass.scale-down', `User "${COMMENT} ${LINK}" cannot patch`, {
        signedIn: `${LINK} ${IMAGE}`,
        actor: `**${HTML}**`,
      }),
      step('10:25:00', 'workload.restart', `_${COMMENT}_ \`code\` ~~x~~ &lt;`, {
        signedIn: COMMENT,
        target: 'development/deployment/sandbox',
      }),
    ],
  };
  const draft = incidentMarkdown(
    buildIncident(incidentSpans(BREAK_GLASS)[0]!, hostile, bounds, NOW),
    { pods: [], policyReady: true },
    'kubectl',
  );
  const lines = draft.split('\n');

  it('escapes links, images, HTML and emphasis in who pressed and in the cluster’s answer', () => {
    expect(lines).toContain(
      '| 2026-10-06T10:05:00Z | Scale the admission controller to 0 | \\[the fix\\](https://evil.example/login) \\!\\[\\](https://evil.example/pixel.png) as \\*\\*\\<img src=x onerror=alert(1)\\>\\*\\* (pasted credential) | User "\\<\\!-- \\[the fix\\](https://evil.example/login)" cannot patch |',
    );
  });

  it('escapes a comment opener, so the lines after it stay visible', () => {
    expect(lines).toContain(
      '- 2026-10-06T10:25:00Z Restart development/deployment/sandbox, by \\<\\!-- as operator (pasted credential): \\_\\<\\!--\\_ \\`code\\` \\~\\~x\\~\\~ \\&lt;',
    );
    expect(lines.at(-2)).toBe('- None');
  });

  it('leaves no Markdown syntax unescaped outside its own', () => {
    // every [ < ! ` * _ ~ & in the draft is escaped, but the follow-ups' code and the draft's own headings and lists
    const own = /^(#+ |- \[ \] |\| Time \(UTC\)|\| --- )/;
    const bare = lines.filter((l) => !own.test(l) && /(^|[^\\])[[\]<!`*_~&]/.test(l));
    expect(bare).toEqual([]);
  });
});

describe('the audit shown to someone outside the audit group', () => {
  const shop = (audit: boolean): Rights => ({ pods: ['shop'], table: false, kyvernoLogs: false, audit });
  const audit = [
    step('10:05:00', 'break-glass.scale-down', 'User "alice@example.com" cannot patch', { outcome: 'failure' }),
    step('10:06:31', 'break-glass.probe', null as unknown as string),
    step('10:25:00', 'workload.restart', 'restartedAt x', { target: 'development/deployment/sandbox' }),
    step('10:26:00', 'workload.restart', 'restartedAt y', { target: 'shop/deployment/web' }),
  ];

  it("withholds who pressed and the cluster's answer with it, and restarts of namespaces they cannot read", () => {
    const shown = auditShownTo(shop(false), audit);
    expect(shown.map((a) => a.target)).toEqual([audit[0]!.target, audit[1]!.target, 'shop/deployment/web']);
    for (const a of shown)
      expect({ actor: a.actor, signedIn: a.signedIn, credential: a.credential }).toEqual({
        actor: '(withheld: the audit group only)',
        signedIn: null,
        credential: null,
      });
    expect(shown.map((a) => a.detail)).toEqual(['(withheld: the audit group only)', null, '(withheld: the audit group only)']);
    expect(JSON.stringify(shown)).not.toContain('alice');
  });

  it('keeps them for the audit group', () => {
    expect(auditShownTo(shop(true), audit).map((a) => a.detail)).toEqual(['User "alice@example.com" cannot patch', null, 'restartedAt y']);
  });
});

describe('recordedGapWindows: where /break-glass looks for the pods created meanwhile', () => {
  // a break-glass whose Kyverno came back, crashed again and was deleted again: two gaps in one incident
  next = 200;
  const records = [
    rec('10:05:00', 'scale-down', { replicas: 3 }),
    rec('10:06:00', 'delete-registrations', { registrations: ['MutatingWebhookConfiguration/kyverno-resource-mutating-webhook-cfg'] }),
    rec('10:20:00', 'scale-up', { replicas: 3 }),
    rec('10:24:00', 'delete-registrations', { registrations: ['MutatingWebhookConfiguration/kyverno-resource-mutating-webhook-cfg'] }),
  ];
  const gaps = [
    { from: T('09:00:00'), since: T('09:00:00'), to: T('09:01:00') }, // an earlier day's drill, long closed: not this one's
    { from: T('10:06:00'), since: T('10:06:00'), to: T('10:21:00') },
    { from: T('10:24:00'), since: T('10:24:00'), to: null },
  ];

  it("lists every gap of the incident, SINCE at its first deletion, not only the last gap's", () => {
    expect(recordedGapWindows(incidentSpans(records), gaps, NOW)).toEqual({
      source: 'recorded-gap',
      windows: [
        { from: T('10:06:00'), to: T('10:21:00') },
        { from: T('10:24:00'), to: null },
      ],
    });
  });

  it('a gap after the last incident closed, which memdash did not act on, is listed alone', () => {
    const closed = [...records.slice(0, 3), rec('10:22:00', 'probe', { probe: 'admitted', registrationPresent: true })];
    const byHand = [...gaps.slice(0, 2), { from: T('10:28:00'), since: T('10:27:00'), to: null }];
    expect(recordedGapWindows(incidentSpans(closed), byHand, NOW)?.windows).toEqual([{ from: T('10:27:00'), to: null }]);
  });

  it('with no gap recorded, the incident’s recorded deletion; with nothing at all, null', () => {
    expect(recordedGapWindows(incidentSpans(records.slice(0, 2)), [], NOW)).toEqual({
      source: 'recorded-deletion',
      windows: [{ from: T('10:06:00'), to: null }],
    });
    expect(recordedGapWindows([], [], NOW)).toBeNull();
  });
});
