// The write path on the local cluster: the guard (origin, JSON, credential, audit), the credential's refusals, the
// snapshot run (normal, too-few-rows with the override, prometheus-fails), the restore, the follow stream's abort;
// one run at a time, the table's resourceVersion as each write's precondition, memdash as the field manager.
// memdash reads through a counting proxy, so "no cluster call" is measured, not assumed.
import { existsSync, readFileSync } from 'node:fs';
import { everythingStored } from '../stores';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeconfig, kubectl, putTableData, requireCluster } from './cluster';
import {
  KYVERNO,
  apiServerOf,
  job,
  jobEnds,
  jobNames,
  kubeconfigVia,
  requireNoActiveRun,
  snapshotMode,
  startCountingProxy,
  tableData,
  tableObject,
  tableResourceVersion,
  tempDir,
  whileTableMoved,
  tokenOf,
  writeTemp,
  type CountingProxy,
} from './write-harness';
import { auditWindow, callsBy, UNAUTHENTICATED, writesBy, type Call } from '../audit';

requireCluster();

const dir = tempDir();
const proxy: CountingProxy = await startCountingProxy(apiServerOf());
process.env.KUBECONFIG = writeTemp(dir, 'viewer-via-proxy.yaml', kubeconfigVia('viewer', proxy.url));
// the history store is the file's own (test/integration/setup.ts): SQLite, or PostgreSQL in the postgres group

const runs = await import('@/app/c/[cluster]/api/snapshot/runs/route');
const access = await import('@/app/c/[cluster]/api/access/route');
const override = await import('@/app/c/[cluster]/api/table/override/route');
const restore = await import('@/app/c/[cluster]/api/table/restore/route');
const restoreDiff = await import('@/app/c/[cluster]/api/table/restore/diff/route');
const events = await import('@/app/c/[cluster]/api/snapshot/runs/[job]/events/route');
const { readSnapshotRun } = await import('@/lib/views/snapshot-run');
const { defaultCluster } = await import('@/lib/cluster/registry');
const { historyDb } = await import('@/lib/history');
const { listAudit, refusalCounts } = await import('@/lib/history/audit');
const { listVersions } = await import('@/lib/history/store');

const ORIGIN = 'http://127.0.0.1:3000';
interface Options {
  token?: string;
  origin?: string | null;
  contentType?: string;
  kubeconfig?: string;
  secFetchSite?: string;
  method?: string;
}

function request(path: string, body: object | string, o: Options = {}): Request {
  const headers: Record<string, string> = { host: '127.0.0.1:3000', 'content-type': o.contentType ?? 'application/json' };
  if (o.origin !== null) headers.origin = o.origin ?? ORIGIN;
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.secFetchSite) headers['sec-fetch-site'] = o.secFetchSite;
  const payload = typeof body === 'string' ? body : JSON.stringify(o.kubeconfig ? { ...body, kubeconfig: o.kubeconfig } : body);
  return new Request(`${ORIGIN}${path}`, { method: o.method ?? 'POST', headers, body: payload });
}

/** Who memdash can act as here: the write credentials tried, its own read credential (viewer), and no one. */
const AS = ['operator', 'viewer', UNAUTHENTICATED];
/** A write call as the audit log shows it. */
const wrote = (verb: string, resource: string, name: string, code: number): Call => ({
  user: 'operator',
  verb,
  resource,
  namespace: KYVERNO,
  name,
  code,
});

/** The Jobs this file's runs created: deleted when it ends, so the shared cluster keeps no runs of it. */
const created: string[] = [];

const audit = async () => listAudit(await historyDb(), 1000);
/** The refusals counted before a credential was read, as `action reason` → count. */
const refusalsCounted = async () =>
  Object.fromEntries((await refusalCounts(await historyDb())).map((c) => [`${c.action} ${c.reason}`, c.count]));
/** POST /api/table/override with the operator's token, as the page sends it: the name typed, the table's resourceVersion now. */
const pressOverride = (body: { confirm?: string; resourceVersion?: string } = {}) =>
  override.POST(
    request(
      '/api/table/override',
      { confirm: 'memory-requests', resourceVersion: tableResourceVersion(), ...body },
      { token: tokenOf('operator') },
    ),
  );
