// The recorder and the history store on the local cluster: table versions, a registration gap, a restart that
// loses and duplicates nothing, and the verdicts that use them. The test's own store is a temporary file; it
// changes the table only by a row of its own (removed at the end) and scales Kyverno to zero and back, which takes
// its registration away and brings it back.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeconfig, kubectl, kubectlJson, podOf, requireCluster, requirePodWebhook } from './cluster';

requireCluster();

process.env.KUBECONFIG = kubeconfig('viewer');
const { settings } = await import('@/lib/config');
const { explainPod, parseTable, lastWriteOf } = await import('@/lib/domain');
const { openHistoryDb } = await import('@/lib/history/db');
const { startRecorder } = await import('@/lib/history/recorder');
const { listVersions, readVersion, importSavedTable } = await import('@/lib/history/store');
const { diffVersions, historyAtCreation, listGaps } = await import('@/lib/history/reads');

const ROW = 'development_memdash-history-test_app';
const dir = mkdtempSync(join(tmpdir(), 'memdash-history-it-'));
const db = await openHistoryDb(join(dir, 'memdash.sqlite'));
const kc = new KubeConfig();
kc.loadFromFile(kubeconfig('viewer'));

const patchRow = (value: string | null) =>
  kubectl(['-n', 'kyverno-prd', 'patch', 'configmap', 'memory-requests', '--type=json', '-p',
    JSON.stringify([value === null ? { op: 'remove', path: `/data/${ROW}` } : { op: 'add', path: `/data/${ROW}`, value }])], 'admin');
const rowOf = async (id: number) => (await readVersion(db, id))?.data?.[ROW];
async function until<T>(what: string, read: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('the recorder on the local cluster', () => {
  let recorder = startRecorder(db, kc, settings());
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
    const versions = await until('the 150Mi version', async () => ((await listVersions(db)).length === before + 2 ? listVersions(db) : null));
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
    recorder = startRecorder(db, kc, settings());
    const second = startRecorder(db, kc, settings()); // a second recorder on the same store is harmless
    await until('the version made while stopped', async () => (await listVersions(db)).length > before);
    await new Promise((r) => setTimeout(r, 2000));
    second.stop();
    const versions = await listVersions(db);
    expect(versions.length).toBe(before + 1);
    expect(await rowOf(versions.at(-1)!.id)).toBe('175Mi');
  });

  it('records one gap when the registration is deleted and re-created, and a pod created in it is registration-absent', async () => {
    requirePodWebhook();
    const name = settings().webhookConfiguration;
    const scaleKyverno = (replicas: number) =>
      kubectl(['-n', 'kyverno-prd', 'scale', 'deployment', 'kyverno-admission-controller', `--replicas=${replicas}`], 'admin');
    const deletedAt = new Date();
    // the runbook's way: at zero replicas Kyverno deletes its registrations and no leader puts them back, so the
    // pod below is surely created inside the gap (a plain delete races the leader's 10-second repair)
    scaleKyverno(0);
    const pod = `memdash-gap-${Date.now() % 100000}`;
    try {
      const gap = await until('the gap to open', async () => (await listGaps(db)).find((g) => g.to === null && new Date(g.from) >= new Date(deletedAt.getTime() - 1000)), 60_000);
      await new Promise((r) => setTimeout(r, 1100)); // creation times are whole seconds: be clearly inside the gap
      kubectl(['-n', 'development', 'run', pod, '--image=busybox', '--restart=Never'], 'admin');
      // and the registration must come back in a later second than the pod's creation, or the two cannot be ordered
      await new Promise((r) => setTimeout(r, 1100));
      scaleKyverno(3);
      const closed = await until('the registration to come back', async () => (await listGaps(db)).find((g) => g.from === gap.from && g.to !== null), 60_000);
      const created = kubectlJson<{ metadata: { creationTimestamp: string; uid: string } }>(['get', 'mutatingwebhookconfiguration', name]).metadata.creationTimestamp;
      expect(new Date(closed.to!).getTime()).toBe(new Date(created).getTime());
      expect(new Date(closed.from).getTime()).toBeGreaterThanOrEqual(deletedAt.getTime() - 1000);
      expect((await listGaps(db)).filter((g) => g.from === gap.from)).toHaveLength(1);

      const podJson = kubectlJson<Parameters<typeof explainPod>[0]['pod']>(['-n', 'development', 'get', 'pod', pod]);
      const history = await historyAtCreation(db, String(podJson.metadata.creationTimestamp));
      expect(history.registration.state).toBe('absent');
      const table = kubectlJson<{ data?: Record<string, string>; metadata: { creationTimestamp?: string } }>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']);
      const explained = explainPod({
        pod: podJson,
        namespaceLabels: {},
        table: { parsed: parseTable(table.data), lastWriteAt: lastWriteOf(table) },
        registration: { present: true, entry: null, absentSince: null },
        now: new Date(),
        history,
      });
      expect(explained.containers.map((c) => c.verdict)).toEqual(['registration-absent']);
    } finally {
      scaleKyverno(3);
      kubectl(['-n', 'development', 'delete', 'pod', pod, '--wait=false', '--ignore-not-found'], 'admin');
    }
  });

  it('judges a pod older than the last write stale, with the row in force at its creation as evidence', async () => {
    const pod = kubectlJson<Parameters<typeof explainPod>[0]['pod']>(['-n', 'shop', 'get', 'pod', podOf('shop', 'web')]);
    const saved = kubectlJson<{ data: Record<string, string> }>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']);
    const created = new Date(String(pod.metadata.creationTimestamp));
    const app = pod.spec.containers.find((c) => c.name === 'app')!;
    // History reaching back to the pod's creation: the table as it is, imported as in force one second before.
    const old = { ...saved.data, shop_web_app: app.resources!.requests!.memory! };
    await importSavedTable(db, { data: old, takenAt: new Date(created.getTime() - 1000).toISOString(), takenAtSource: 'explicit', rows: Object.keys(old).length }, 'memory-requests-it.json', new Date());
    const today = { ...saved.data, shop_web_app: '999Mi' };
    const explained = explainPod({
      pod,
      namespaceLabels: {},
      table: { parsed: parseTable(today), lastWriteAt: new Date().toISOString() },
      registration: { present: true, entry: null, absentSince: null },
      now: new Date(),
      history: await historyAtCreation(db, String(pod.metadata.creationTimestamp)),
    });
    const verdict = explained.containers.find((c) => c.name === 'app')!;
    expect(verdict.verdict).toBe('stale');
    expect(verdict.evidence.join(' ')).toContain(`Row shop_web_app in the table in force at the pod's creation (imported from memory-requests-it.json`);
  });
});
