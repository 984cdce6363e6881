// The recorder and the history store on the local cluster: table versions, a restart that loses and duplicates
// nothing, and the history routes over what it recorded (GET /api/table/snapshots, /api/table/diff as JSON with its
// filters and its 404, the import's same-origin refusal). The store is this file's own (test/integration/setup.ts);
// the table changes only by rows of its own, removed at the end. Then the order of versions through writes by two
// field managers, writes that change nothing, A → B → A and a restore. The verdicts that use the history are tested
// through the explanation route in verdicts.test.ts.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectl, kubectlJson, patchTableRow, until } from './cluster';
import { recordingAsViewer } from './recording';
import { tokenOf } from './write-harness';

const { db, caches, startRecorder } = await recordingAsViewer();
const { listVersions, readVersion } = await import('@/lib/history/store');
const { diffVersions } = await import('@/lib/history/reads');
const snapshotsRoute = await import('@/app/c/[cluster]/api/table/snapshots/route');
const diffRoute = await import('@/app/c/[cluster]/api/table/diff/route');
const importsRoute = await import('@/app/c/[cluster]/api/history/imports/route');
const restoreRoute = await import('@/app/c/[cluster]/api/table/restore/route');
const { recordedFirst, tableAt } = await import('@/lib/domain');

const ROW = 'development_memdash-history-test_app';

const patchRow = (value: string | null) => patchTableRow(ROW, value);

interface ConfigMapShape {
  metadata: { resourceVersion: string; managedFields?: unknown[] };
  data?: Record<string, string>;
}

/** A write route's request as the operator's browser sends it: same origin, JSON, the operator's token. */
const writeRequest = (path: string, body: object) =>
  new Request(`http://127.0.0.1:3000${path}`, {
    method: 'POST',
    headers: {
      host: '127.0.0.1:3000',
      origin: 'http://127.0.0.1:3000',
      'content-type': 'application/json',
      authorization: `Bearer ${tokenOf('operator')}`,
    },
    body: JSON.stringify(body),
  });
const rowOf = async (id: number, row = ROW) => (await readVersion(db, id))?.data?.[row];