/** How many saved tables the history store holds: an override saves one before it removes the data. */
const imports = async () => (await listVersions(await historyDb())).filter((v) => v.source === 'import').length;
const original = tableData();

/**
 * Calls a write route and says what it answered, how many audit records it left, which refusals it counted, and
 * whether it reached the cluster.
 * The call starts only after the counts are read: a refusal's audit record can be stored before a count started
 * beside it is read (on PostgreSQL it was).
 */
async function attempt(call: () => Promise<Response>) {
  const [recordsBefore, countedBefore] = [(await audit()).length, await refusalsCounted()];
  const bytesBefore = proxy.bytesIn();
  const window = auditWindow();
  const response = await call();
  const body = (await response.json()) as Record<string, unknown> & { error?: { code: string; message: string } };
  if (typeof body.job === 'string') created.push(body.job);
  const calls = await window.calls();
  const [records, counted] = [await audit(), await refusalsCounted()];
  return {
    status: response.status,
    body,
    newRecords: records.length - recordsBefore,
    newCounts: Object.fromEntries(
      Object.entries(counted)
        .map(([key, n]) => [key, n - (countedBefore[key] ?? 0)] as const)
        .filter(([, n]) => n > 0),
    ),
    record: records[0]!,
    reachedCluster: proxy.bytesIn() > bytesBefore,
    /** What the API server logged of the attempt: calls with the write credential, and writes by any of memdash's users. */
    credentialCalls: callsBy(calls, 'operator', UNAUTHENTICATED),
    writes: writesBy(calls, ...AS),
  };
}

afterAll(async () => {
  snapshotMode('normal');
  if (created.length > 0) kubectl(['-n', KYVERNO, 'delete', 'job', '--ignore-not-found', ...created], 'admin');
  // the other tests read the seeded table: put it back as it was
  if (original) putTableData(original);
  await proxy.close();
});

