// Issue 9, item 3: a hostile saved table can neither stall the server nor rewrite the past. Issue 31, part 4: an
// import is a write (a credential that may patch the table, one audit record), the store's imports are capped, and
// imported versions are offered apart from recorded ones.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin } from '../../e2e/cluster/lib/paths.ts';
import { kubeconfig, kubectl, kubectlJson } from '../integration/cluster';
import { tokenOf } from '../integration/write-harness';
import { json, port, postFromOwnPage, send, type Answer } from './http';
import { startMemdash } from './server';

const IMPORTS = '/c/local/api/history/imports';
const configMap = (data: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'memory-requests', namespace: 'kyverno-prd' },
  data,
});
const importBody = (data: Record<string, string>, takenAt?: string, fileName = 'memory-requests-2026-10-06.json') => ({
  fileName,
  content: JSON.stringify(configMap(data)),
  ...(takenAt && { takenAt }),
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** An import as the operator makes it: from memdash's own page, with the write credential that may patch the table. */
const importTable = (data: Record<string, string>, takenAt?: string, fileName?: string) =>
  postFromOwnPage(IMPORTS, importBody(data, takenAt, fileName), bearer(tokenOf('operator')));
const message = (answer: Answer) => json<{ error: { message: string } }>(answer).error.message;

/**
 * Sends `total` bytes of body without a Content-Length (chunked), with curl, as a client that never says how much.
 * Status 0 means no answer within 30 s.
 */
function streamBody(total: number): { status: number } {
  const status = execFileSync(
    'curl',
    [
      '-s',
      '--max-time',
      '30',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-X',
      'POST',
      '-H',
      `origin: http://127.0.0.1:${port()}`,
      '-H',
      'content-type: application/json',
      '-H',
      'transfer-encoding: chunked',
      '--data-binary',
      '@-',
      `http://127.0.0.1:${port()}${IMPORTS}`,
    ],
    { input: Buffer.alloc(total, 0x20), encoding: 'utf8' },
  );
  return { status: Number(status) };
}

describe('a hostile saved table', () => {
  it('is refused unread: 411 sent without a length, 413 with a length above the limit', async () => {
    // 6 MiB: past what a route reads, within the 8 MiB Next copies for the proxy; 64 MiB: far past that buffer
    for (const mib of [6, 64]) {
      const streamed = streamBody(mib * 1024 * 1024);
      expect({ mib, status: streamed.status }).toEqual({ mib, status: 411 });
    }
    const declared = await send(
      'POST',
      IMPORTS,
      { origin: `http://127.0.0.1:${port()}`, 'content-type': 'application/json', 'content-length': String(64 * 1024 * 1024) },
      '',
    );
    expect(declared.status).toBe(413);
  });

  it('is refused whole, naming the first bad rows: keys that are no table key, values that are no sane memory size', async () => {
    const answer = await importTable({
      shop_web_app: '300Mi',
      __proto__x: '1Mi',
      nounderscores: '1Mi',
      'shop_$(id)_app': '1Mi',
      shop_web_big: '9'.repeat(1_000_000) + 'Mi',
      shop_web_huge: '2Ti',
    });
    expect(answer.status).toBe(400);
    expect(message(answer)).toMatch(/5 rows that cannot be a table row .*"__proto__x".*"nounderscores"/);
    const proto = await postFromOwnPage(
      IMPORTS,
      { fileName: 'memory-requests-2026-10-06.json', content: `{"apiVersion":"v1","kind":"ConfigMap","data":{"__proto__":"1Mi"}}` },
      bearer(tokenOf('operator')),
    );
    expect(proto.status).toBe(400);
    expect(message(proto)).toContain('"__proto__"');
  });

  it('is refused with a loose, impossible or future time', async () => {
    for (const takenAt of [
      '2026-11-31T04:41:02Z',
      '2026-10-06T04:41:02',
      '2026-10-06 04:41:02Z',
      new Date(Date.now() + 3_600_000).toISOString(),
    ]) {
      const answer = await importTable({ shop_web_app: '300Mi' }, takenAt);
      expect({ takenAt, status: answer.status }).toEqual({ takenAt, status: 400 });
    }
  });
});

interface AuditRecord {
  actor: string;
  action: string;
  target: string;
  outcome: string;
  detail: string | null;
}
const importAudit = async (base = '') =>
  json<{ records: AuditRecord[] }>(await send('GET', `${base}/c/local/api/audit?action=history.import&limit=1000`)).records;
const snapshotLabels = async () =>
  json<{ snapshots: Array<{ label: string | null }> }>(await send('GET', '/c/local/api/table/snapshots')).snapshots.map((s) => s.label);
/** The user name in a kubeconfig of the local cluster, as the API server knows it (from kubectl, not memdash). */
const userOf = (user: 'viewer' | 'operator') =>
  (JSON.parse(kubectl(['auth', 'whoami', '-o', 'json'], user)) as { status: { userInfo: { username: string } } }).status.userInfo.username;

describe('an import is a write', () => {
  const attempt = async (name: string, headers: Record<string, string>) => {
    const fileName = `memory-requests-${name}-${Date.now().toString(36)}.json`;
    const before = (await importAudit()).length;
    // dated a moment ago: after the first recorded version, so it explains no pod of the other tests
    const takenAt = new Date(Date.now() - 1000).toISOString();
    const answer = await postFromOwnPage(IMPORTS, importBody({ development_debug_shell: '1Mi' }, takenAt, fileName), headers);
    const after = await importAudit(); // newest first
    const records = after.slice(0, after.length - before);
    return { answer, fileName, records, stored: (await snapshotLabels()).includes(fileName) };
  };

  it('without a credential: 401, nothing stored, the refusal counted (not recorded one by one)', async () => {
    const { answer, records, stored } = await attempt('anonymous', {});
    expect(answer.status).toBe(401);
    expect(message(answer)).toContain('No write credential');
    expect(stored).toBe(false);
    expect(records).toHaveLength(0);
  });

  it('with a token the cluster does not accept: 401, nothing stored', async () => {
    const { answer, stored, records } = await attempt('forged', bearer('not-a-token-the-cluster-knows'));
    expect(answer.status).toBe(401);
    expect(stored).toBe(false);
    expect(records).toHaveLength(1);
  });

  it('with the viewer, who may not patch the table: 403 naming what it may not do, nothing stored, one record', async () => {
    const { answer, records, stored } = await attempt('viewer', bearer(tokenOf('viewer')));
    expect(answer.status).toBe(403);
    expect(message(answer)).toContain('may not patch configmaps memory-requests in kyverno-prd');
    expect(stored).toBe(false);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ actor: userOf('viewer'), outcome: 'refused' });
  });

  it('with the operator: 201, stored as an import, one audit record naming the version', async () => {
    const { answer, records, stored } = await attempt('operator', bearer(tokenOf('operator')));
    expect(answer.status).toBe(201);
    const { versionId } = json<{ versionId: number }>(answer);
    expect(stored).toBe(true);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ actor: userOf('operator'), outcome: 'success' });
    expect(records[0]!.target).toContain(`version ${versionId}`);
  });

  it('from another site, even with the operator credential: 403, nothing stored', async () => {
    const fileName = `memory-requests-cross-site-${Date.now().toString(36)}.json`;
    const answer = await send(
      'POST',
      IMPORTS,
      { origin: 'https://evil.example', 'content-type': 'application/json', ...bearer(tokenOf('operator')) },
      JSON.stringify(importBody({ development_debug_shell: '1Mi' }, undefined, fileName)),
    );
    expect(answer.status).toBe(403);
    expect(await snapshotLabels()).not.toContain(fileName);
  });
});

