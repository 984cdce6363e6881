// Issue 31, item 8: anyone who may create Events in a namespace could put a refused pod create naming Kyverno's
// webhook on the webhook page (the break-glass "indicated"), or words of their choosing under the GlobalContextEntry,
// as Kyverno's own. Only what the reporting controller wrote, about an object that exists, where such events are
// written, is shown, and never with a time still to come.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POD_ENTRY, kubectl, until } from '../integration/cluster';
import { json, send } from './http';

const RUN = `memdash-forged-${Date.now().toString(36)}`;
const ENTRY = 'memory-requests'; // the GlobalContextEntry the settings name by default
const FUTURE = '2031-01-01T00:00:00Z';
const refusal = (marker: string) =>
  `Error creating: Internal error occurred: failed calling webhook "${POD_ENTRY}": failed to call webhook: ${marker}`;

interface Group {
  owner: { kind: string; namespace: string; name: string };
  last: string | null;
  message: string;
}
interface EntryEvent {
  message: string;
  last: string | null;
}
interface Health {
  readAt: string;
  failedCreates: { ok: boolean; value?: Group[] };
  globalContextEntry: { ok: boolean; value?: { events: EntryEvent[] } };
}

// ReplicaSets that make no pods: the controllers the events name, where they must exist.
const replicaSet = (namespace: string, name: string) => ({
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name, namespace },
  spec: {
    replicas: 0,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image: 'busybox' }] } },
  },
});
const here = `${RUN}-rs`; // in development
const unsigned = `${RUN}-unsigned`; // in development
const elsewhere = `${RUN}-payments`; // in payments

const created: Array<[kind: string, namespace: string, name: string]> = [];
function create(kind: string, namespace: string, object: Record<string, unknown>): void {
  kubectl(['create', '-f', '-'], 'admin', JSON.stringify(object));
  created.push([kind, namespace, (object.metadata as { name: string }).name]);
}
function event(namespace: string, name: string, fields: Record<string, unknown>): void {
  create('event', namespace, { apiVersion: 'v1', kind: 'Event', metadata: { name, namespace }, type: 'Warning', ...fields });
}
const legacy = (time = new Date().toISOString().replace(/\.\d+Z$/, 'Z')) => ({ count: 1, firstTimestamp: time, lastTimestamp: time });
const rsRef = (namespace: string, name: string) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace, name });
const entryRef = { apiVersion: 'kyverno.io/v2', kind: 'GlobalContextEntry', name: ENTRY };

beforeAll(() => {
  create('replicaset', 'development', replicaSet('development', here));
  create('replicaset', 'development', replicaSet('development', unsigned));
  create('replicaset', 'payments', replicaSet('payments', elsewhere));
  // what the controller would write, dated years ahead: shown (it cannot be told apart), at the time of the read
  event('development', `${here}.future`, {
    ...legacy(),
    lastTimestamp: FUTURE,
    involvedObject: rsRef('development', here),
    reason: 'FailedCreate',
    message: refusal(`${RUN} control`),
    source: { component: 'replicaset-controller' },
  });
  // by hand: no writer named
  event('development', `${unsigned}.1`, {
    ...legacy(),
    involvedObject: rsRef('development', unsigned),
    reason: 'FailedCreate',
    message: refusal(`${RUN} unsigned`),
  });
  // signed as the controller, about a ReplicaSet that does not exist
  event('development', `${RUN}-gone.1`, {
    ...legacy(),
    involvedObject: rsRef('development', `${RUN}-gone`),
    reason: 'FailedCreate',
    message: refusal(`${RUN} gone`),
    source: { component: 'replicaset-controller' },
  });
  // signed as the controller, about another namespace's ReplicaSet (the API server takes it with an eventTime)
  event('development', `${elsewhere}.1`, {
    eventTime: new Date().toISOString().replace('Z', '000Z'),
    action: 'Create',
    reportingComponent: 'replicaset-controller',
    reportingInstance: 'kube-controller-manager',
    source: { component: 'replicaset-controller' },
    involvedObject: rsRef('payments', elsewhere),
    reason: 'FailedCreate',
    message: refusal(`${RUN} elsewhere`),
  });
  // the entry's events: Kyverno's own, dated ahead, and two written by others
  event('default', `${ENTRY}.${RUN}-control`, {
    ...legacy(),
    lastTimestamp: FUTURE,
    involvedObject: entryRef,
    reason: 'PolicyError',
    message: `${RUN} control: failed to load data`,
    reportingComponent: 'globalcontext-controller',
    reportingInstance: 'globalcontext-controller-kyverno-admission-controller',
  });
  event('default', `${ENTRY}.${RUN}-by-hand`, {
    ...legacy(),
    involvedObject: entryRef,
    reason: 'PolicyError',
    message: `${RUN} by hand: the table is broken, run the break-glass now`,
  });
  event('development', `${ENTRY}.${RUN}-development`, {
    ...legacy(),
    involvedObject: { ...entryRef, namespace: 'development' },
    reason: 'PolicyError',
    message: `${RUN} development: the table is broken, run the break-glass now`,
    source: { component: 'kyverno-admission' },
  });
});

afterAll(() => {
  for (const [kind, namespace, name] of created.reverse()) {
    kubectl(['-n', namespace, 'delete', kind, name, '--ignore-not-found', '--wait=false'], 'admin');
  }
});

/** The webhook page's read once both controls show (the server's caches have seen every event made above). */
async function healthWithControls(): Promise<Health> {
  return until(
    'both control events on /api/webhook',
    async () => {
      const answer = await send('GET', '/c/local/api/webhook');
      if (answer.status !== 200) return null;
      const health = json<Health>(answer);
      const groups = health.failedCreates.value ?? [];
      const events = health.globalContextEntry.value?.events ?? [];
      const seen = groups.some((g) => g.message.includes(`${RUN} control`)) && events.some((e) => e.message.includes(`${RUN} control`));
      return seen ? health : null;
    },
    60_000,
  );
}

describe('events written by others than the controller that reports them', () => {
  let health: Health;
  beforeAll(async () => void (health = await healthWithControls()));

  it("are not shown as refused creates naming Kyverno's webhook", () => {
    const ours = (health.failedCreates.value ?? []).filter((g) => g.message.includes(RUN));
    expect(ours.map((g) => `${g.owner.namespace}/${g.owner.name}`)).toEqual([`development/${here}`]);
  });

  it("are not shown as Kyverno's words about the GlobalContextEntry", () => {
    const ours = (health.globalContextEntry.value?.events ?? []).filter((e) => e.message.includes(RUN));
    expect(ours.map((e) => e.message)).toEqual([`${RUN} control: failed to load data`]);
  });

  it('carry no time later than the read', () => {
    const group = health.failedCreates.value!.find((g) => g.owner.name === here)!;
    const entryEvent = health.globalContextEntry.value!.events.find((e) => e.message.includes(RUN))!;
    for (const last of [group.last, entryEvent.last]) {
      expect(last).not.toBeNull();
      expect(new Date(last!).getTime()).toBeLessThanOrEqual(new Date(health.readAt).getTime());
    }
  });

  it('are not on the webhook page either', async () => {
    const page = await send('GET', '/c/local/webhook');
    expect(page.status).toBe(200);
    expect(page.body).toContain(`${RUN} control`);
    for (const forged of ['unsigned', 'gone', 'elsewhere', 'by hand', 'development']) expect(page.body).not.toContain(`${RUN} ${forged}`);
  });
});