describe('the write guard refuses before any cluster call', () => {
  // Refused before a credential is read: anyone can send these, so each is counted, not recorded (issue 31).
  it('no credential → 401, no call, no record but one count', async () => {
    const a = await attempt(() => runs.POST(request('/api/snapshot/runs', {})));
    expect(a.status).toBe(401);
    expect(a.body.error?.message).toMatch(/No write credential/);
    expect(a.reachedCluster).toBe(false);
    expect(a.newRecords).toBe(0);
    expect(a.newCounts).toEqual({ 'snapshot.run unauthorized': 1 });
    expect(a.credentialCalls).toEqual([]);
    expect(a.writes).toEqual([]);
  });

  it.each([
    ['another origin', 403, { origin: 'https://evil.example' }],
    ['Origin: null', 403, { origin: 'null' }],
    ['no Origin', 403, { origin: null }],
    ['Sec-Fetch-Site cross-site', 403, { secFetchSite: 'cross-site' }],
    ['a text/plain body', 415, { contentType: 'text/plain' }],
    ['a form body', 415, { contentType: 'application/x-www-form-urlencoded' }],
  ] as const)('%s → %i with the operator token, nothing changed, no call, no record but one count', async (_, status, options) => {
    const a = await attempt(() => runs.POST(request('/api/snapshot/runs', {}, { ...options, token: tokenOf('operator') })));
    expect(a.status).toBe(status);
    expect(a.reachedCluster).toBe(false);
    expect(a.newRecords).toBe(0);
    expect(a.newCounts).toEqual({ [`snapshot.run ${status === 403 ? 'forbidden' : 'unsupported-media-type'}`]: 1 });
    expect(a.credentialCalls).toEqual([]);
    expect(a.writes).toEqual([]);
  });

  it('a GET of a write route is refused by the guard as not POST', async () => {
    const a = await attempt(() =>
      runs.POST(new Request(`${ORIGIN}/api/snapshot/runs`, { method: 'GET', headers: { host: '127.0.0.1:3000', origin: ORIGIN } })),
    );
    expect(a.status).toBe(405);
    expect(a.reachedCluster).toBe(false);
  });

  it('a bad body is refused before any call', async () => {
    const a = await attempt(() => restore.POST(request('/api/table/restore', { versionId: 'x; rm -rf' }, { token: tokenOf('operator') })));
    expect(a.status).toBe(400);
    expect(a.reachedCluster).toBe(false);
    expect(a.newRecords).toBe(0);
    expect(a.newCounts).toEqual({ 'table.restore bad-request': 1 });
    expect(a.credentialCalls).toEqual([]);
    expect(a.writes).toEqual([]);
  });

  it('a kubeconfig with exec is refused, and its command never runs', async () => {
    const marker = join(dir, 'exec-ran');
    const config = readFileSync(kubeconfig('operator'), 'utf8').replace(
      / {4}token: \S+/,
      `    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: /bin/sh\n      args: ["-c", "touch ${marker}"]\n      interactiveMode: Never`,
    );
    const a = await attempt(() => runs.POST(request('/api/snapshot/runs', {}, { kubeconfig: config })));
    expect(a.status).toBe(400);
    expect(a.body.error?.message).toMatch(/runs a command \(exec\)/);
    // the command would run to get a token for a call; the API server logged none with any credential
    expect(a.credentialCalls).toEqual([]);
    expect(a.writes).toEqual([]);
    expect(existsSync(marker)).toBe(false);
    expect(a.reachedCluster).toBe(false);
    expect(a.newRecords).toBe(1);
  });

  it('a kubeconfig naming another server is refused, and that server sees no connection', async () => {
    let seen = 0;
    const listener = createServer((s) => {
      seen++;
      s.destroy();
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', () => r()));
    const port = (listener.address() as import('node:net').AddressInfo).port;
    try {
      const a = await attempt(() =>
        runs.POST(request('/api/snapshot/runs', {}, { kubeconfig: kubeconfigVia('operator', `https://127.0.0.1:${port}`) })),
      );
      expect(a.status).toBe(400);
      expect(a.body.error?.message).toMatch(/names another API server \(its port differs from the cluster memdash reads\)/);
      // neither server's address is in the answer or the audit record that anyone can read
      for (const text of [a.body.error?.message, a.record.detail]) {
        expect(text).not.toContain(String(port));
        expect(text).not.toContain(new URL(proxy.url).port);
      }
      // a connection to it would come before the answer: none came, and the cluster logged no call either
      expect(seen).toBe(0);
      expect(a.credentialCalls).toEqual([]);
      expect(a.writes).toEqual([]);
      expect(a.reachedCluster).toBe(false);
    } finally {
      listener.close();
    }
  });
});

describe('what the write credential may do, and who it is', () => {
  const checks = [{ verb: 'create', group: 'batch', resource: 'jobs', namespace: KYVERNO }];
  it("answers for the operator and the viewer as the cluster's RBAC does, writing no audit record", async () => {
    const before = (await audit()).length;
    const operator = await (await access.POST(request('/api/access', { checks }, { token: tokenOf('operator') }))).json();
    const viewer = await (
      await access.POST(
        request(
          '/api/access',
          { checks },
          { kubeconfig: readFileSync(kubeconfig('viewer'), 'utf8').replace(/server: \S+/, `server: ${proxy.url}`) },
        ),
      )
    ).json();
    expect(operator).toMatchObject({ actor: 'operator', answers: [{ allowed: true, text: `may create jobs in ${KYVERNO}` }] });
    expect(viewer).toMatchObject({ actor: 'viewer', answers: [{ allowed: false }] });
    expect(viewer.answers[0].text).toMatch(new RegExp(`^may not create jobs in ${KYVERNO}`));
    expect((await audit()).length).toBe(before);
  });
});

describe('run the snapshot now', () => {
  beforeAll(requireNoActiveRun);

  it("the viewer's token → the cluster's 403 as it said it, no Job, audited as refused by viewer", async () => {
    const a = await attempt(() => runs.POST(request('/api/snapshot/runs', {}, { token: tokenOf('viewer') })));
    expect(a.status).toBe(403);
    expect(a.body.error?.message).toMatch(/jobs.batch is forbidden: User "viewer" cannot create resource "jobs"/);
    // the one create kubectl would send, refused by the API server (before it read the Job's name): nothing else
    expect(a.writes).toEqual([{ user: 'viewer', verb: 'create', resource: 'batch/jobs', namespace: KYVERNO, code: 403 }]);
    expect(a.record).toMatchObject({ actor: 'viewer', outcome: 'refused', action: 'snapshot.run' });
    expect(a.record.detail).toMatch(/forbidden/);
  });

  let normalJob = '';
  it("the operator's token → 201 and a Job made as kubectl create job --from makes it", async () => {
    snapshotMode('normal');
    const a = await attempt(() => runs.POST(request('/api/snapshot/runs', {}, { token: tokenOf('operator') })));
    expect(a.status).toBe(201);
    normalJob = a.body.job as string;
    expect(normalJob).toMatch(/^memory-snapshot-\d{8}-\d{4}(-\d+)?$/);
    const created = job(normalJob);
    const cronJob = JSON.parse(kubectl(['-n', KYVERNO, 'get', 'cronjob', 'memory-snapshot', '-o', 'json'])) as {
      metadata: { uid: string };
    };
    expect(created.metadata.annotations?.['cronjob.kubernetes.io/instantiate']).toBe('manual');
    expect(created.metadata.ownerReferences).toEqual([
      { apiVersion: 'batch/v1', kind: 'CronJob', name: 'memory-snapshot', uid: cronJob.metadata.uid, controller: true },
    ]);
    expect(a.newRecords).toBe(1);
    expect(a.record).toMatchObject({ actor: 'operator', outcome: 'success', target: `${KYVERNO}/job/${normalJob}` });
    // kubectl create job --from=cronjob/memory-snapshot writes one thing: the Job
    expect(a.writes).toEqual([wrote('create', 'batch/jobs', normalJob, 201)]);
  });

  it("names memdash as the Job's field manager", () => {
    const managers = (job(normalJob).metadata.managedFields ?? []).filter((m) => m.operation === 'Update').map((m) => m.manager);
    expect(managers).toContain('memdash');
    expect(managers.filter((m) => m !== 'memdash' && m !== 'kube-controller-manager')).toEqual([]);
  });

  it('two runs pressed together while none runs → one 201, one 409 naming its Job, exactly one Job created', async () => {
    expect(await jobEnds(normalJob)).toBe('Complete');
    requireNoActiveRun();
    const before = new Set(jobNames());
    const press = () => runs.POST(request('/api/snapshot/runs', {}, { token: tokenOf('operator') }));
    const window = auditWindow();
    const answers = await Promise.all([press(), press()]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Array<{ job?: string; error?: { message: string } }>;
    for (const b of bodies) if (b.job) created.push(b.job);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const started = bodies.find((b) => b.job)!.job!;
    expect(bodies.find((b) => b.error)!.error!.message).toMatch(new RegExp(`^A run of the snapshot is running \\(Job ${started}\\)`));
    expect(jobNames().filter((n) => !before.has(n))).toEqual([started]);
    // the second press was refused before it wrote: the API server saw one create
    expect(writesBy(await window.calls(), ...AS)).toEqual([wrote('create', 'batch/jobs', started, 201)]);
    await jobEnds(started);
  });

  it('the override pressed while a run is active → 409 naming it; nothing saved, written or run', async () => {
    // a run that stays active as long as the test needs: made as kubectl create job --from makes it, suspended
    const held = `memory-snapshot-held-${Date.now()}`;
    const made = JSON.parse(
      kubectl(['-n', KYVERNO, 'create', 'job', held, '--from=cronjob/memory-snapshot', '--dry-run=client', '-o', 'json'], 'admin'),
    ) as { spec: Record<string, unknown> };
    kubectl(['-n', KYVERNO, 'create', '-f', '-'], 'admin', JSON.stringify({ ...made, spec: { ...made.spec, suspend: true } }));
    try {
      const importsBefore = await imports();
      const a = await attempt(() => pressOverride());
      expect(a.status).toBe(409);
      expect(a.body.error?.message).toMatch(new RegExp(`Job ${held}`));
      expect(a.writes).toEqual([]);
      expect(await imports()).toBe(importsBefore);
      expect(a.record).toMatchObject({ action: 'table.override', outcome: 'refused' });
    } finally {
      kubectl(['-n', KYVERNO, 'delete', 'job', held, '--ignore-not-found'], 'admin');
    }
  });

  it('snapshot normal → the run ends in a success parsed from its log', async () => {
    expect(await jobEnds(normalJob)).toBe('Complete');
    const { run } = await readSnapshotRun(defaultCluster(), normalJob);
    expect(run.state).toBe('succeeded');
    expect(run.result).toMatchObject({ kind: 'success' });
    const rows = Object.keys(tableData() ?? {}).length;
    expect(run.result.kind === 'success' && run.result.rows).toBe(rows);
  });

  it('prometheus-fails → failed with the traceback, each of the three tries shown', async () => {
    snapshotMode('prometheus-fails');
    const a = await attempt(() => runs.POST(request('/api/snapshot/runs', {}, { token: tokenOf('operator') })));
    const name = a.body.job as string;
    // the follow stream: read its first events, then close it as a page would, and the cluster hears no more
    const controller = new AbortController();
    const response = await events.GET(new Request(`${ORIGIN}/api/snapshot/runs/${name}/events`, { signal: controller.signal }), {
      params: Promise.resolve({ job: name }),
    });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^data: \{"type":"(run|log)"/);
    controller.abort();
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 1000));
    const bytes = proxy.bytesIn();
    await new Promise((r) => setTimeout(r, 2500));
    expect(proxy.bytesIn()).toBe(bytes);

    expect(await jobEnds(name)).toBe('Failed');
    const { run } = await readSnapshotRun(defaultCluster(), name);
    expect(run.tries).toHaveLength(3);
    expect(run.tries.every((t) => t.phase === 'Failed' && t.result.kind === 'failed')).toBe(true);
    expect(run.result.kind === 'failed' && run.result.traceback).toMatch(/^Traceback \(most recent call last\):[\s\S]*503/);
    snapshotMode('normal');
  }, 300_000);
});

describe('override the guard, then restore the saved table', () => {
  let refusedJob = '';
  let saved: { fileName: string; content: string } = { fileName: '', content: '' };
  let before: Record<string, string> | undefined; // the table the runs above left
  let afterOverride: Record<string, string> | undefined; // the smaller table the override's run wrote
  beforeAll(() => {
    before = tableData();
  });

  it('is refused while the last run did not refuse with "fewer than half"', async () => {
    const a = await attempt(() => pressOverride());
    expect(a.status).toBe(409);
    expect(a.body.error?.message).toMatch(/only after a "fewer than half" refusal/);
    expect(a.writes).toEqual([]);
  });

  it('an override without the resourceVersion it was shown is refused before any call', async () => {
    const a = await attempt(() =>
      override.POST(request('/api/table/override', { confirm: 'memory-requests' }, { token: tokenOf('operator') })),
    );
    expect(a.status).toBe(400);
    expect(a.body.error?.message).toMatch(/resourceVersion/);
    expect(a.reachedCluster).toBe(false);
    expect(a.credentialCalls).toEqual([]);
  });

  it('too-few-rows → a refusal, shown as a refusal naming the reason', async () => {
    snapshotMode('too-few-rows');
    const a = await attempt(() => runs.POST(request('/api/snapshot/runs', {}, { token: tokenOf('operator') })));
    refusedJob = a.body.job as string;
    expect(await jobEnds(refusedJob)).toBe('Failed');
    const { run } = await readSnapshotRun(defaultCluster(), refusedJob);
    expect(run.result).toMatchObject({ kind: 'refusal', overridable: true });
    expect(run.result.kind === 'refusal' && run.result.reason).toMatch(/rows is fewer than half of the \d+ rows the table holds/);
    expect(tableData()).toEqual(before);
  }, 300_000);

  it('an override on a table written since it was shown → 409, nothing saved, removed or run', async () => {
    const shown = tableResourceVersion();
    const importsBefore = await imports();
    const a = await whileTableMoved(() => attempt(() => pressOverride({ resourceVersion: shown })));
    expect(a.status).toBe(409);
    expect(a.body.error?.message).toBe('The table changed since you looked: reload and check again');
    expect(a.writes).toEqual([]); // the resourceVersion it was shown is checked before any write
    expect(await imports()).toBe(importsBefore);
    expect(a.record).toMatchObject({ action: 'table.override', outcome: 'refused' });
  });

  it('the override saves the table, removes /data and runs the job, which then writes the smaller table', async () => {
    const wrong = await attempt(() => pressOverride({ confirm: 'memory' }));
    expect(wrong.status).toBe(400);
    expect(tableData()).toEqual(before);

    const pressed = new Date();
    const a = await attempt(() => pressOverride());
    expect(a.status).toBe(201);
    // the UTC date of the press: either side of it, should the press straddle midnight
    expect([pressed, new Date()].map((at) => `memory-requests-${at.toISOString().slice(0, 10)}.json`)).toContain(a.body.fileName);
    saved = { fileName: a.body.fileName as string, content: a.body.content as string };
    expect((JSON.parse(saved.content) as { data: Record<string, string> }).data).toEqual(before);
    expect(a.newRecords).toBe(1);
    expect(a.record).toMatchObject({ action: 'table.override', actor: 'operator', outcome: 'success' });
    // the runbook's two writes: remove /data (a JSON patch), then create job --from
    expect(a.writes).toEqual([
      wrote('patch', '/configmaps', 'memory-requests', 200),
      wrote('create', 'batch/jobs', a.body.job as string, 201),
    ]);
    expect(await jobEnds(a.body.job as string)).toBe('Complete');
    const after = tableData() ?? {};
    afterOverride = after;
    expect(Object.keys(after).length).toBeGreaterThan(0);
    expect(Object.keys(after).length * 2).toBeLessThan(Object.keys(before ?? {}).length);
    snapshotMode('normal');
  }, 300_000);

  /** The restore's diff as the page asks for it: what it changes, and the resourceVersion of the table it was made on. */
  const shownDiff = async () => {
    const response = await restoreDiff.POST(request('/api/table/restore/diff', saved));
    expect(response.status).toBe(200);
    return (await response.json()) as { resourceVersion: string; counts: { new: number; gone: number; changed: number } };
  };

  it('a restore on a table written since its diff was shown → 409, the table unchanged', async () => {
    const shown = await shownDiff();
    expect(shown.resourceVersion).toBe(tableResourceVersion());
    const a = await whileTableMoved(() =>
      attempt(() =>
        restore.POST(request('/api/table/restore', { ...saved, resourceVersion: shown.resourceVersion }, { token: tokenOf('operator') })),
      ),
    );
    expect(a.status).toBe(409);
    expect(a.body.error?.message).toBe('The table changed since you looked: reload and check again');
    expect(a.writes).toEqual([]);
    expect(a.record).toMatchObject({ action: 'table.restore', outcome: 'refused' });
  });

  it('the restore without a resourceVersion, or with one that is not, is refused before any call', async () => {
    for (const body of [saved, { ...saved, resourceVersion: '12; rm' }, { ...saved, resourceVersion: 12 }]) {
      const a = await attempt(() => restore.POST(request('/api/table/restore', body, { token: tokenOf('operator') })));
      expect(a.status).toBe(400);
      expect(a.reachedCluster).toBe(false);
      expect(a.credentialCalls).toEqual([]);
    }
  });

  it('restore from the saved file puts the table back byte for byte, memdash its field manager', async () => {
    const shown = await shownDiff();
    const a = await attempt(() =>
      restore.POST(request('/api/table/restore', { ...saved, resourceVersion: shown.resourceVersion }, { token: tokenOf('operator') })),
    );
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ identical: true, rows: Object.keys(before ?? {}).length });
    const json = (d: Record<string, string> | undefined) => JSON.stringify(Object.entries(d ?? {}).sort(([x], [y]) => (x < y ? -1 : 1)));
    expect(json(tableData())).toBe(json(before));
    expect(a.record).toMatchObject({ action: 'table.restore', outcome: 'success', actor: 'operator' });
    // the runbook's restore is one merge patch of {data}
    expect(a.writes).toEqual([wrote('patch', '/configmaps', 'memory-requests', 200)]);
    const owners = (tableObject().metadata.managedFields ?? []).filter((m) => m.fieldsV1?.['f:data']);
    expect(owners.find((m) => m.manager === 'memdash')).toMatchObject({ operation: 'Update' });
    // the rows the job's smaller table lacked came back with the restore: memdash wrote them, so memdash owns them
    const memdash = Object.keys(owners.find((m) => m.manager === 'memdash')!.fieldsV1!['f:data']!);
    const putBack = Object.keys(before ?? {}).filter((key) => !(key in (afterOverride ?? {})));
    expect(putBack.length).toBeGreaterThan(0);
    expect(memdash).toEqual(expect.arrayContaining(putBack.map((key) => `f:${key}`)));
  });

  it("the viewer's token cannot restore: the cluster's 403", async () => {
    const a = await attempt(() =>
      restore.POST(request('/api/table/restore', { ...saved, resourceVersion: tableResourceVersion() }, { token: tokenOf('viewer') })),
    );
    expect(a.status).toBe(403);
    expect(a.body.error?.message).toMatch(/configmaps "memory-requests" is forbidden/);
    expect(a.writes).toEqual([{ ...wrote('patch', '/configmaps', 'memory-requests', 403), user: 'viewer' }]);
  });

  it('restore by recorded version: the version the override saved goes back, as kubectl then shows', async () => {
    // the table moved on since (one row changed, one added), as it would after a later run
    const [first] = Object.keys(before ?? {});
    if (!first) throw new Error('precondition failed: the table the runs left has no rows');
    putTableData({ ...before, [first]: '1Mi', 'development_memdash-restore-extra_app': '2Mi' });
    const version = (await listVersions(await historyDb())).filter((v) => v.source === 'import').at(-1);
    if (!version) throw new Error('precondition failed: the override saved no version to restore');
    const a = await attempt(() =>
      restore.POST(
        request('/api/table/restore', { versionId: version.id, resourceVersion: tableResourceVersion() }, { token: tokenOf('operator') }),
      ),
    );
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ identical: true, rows: Object.keys(before ?? {}).length });
    expect(tableData()).toEqual(before);
    expect(a.writes).toEqual([wrote('patch', '/configmaps', 'memory-requests', 200)]);
    expect(a.record).toMatchObject({
      action: 'table.restore',
      outcome: 'success',
      target: expect.stringContaining(`version ${version.id}`),
    });
  });
});

