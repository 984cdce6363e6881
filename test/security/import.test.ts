// Issue 9, item 3: a hostile saved table can neither stall the server nor rewrite the past.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bin } from '../../e2e/cluster/lib/paths.ts';
import { kubeconfig, kubectl, kubectlJson } from '../integration/cluster';
import { json, port, postFromOwnPage, send, type Answer } from './http';

const IMPORTS = '/api/history/imports';
const configMap = (data: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'memory-requests', namespace: 'kyverno-prd' },
  data,
});
const importTable = (data: Record<string, string>, takenAt?: string, fileName = 'memory-requests-2026-10-06.json') =>
  postFromOwnPage(IMPORTS, { fileName, content: JSON.stringify(configMap(data)), ...(takenAt && { takenAt }) });
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
    const proto = await postFromOwnPage(IMPORTS, {
      fileName: 'memory-requests-2026-10-06.json',
      content: `{"apiVersion":"v1","kind":"ConfigMap","data":{"__proto__":"1Mi"}}`,
    });
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
        await send('GET', `/api/pods/development/${pod}/explanation`),
      );
      const evidence = explanation.containers.flatMap((c) => c.evidence).join('\n');
      expect(evidence).toContain('the version recorded, in force from');
      expect(evidence).not.toContain('imported from');

      // listed, and shown as what it is
      const snapshots = json<{ snapshots: Array<{ source: string; label: string | null }> }>(
        await send('GET', '/api/table/snapshots'),
      ).snapshots;
      expect(snapshots.find((s) => s.label === `memory-requests-ranking-${pod}.json`)?.source).toBe('import');
      expect((await send('GET', '/table/snapshots')).body).toContain(`imported (memory-requests-ranking-${pod}.json)`);
    } finally {
      kubectl(['-n', 'development', 'delete', 'pod', pod, '--wait=false'], 'admin');
    }
  });
});

async function firstRecordedVersion(): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const snapshots = json<{ snapshots: Array<{ source: string; inForceFrom: string }> }>(
      await send('GET', '/api/table/snapshots'),
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
      const diff = send('GET', format === 'page' ? `/table/diff?${versions}` : `/api/table/diff?${versions}&format=${format}`).finally(
        () => (running = false),
      );
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
        `figure: /healthz while the ${format === 'page' ? '/table/diff page' : `${format} export`} of a 100,000-row diff ran: ${latencies.length} checks, median ${sorted[sorted.length >> 1]!.toFixed(1)} ms, slowest ${sorted.at(-1)!.toFixed(1)} ms (target < 100 ms)`,
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
