// The fleet's read model without a cluster: each cluster's read is a test's own, so that one can hang, and what is
// checked is what the model makes of them: who sees which row and which figures, the deadline, one read per cluster.
import { describe, expect, it } from 'vitest';
import type { Cluster } from '@/lib/cluster/cluster';
import { partOk } from '@/lib/domain';
import { EVERYTHING, NOTHING, type Rights } from '@/lib/domain/rights';
import type { ClusterRead, ClusterReadProgress } from './fleet-read';
import { fleetReader, type ReadCluster } from './fleet';

const GiB = 2 ** 30;
const NOW = new Date('2026-12-07T05:00:00Z');
const cluster = (name: string) => ({ name }) as Cluster;
const [prd, stage, dev] = [cluster('prd'), cluster('stage'), cluster('dev')];

/** A cluster's read as readClusterForAll would answer it, everything healthy. */
const healthy = (): ClusterRead => ({
  apiServer: partOk({ version: 'v1.36.3' }),
  podCreation: partOk({ state: 'healthy', reason: '3 of 3 ready', probe: { outcome: 'admitted', at: '2026-12-07T04:59:20Z' } }),
  kyverno: partOk({ version: 'v1.19.1', replicas: { desired: 3, ready: 3 } }),
  policy: partOk({ ready: true, tableLoaded: true }),
  table: partOk({ exists: true, rows: 412, lastWriteAt: '2026-12-07T01:05:00Z' }),
  schedule: partOk({ spec: { schedule: '0 2 * * *', timeZone: 'Europe/Berlin', suspend: false }, lastRun: 'succeeded' }),
  drift: partOk(
    new Map([
      ['shop', { pods: 3, bytes: 2 * GiB }],
      ['payments', { pods: 1, bytes: GiB }],
    ]),
  ),
  oomKills24h: partOk(
    new Map([
      ['shop', 2],
      ['payments', 5],
    ]),
  ),
  openIncident: partOk(null),
});

const never = new Promise<never>(() => {});

/** Reads answered from `answers` by cluster name; a missing one hangs. Counts the reads started. */
function reads(answers: Record<string, (got: ClusterReadProgress) => Promise<ClusterRead>>) {
  const started: string[] = [];
  const read: ReadCluster = (c, _now, got) => {
    started.push(c.name);
    return answers[c.name]?.(got) ?? never;
  };
  return { read, started };
}

const shopOnly: Rights = { pods: ['shop'], table: false, kyvernoLogs: false, audit: false };

describe('the fleet, cut to the person', () => {
  it('sums drift and OOM kills over the namespaces they list pods in, and withholds the table and the runs', async () => {
    const { read } = reads({ prd: async () => healthy() });
    const fleet = await fleetReader(read, 1_000)([prd], { prd: shopOnly }, NOW);
    const row = fleet.rows[0]!;
    expect(row.drift).toEqual({ ok: true, value: { pods: 3, bytes: 2 * GiB } });
    expect(row.oomKills24h).toEqual({ ok: true, value: 2 });
    expect(row.table).toEqual({ ok: true, value: { rows: null, lastWriteAt: null, overdue: null, lastRun: null } });
    expect(row.kyverno).toEqual({ ok: true, value: { version: 'v1.19.1', replicas: { desired: 3, ready: 3 } } });
  });

  it('shows everything to whoever may read it all, the probe with its age', async () => {
    const { read } = reads({ prd: async () => healthy() });
    const row = (await fleetReader(read, 1_000)([prd], { prd: EVERYTHING }, NOW)).rows[0]!;
    expect(row.drift).toEqual({ ok: true, value: { pods: 4, bytes: 3 * GiB } });
    expect(row.oomKills24h).toEqual({ ok: true, value: 7 });
    expect(row.table).toEqual({
      ok: true,
      value: { rows: 412, lastWriteAt: '2026-12-07T01:05:00Z', overdue: false, lastRun: 'succeeded' },
    });
    expect(row.podCreation).toEqual({
      ok: true,
      value: { state: 'healthy', reason: '3 of 3 ready', probeOutcome: 'admitted', probeAgeSeconds: 40 },
    });
    expect(row.severity).toBe('drift');
  });

  it('leaves out, unread, a cluster where they may list nothing; one whose rights could not be asked is a row saying so', async () => {
    const { read, started } = reads({ prd: async () => healthy(), stage: async () => healthy(), dev: async () => healthy() });
    const fleet = await fleetReader(read, 1_000)([prd, stage, dev], { prd: EVERYTHING, stage: NOTHING, dev: null }, NOW);
    expect(fleet.rows.map((r) => [r.cluster, r.severity])).toEqual([
      ['dev', 'unknown'],
      ['prd', 'drift'],
    ]);
    expect(started).toEqual(['prd']);
    const dev_ = fleet.rows[0]!;
    expect(dev_.apiServer).toEqual({
      ok: false,
      error: {
        code: 'unreachable',
        message: 'The API server was not read: its API server did not answer when your rights there were asked',
      },
    });
    expect(dev_.table.ok || dev_.drift.ok || dev_.oomKills24h.ok).toBe(false);
  });

  it('lists the worst first', async () => {
    const refusing = (): ClusterRead => ({ ...healthy(), podCreation: partOk({ state: 'refusing', reason: '0 of 3 ready', probe: null }) });
    const { read } = reads({ prd: async () => healthy(), stage: async () => refusing() });
    const fleet = await fleetReader(read, 1_000)([prd, stage], { prd: shopOnly, stage: shopOnly }, NOW);
    expect(fleet.rows.map((r) => [r.cluster, r.severity])).toEqual([
      ['stage', 'pods-refused'],
      ['prd', 'drift'],
    ]);
  });
});