describe('the recorder on the local cluster', () => {
  let recorder = startRecorder();
  beforeAll(async () => {
    await until('the first version', async () => (await listVersions(db)).length > 0);
  });
  afterAll(() => {
    recorder.stop();
    try {
      patchRow(null);
    } catch {
      // already gone
    }
  });

  it('stores two changes of the table as two versions, and diffs them', async () => {
    const before = (await listVersions(db)).length;
    patchRow('100Mi');
    await until('the 100Mi version', async () => (await listVersions(db)).length === before + 1);
    patchRow('150Mi');
    const versions = await until('the 150Mi version', async () =>
      (await listVersions(db)).length === before + 2 ? listVersions(db) : null,
    );
    const [a, b] = versions.slice(-2);
    expect([await rowOf(a!.id), await rowOf(b!.id)]).toEqual(['100Mi', '150Mi']);
    const found = await diffVersions(db, a!.id, b!.id);
    expect(found?.diff.changed.map((c) => [c.key, c.fromValue, c.toValue, c.deltaMi])).toEqual([[ROW, '100Mi', '150Mi', 50]]);
    expect(found?.diff.added).toEqual([]);
  });

  it('records a change made while it was stopped, once, after a restart', async () => {
    recorder.stop();
    await recorder.done;
    patchRow('175Mi');
    const before = (await listVersions(db)).length;
    recorder = startRecorder();
    const second = startRecorder(); // a second recorder on the same store is harmless
    await until('the version made while stopped', async () => (await listVersions(db)).length > before);
    await new Promise((r) => setTimeout(r, 2000));
    second.stop();
    const versions = await listVersions(db);
    expect(versions.length).toBe(before + 1);
    expect(await rowOf(versions.at(-1)!.id)).toBe('175Mi');
  });

  describe('the history routes over the two versions', () => {
    let a: number;
    let b: number;
    beforeAll(async () => {
      // the two versions the first test made: 100Mi, then 150Mi
      const versions = await listVersions(db);
      const ids = await Promise.all(versions.map(async (v) => [v.id, await rowOf(v.id)] as const));
      a = ids.find(([, row]) => row === '100Mi')![0];
      b = ids.find(([, row]) => row === '150Mi')![0];
    });
    const diff = async (query: string) => {
      const response = await diffRoute.GET(new Request(`http://memdash.test/api/table/diff?${query}`));
      return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
    };

    it('GET /api/table/snapshots lists every recorded version newest first, with counts against the one before', async () => {
      const response = await snapshotsRoute.GET();
      expect(response.status).toBe(200);
      const { snapshots } = (await response.json()) as { snapshots: Array<{ id: number; counts: { changed: number } | null }> };
      const ids = (await listVersions(db)).map((v) => v.id);
      expect(snapshots.map((s) => s.id)).toEqual([...ids].reverse());
      expect(snapshots.find((s) => s.id === b)!.counts).toMatchObject({ changed: 1 });
      expect(snapshots.at(-1)!.counts).toBeNull();
    });

    it('GET /api/table/diff answers JSON: the row that changed, 100Mi to 150Mi', async () => {
      const { status, type, body } = await diff(`from=${a}&to=${b}`);
      expect([status, type]).toEqual([200, 'application/json']);
      expect(body.from.id).toBe(a);
      expect(body.to.id).toBe(b);
      expect(body.changed.map((c: { key: string; fromValue: string; toValue: string }) => [c.key, c.fromValue, c.toValue])).toEqual([
        [ROW, '100Mi', '150Mi'],
      ]);
      expect([body.added, body.gone]).toEqual([[], []]);
    });

    it('filters by namespace and by workload fragment', async () => {
      expect((await diff(`from=${a}&to=${b}&namespace=development`)).body.changed).toHaveLength(1);
      expect((await diff(`from=${a}&to=${b}&namespace=shop`)).body.changed).toEqual([]);
      expect((await diff(`from=${a}&to=${b}&workload=history-test`)).body.changed).toHaveLength(1);
      expect((await diff(`from=${a}&to=${b}&workload=nomatch`)).body.changed).toEqual([]);
    });

    it('404 for a version that was never recorded, 400 for a parameter it cannot read', async () => {
      const missing = await diff(`from=${a}&to=999999`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe(`No recorded version ${a} or 999999`);
      expect((await diff('from=abc')).status).toBe(400);
      expect((await diff(`from=${a}&to=${b}&namespace=Shop`)).status).toBe(400);
    });

    it('POST /api/history/imports refuses another origin, or none, and stores nothing', async () => {
      const before = (await listVersions(db)).length;
      const content = JSON.stringify({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'memory-requests', namespace: 'kyverno-prd' },
        data: { [ROW]: '1Mi' },
      });
      for (const origin of ['https://evil.example', undefined]) {
        const response = await importsRoute.POST(
          new Request('http://127.0.0.1:3000/api/history/imports', {
            method: 'POST',
            headers: { host: '127.0.0.1:3000', 'content-type': 'application/json', ...(origin ? { origin } : {}) },
            body: JSON.stringify({ fileName: 'memory-requests-2026-01-01.json', content }),
          }),
        );
        expect(response.status).toBe(403);
      }
      expect((await listVersions(db)).length).toBe(before);
    });
  });
});