describe("the store's cap on imports", () => {
  it('refuses an import past MEMDASH_HISTORY_IMPORTS_MAX with 409 naming the cap, stores nothing, and answers a file it holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memdash-import-cap-'));
    const capped = await startMemdash({ MEMDASH_HISTORY_PATH: join(dir, 'history.sqlite'), MEMDASH_HISTORY_IMPORTS_MAX: '2' });
    const headers = {
      host: `127.0.0.1:${capped.port}`,
      origin: `http://127.0.0.1:${capped.port}`,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      ...bearer(tokenOf('operator')),
    };
    const post = (body: object) =>
      fetch(`http://127.0.0.1:${capped.port}${IMPORTS}`, { method: 'POST', headers, body: JSON.stringify(body) }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { error?: { message: string } },
      }));
    try {
      const files = [1, 2, 3].map((n) =>
        importBody({ shop_web_app: `${n}Mi` }, `2026-09-0${n}T00:00:00Z`, `memory-requests-2026-09-0${n}.json`),
      );
      expect((await post(files[0]!)).status).toBe(201);
      expect((await post(files[1]!)).status).toBe(201);
      const full = await post(files[2]!);
      expect(full.status).toBe(409);
      expect(full.body.error?.message).toMatch(/cap is 2 imports/);
      expect(full.body.error?.message).toContain('MEMDASH_HISTORY_IMPORTS_MAX');
      expect((await post(files[1]!)).status).toBe(200); // the same file again: already there, full or not
      const listed = (await (await fetch(`http://127.0.0.1:${capped.port}/c/local/api/table/snapshots`)).json()) as {
        snapshots: Array<{ label: string | null }>;
      };
      expect(listed.snapshots.map((s) => s.label).filter((l) => l?.startsWith('memory-requests-2026-09'))).toEqual([
        'memory-requests-2026-09-02.json',
        'memory-requests-2026-09-01.json',
      ]);
    } finally {
      await capped.stop();
    }
  });
});