describe("the table's patches carry the resourceVersion to the API server", () => {
  // The route reads the table before it patches; between that read and the patch only the API server can tell the
  // table moved, so the patches themselves are sent with a resourceVersion that no longer holds.
  const operatorClients = async () => {
    const { writeKubeConfig } = await import('@/lib/k8s/write-client');
    const { clientsFor } = await import('@/lib/k8s/client');
    const { defaultCluster } = await import('@/lib/cluster/registry');
    return clientsFor(writeKubeConfig(defaultCluster(), { kind: 'token', token: tokenOf('operator') }));
  };

  it('remove /data and the merge patch, sent with a stale resourceVersion → the table moved, the table unchanged', async () => {
    const { mergeTableData, readTableForSave, removeTableData } = await import('@/lib/k8s/table-writes');
    const k = await operatorClients();
    const current = await readTableForSave(defaultCluster(), k);
    const stale = current.metadata!.resourceVersion!;
    const data = tableData();
    expect(Object.keys(data ?? {}).length).toBeGreaterThan(0); // precondition: there is data to remove
    const calls = await whileTableMoved(async () => {
      const window = auditWindow();
      await expect(removeTableData(defaultCluster(), k, stale)).rejects.toThrow(
        'The table changed since you looked: reload and check again',
      );
      await expect(mergeTableData(defaultCluster(), k, { x_y_z: '1Mi' }, current)).rejects.toThrow('The table changed since you looked');
      return window.calls();
    });
    // both patches reached the API server, which refused them for the resourceVersion they carried
    expect(writesBy(calls, ...AS)).toEqual([
      wrote('patch', '/configmaps', 'memory-requests', 409),
      wrote('patch', '/configmaps', 'memory-requests', 409),
    ]);
    expect(tableData()).toEqual(data);
  });
});

describe('no secret is kept', () => {
  it("the operator's and viewer's tokens appear nowhere in the history store", async () => {
    const stored = await everythingStored(process.env.DATABASE_URL ?? process.env.MEMDASH_HISTORY_PATH!);
    expect(stored).toContain('snapshot.run'); // the audit records are there to search
    for (const user of ['operator', 'viewer'] as const) expect(stored.includes(tokenOf(user))).toBe(false);
  });
});