// managedFields moves a manager's time only when its own fields change. Two managers of our own: one that replaces
// the table (as the snapshot job does), one that patches rows; every step checks that the version in force is what
// kubectl reads. Only rows of our own change (a replace carries the resourceVersion it read, so it never drops a
// concurrent write); they are removed at the end.
describe('the history follows the ConfigMap write by write', () => {
  const FIRST = 'development_memdash-history-order_app';
  const SECOND = 'development_memdash-history-order_sidecar';
  const REPLACER = 'memdash-history-test-replace';
  const PATCHER = 'memdash-history-test-patch';
  let recorder: ReturnType<typeof startRecorder>;

  /** The table as kubectl reads it, with its resourceVersion. */
  const live = () => kubectlJson<ConfigMapShape>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']);
  /** `kubectl replace` as REPLACER of the table read now with its data changed; read again if it moved meanwhile. */
  const replaceData = async (change: (data: Record<string, string>) => Record<string, string>) => {
    for (let attempt = 0; ; attempt++) {
      const cm = live();
      delete cm.metadata.managedFields; // absent: the server keeps them as they are
      try {
        return kubectl(
          ['replace', `--field-manager=${REPLACER}`, '-f', '-'],
          'admin',
          JSON.stringify({ ...cm, data: change({ ...cm.data }) }),
        );
      } catch (err) {
        if (attempt > 5 || !/modified/.test(String((err as { stderr?: string }).stderr))) throw err;
      }
    }
  };
  const patchAs = (row: string, value: string | null) => {
    const op = value === null ? { op: 'remove', path: `/data/${row}` } : { op: 'add', path: `/data/${row}`, value };
    kubectl(
      [
        '-n',
        'kyverno-prd',
        'patch',
        'configmap',
        'memory-requests',
        `--field-manager=${PATCHER}`,
        '--type=json',
        '-p',
        JSON.stringify([op]),
      ],
      'admin',
    );
  };
  // managedFields times are whole seconds: each write in a second of its own, so an unmoved time is told apart
  const nextSecond = () => new Promise((r) => setTimeout(r, 1100));

  /** Waits until the version in force (for a pod created now) holds what kubectl reads, and returns it. */
  const inForceIsLive = (what: string) =>
    until(`the version in force to hold the table after ${what}`, async () => {
      const expected = live().data ?? null;
      const versions = await listVersions(db);
      const at = tableAt(recordedFirst(versions), new Date(Date.now() + 1000));
      if (!at.known) return null;
      const data = (await readVersion(db, at.version.id))?.data ?? null;
      return isDeepStrictEqual(data, expected) ? { version: at.version, versions } : null;
    });
  /** Our two rows in every version recorded after `id`, in the order listed (in force), repeats dropped. */
  const ourRowsSince = async (id: number) => {
    const steps: string[] = [];
    for (const v of (await listVersions(db)).filter((v) => v.id > id && v.source === 'watch')) {
      const data = (await readVersion(db, v.id))?.data ?? {};
      const step = `${data[FIRST] ?? '-'}/${data[SECOND] ?? '-'}`;
      if (steps.at(-1) !== step) steps.push(step);
    }
    return steps;
  };

  let start: number;
  beforeAll(async () => {
    recorder = startRecorder();
    start = (await inForceIsLive('the recorder started')).version.id;
  });
  afterAll(async () => {
    recorder.stop();
    for (const row of [FIRST, SECOND]) {
      try {
        patchTableRow(row, null);
      } catch {
        // not there
      }
    }
    kubectl(['-n', 'kyverno-prd', 'annotate', 'configmap', 'memory-requests', 'memdash.test/history-order-'], 'admin');
  });

  it('records the first manager writing its rows back over the second manager’s, in force after it', async () => {
    await replaceData((d) => ({ ...d, [FIRST]: '10Mi' }));
    const first = await inForceIsLive('the replace of 10Mi');
    await nextSecond();
    patchAs(SECOND, '20Mi');
    const second = await inForceIsLive('the patch of the second row');
    await nextSecond();
    // the replacer puts back the table it wrote: its own row as it was, the patcher's gone, its time unmoved
    await replaceData(({ [SECOND]: _, ...d }) => d);
    const third = await inForceIsLive('the replace that drops the second row');
    expect(third.version.id).toBeGreaterThan(second.version.id);
    expect(third.version.inForceFrom > second.version.inForceFrom).toBe(true);
    expect(second.version.inForceFrom > first.version.inForceFrom).toBe(true);
    expect(await ourRowsSince(start)).toEqual(['10Mi/-', '10Mi/20Mi', '10Mi/-']);
  });

  it('records no version for writes that change nothing in data', async () => {
    const before = await inForceIsLive('the writes before');
    await replaceData((d) => d); // the same object: the API server writes nothing
    kubectl(['-n', 'kyverno-prd', 'annotate', 'configmap', 'memory-requests', 'memdash.test/history-order=1'], 'admin');
    const rv = live().metadata.resourceVersion;
    await until('the recorder to see the annotation', () => caches.table.list().some((o) => o.metadata?.resourceVersion === rv));
    await new Promise((r) => setTimeout(r, 1000));
    const since = (await listVersions(db)).filter((v) => v.id > before.version.id);
    // a concurrent write by someone else changes content; a version for ours would repeat the one in force
    expect(since.filter((v) => v.contentHash === before.versions.find((b) => b.id === before.version.id)!.contentHash)).toEqual([]);
  });

  it('records A → B → A as three versions, the last in force', async () => {
    const a = await inForceIsLive('the writes before');
    await nextSecond();
    patchAs(SECOND, '30Mi');
    await inForceIsLive('B');
    await nextSecond();
    patchAs(SECOND, null); // the patcher's entry goes with its only row: no time moves
    const again = await inForceIsLive('A again');
    expect(again.version.id).not.toBe(a.version.id);
    expect(await ourRowsSince(a.version.id - 1)).toEqual(['10Mi/-', '10Mi/30Mi', '10Mi/-']);
  });

  it('records a restore (POST /api/table/restore) to content an earlier version had', async () => {
    await nextSecond();
    patchAs(FIRST, '40Mi');
    const changed = await inForceIsLive('the patch of 40Mi');
    await nextSecond();
    // the table as saved before the patch: today's rows with ours as it was
    const data = { ...(live().data ?? {}), [FIRST]: '10Mi' };
    const content = JSON.stringify({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'memory-requests', namespace: 'kyverno-prd' },
      data,
    });
    const response = await restoreRoute.POST(
      writeRequest('/api/table/restore', {
        fileName: 'memory-requests-2026-01-01.json',
        content,
        resourceVersion: live().metadata.resourceVersion, // the table as the operator was shown it
      }),
    );
    expect(response.status).toBe(200);
    const restored = await inForceIsLive('the restore');
    expect(restored.version.id).toBeGreaterThan(changed.version.id);
    expect(await ourRowsSince(changed.version.id - 1)).toEqual(['40Mi/-', '10Mi/-']);
  });
});