describe('imported versions are offered apart from recorded ones', () => {
  it("in the restore page's choice, and not taken for the default diff", async () => {
    const fileName = `memory-requests-apart-${Date.now().toString(36)}.json`;
    const imported = await importTable({ development_debug_shell: '2Mi' }, new Date(Date.now() - 1000).toISOString(), fileName);
    expect(imported.status).toBe(201);
    const restore = (await send('GET', '/c/local/table/restore')).body;
    const groups = restore.split('<optgroup');
    const importedGroup = groups.find((g) => g.includes('label="Imported (not recorded by memdash)"'));
    expect(importedGroup, 'the restore page has a group of imported versions').toBeDefined();
    expect(importedGroup).toContain(fileName);
    expect(groups.find((g) => g.includes('label="Recorded by memdash"')) ?? '').not.toContain(fileName);

    // the newest version is this import; the default diff still compares the last two recorded ones
    const snapshots = json<{ snapshots: Array<{ id: number; source: string }> }>(
      await send('GET', '/c/local/api/table/snapshots'),
    ).snapshots;
    const recorded = snapshots.filter((s) => s.source === 'watch');
    const diff = await send('GET', '/c/local/table/diff');
    if (recorded.length < 2) expect(diff.body).toContain('Fewer than two versions of the table are recorded yet');
    else {
      const ids = json<{ from: { id: number; source: string }; to: { id: number; source: string } }>(
        await send('GET', '/c/local/api/table/diff?format=json'),
      );
      expect([ids.from.source, ids.to.source]).toEqual(['watch', 'watch']);
      expect(ids.to.id).toBe(recorded[0]!.id);
    }
  });
});

describe('imported versions against recorded ones', () => {
  it("never outrank what the recorder saw: the row in force at a pod's creation comes from the record", async () => {
    const recorded = await firstRecordedVersion();
    const pod = `ranking-${Date.now().toString(36)}`;
    const manifest = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: pod, namespace: 'development' },
      spec: { containers: [{ name: 'app', image: 'busybox', resources: { limits: { memory: '64Mi' } } }] },
    };
    execFileSync(bin('kubectl'), ['--kubeconfig', kubeconfig('admin'), 'create', '-f', '-'], {
      input: JSON.stringify(manifest),
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    try {
      const created = new Date(
        kubectlJson<{ metadata: { creationTimestamp: string } }>(['-n', 'development', 'get', 'pod', pod]).metadata.creationTimestamp,
      );
      const between = new Date(created.getTime() - 1000);
      expect(
        between.getTime(),
        `precondition: the table's last write (${recorded}) is at least 2 s before the pod's creation`,
      ).toBeGreaterThan(new Date(recorded).getTime());
      const table = kubectlJson<{ data?: Record<string, string> }>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']).data ?? {};
      const imported = await importTable(
        { ...table, development_debug_shell: '1Mi' },
        between.toISOString(),
        `memory-requests-ranking-${pod}.json`,
      );
      expect(imported.status).toBe(201);

      const explanation = json<{ containers: Array<{ evidence: string[] }> }>(
        await send('GET', `/c/local/api/pods/development/${pod}/explanation`),
      );
      const evidence = explanation.containers.flatMap((c) => c.evidence).join('\n');
      expect(evidence).toContain('the version recorded, in force from');
      expect(evidence).not.toContain('imported from');

      // listed, and shown as what it is
      const snapshots = json<{ snapshots: Array<{ source: string; label: string | null }> }>(
        await send('GET', '/c/local/api/table/snapshots'),
      ).snapshots;
      expect(snapshots.find((s) => s.label === `memory-requests-ranking-${pod}.json`)?.source).toBe('import');
      const page = (await send('GET', '/c/local/table/snapshots')).body;
      const [recordedPart, importedPart] = page.split('data-testid="imported-versions"');
      expect(importedPart).toContain(`imported (memory-requests-ranking-${pod}.json)`);
      expect(recordedPart).not.toContain(`memory-requests-ranking-${pod}.json`);
    } finally {
      kubectl(['-n', 'development', 'delete', 'pod', pod, '--wait=false'], 'admin');
    }
  });
});