describe('the deadline', () => {
  it("answers a hanging cluster's row within the deadline with what did not come, and the other's complete", async () => {
    const { read } = reads({
      prd: async () => healthy(),
      stage: async (got) => {
        got.table = partOk({ exists: true, rows: 90, lastWriteAt: null }); // came before the cluster stopped answering
        return never;
      },
    });
    const started = Date.now();
    const fleet = await fleetReader(read, 300)([prd, stage], { prd: EVERYTHING, stage: EVERYTHING }, NOW);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1_000);
    const byName = Object.fromEntries(fleet.rows.map((r) => [r.cluster, r]));
    expect(byName.stage!.apiServer).toEqual({
      ok: false,
      error: { code: 'unreachable', message: 'The API server did not answer within 0.3 s' },
    });
    expect(byName.stage!.drift.ok).toBe(false);
    expect(byName.stage!.table).toMatchObject({ ok: true, value: { rows: 90 } });
    expect(byName.stage!.severity).toBe('unknown');
    expect(byName.prd!.apiServer).toEqual({ ok: true, value: { version: 'v1.36.3' } });
    expect(byName.prd!.drift).toEqual({ ok: true, value: { pods: 4, bytes: 3 * GiB } });
    expect(fleet.rows.map((r) => r.cluster)).toEqual(['stage', 'prd']);
  });

  it('lets a late read go on, one per cluster, and hands its answer to the next ask', async () => {
    let finish!: (read: ClusterRead) => void;
    const { read, started } = reads({ prd: () => new Promise<ClusterRead>((resolve) => (finish = resolve)) });
    const readFleet = fleetReader(read, 100);
    const [first, second] = await Promise.all([readFleet([prd], { prd: EVERYTHING }, NOW), readFleet([prd], { prd: shopOnly }, NOW)]);
    expect(first.rows[0]!.apiServer.ok).toBe(false);
    expect(second.rows[0]!.apiServer.ok).toBe(false);
    finish(healthy());
    const next = await readFleet([prd], { prd: EVERYTHING }, NOW);
    expect(next.rows[0]!.apiServer).toEqual({ ok: true, value: { version: 'v1.36.3' } });
    expect(started).toEqual(['prd']);
  });

  it('does not share one cluster’s read with another of another name', async () => {
    const { read, started } = reads({ prd: async () => healthy(), stage: async () => healthy() });
    await fleetReader(read, 1_000)([prd, stage], { prd: EVERYTHING, stage: EVERYTHING }, NOW);
    expect([...started].sort()).toEqual(['prd', 'stage']);
  });
});