// A replica waiting for the recorder's Lease follows the caches and holds what it saw; when it takes over it writes
// what it held, most of which the old holder stored already. Two recorders here: one records, one holds.
describe('a recorder that takes over writes what it held without going back in time', () => {
  const ROW_HELD = 'development_memdash-history-held_app';
  afterAll(() => {
    try {
      patchTableRow(ROW_HELD, null);
    } catch {
      // not there
    }
    kubectl(['-n', 'kyverno-prd', 'annotate', 'configmap', 'memory-requests', 'memdash.test/history-held-'], 'admin');
  });

  it('stores nothing for a state the old holder saw before the version it stored last', async () => {
    const leader = startRecorder();
    const waiting = startRecorder(true);
    try {
      patchTableRow(ROW_HELD, '1Mi');
      await until('1Mi recorded', async () => {
        const newest = (await listVersions(db)).at(-1);
        return newest && (await rowOf(newest.id, ROW_HELD)) === '1Mi';
      });
      // a change to metadata only (no version), then a change of data
      kubectl(['-n', 'kyverno-prd', 'annotate', 'configmap', 'memory-requests', 'memdash.test/history-held=1'], 'admin');
      patchTableRow(ROW_HELD, '2Mi');
      const last = await until('2Mi recorded', async () => {
        const newest = (await listVersions(db)).at(-1);
        return newest && (await rowOf(newest.id, ROW_HELD)) === '2Mi' ? newest : null;
      });
      leader.stop();
      await waiting.release();
      const since = (await listVersions(db)).filter((v) => v.id > last.id);
      expect(since).toEqual([]);
    } finally {
      leader.stop();
      waiting.stop();
    }
  });
});