async function firstRecordedVersion(): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const snapshots = json<{ snapshots: Array<{ source: string; inForceFrom: string }> }>(
      await send('GET', '/c/local/api/table/snapshots'),
    ).snapshots;
    const watched = snapshots.filter((s) => s.source === 'watch');
    if (watched.length > 0) return watched[0]!.inForceFrom.replace('.000Z', 'Z');
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the recorder stored no version of the table within 20 s of the server starting');
}

describe('a diff of two tables of 100,000 rows', () => {
  // The 100 ms target for /healthz while it runs is a speed figure: printed here, judged by a person (the project's
  // rule: speed targets are figures, not timed assertions). On a loaded 2-core machine an idle /healthz alone takes
  // up to 200-480 ms, so a bound here would measure the machine.
  it('leaves /healthz answering while it runs (latency printed against the 100 ms target), and exports numbers as numbers', async () => {
    const rows = (value: string) =>
      Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`a_b_${i.toString(36).padStart(4, '0')}`, value]));
    const from = json<{ versionId: number }>(await importTable(rows('2'), '2026-01-01T00:00:00Z', 'memory-requests-big-from.json'));
    const to = json<{ versionId: number }>(await importTable(rows('1'), '2026-01-02T00:00:00Z', 'memory-requests-big-to.json'));
    expect(from.versionId).toBeGreaterThan(0);

    // the two exports (computed in a worker) and the page (a page of 500 rows of each kind, computed in the worker too)
    for (const format of ['json', 'csv', 'page']) {
      let running = true;
      const latencies: number[] = [];
      const versions = `from=${from.versionId}&to=${to.versionId}`;
      const diff = send(
        'GET',
        format === 'page' ? `/c/local/table/diff?${versions}` : `/c/local/api/table/diff?${versions}&format=${format}`,
      ).finally(() => (running = false));
      await new Promise((r) => setTimeout(r, 20));
      while (running) {
        const health = await send('GET', '/healthz');
        expect(health.status).toBe(200);
        latencies.push(health.ms);
        await new Promise((r) => setTimeout(r, 10));
      }
      const answer = await diff;
      expect(answer.status).toBe(200);
      expect(latencies.length, 'health checks made while the diff ran').toBeGreaterThan(3);
      const sorted = [...latencies].sort((a, b) => a - b);
      console.log(
        `figure: /healthz while the ${format === 'page' ? '/c/local/table/diff page' : `${format} export`} of a 100,000-row diff ran: ${latencies.length} checks, median ${sorted[sorted.length >> 1]!.toFixed(1)} ms, slowest ${sorted.at(-1)!.toFixed(1)} ms (target < 100 ms)`,
      );
      if (format === 'json') expect(json<{ changed: unknown[] }>(answer).changed).toHaveLength(100_000);
      else if (format === 'page') expect(answer.body).toMatch(/Page (<!-- -->)?1(<!-- -->)? of (<!-- -->)?200/);
      else {
        expect(answer.body.split('\n')[1]).toBe('changed,a_b_0000,a,b,0000,2,1,-9.5367431640625e-7,-50');
        expect(answer.body).not.toMatch(/NaN|'-/);
        expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      }
    }
  }, 300_000);
});
