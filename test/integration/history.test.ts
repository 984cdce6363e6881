// The recorder and the history store on the local cluster: table versions, a restart that loses and duplicates
// nothing, and the history routes over what it recorded (GET /api/table/snapshots, /api/table/diff as JSON with its
// filters and its 404, the import's same-origin refusal). The store is this file's own (test/integration/setup.ts);
// the table changes only by a row of its own, removed at the end. The verdicts that use the history are tested
// through the explanation route in verdicts.test.ts.
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeconfig, patchTableRow, requireCluster, until } from './cluster';

requireCluster();

process.env.KUBECONFIG = kubeconfig('viewer');
const { settings } = await import('@/lib/config');
const { historyDb } = await import('@/lib/history');
const { startRecorder } = await import('@/lib/history/recorder');
const { cachesFor } = await import('@/lib/k8s/caches');
const { listVersions, readVersion } = await import('@/lib/history/store');
const { diffVersions } = await import('@/lib/history/reads');
const snapshotsRoute = await import('@/app/api/table/snapshots/route');
const diffRoute = await import('@/app/api/table/diff/route');
const importsRoute = await import('@/app/api/history/imports/route');

const ROW = 'development_memdash-history-test_app';
const db = await historyDb();
const kc = new KubeConfig();
kc.loadFromFile(kubeconfig('viewer'));

const patchRow = (value: string | null) => patchTableRow(ROW, value);
const rowOf = async (id: number) => (await readVersion(db, id))?.data?.[ROW];

describe('the recorder on the local cluster', () => {
  let recorder = startRecorder(db, cachesFor(kc), settings());
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
    recorder = startRecorder(db, cachesFor(kc), settings());
    const second = startRecorder(db, cachesFor(kc), settings()); // a second recorder on the same store is harmless
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
