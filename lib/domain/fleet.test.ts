import { describe, expect, it } from 'vitest';
import { fleetOrder, fleetSeverity, podDrift, tableOverdue, type FleetRow } from './fleet';
import { partFailed, partOk } from './part';

function row(cluster: string, change: Partial<FleetRow> = {}): FleetRow {
  return {
    cluster,
    apiServer: partOk({ version: 'v1.35.0' }),
    podCreation: partOk({ state: 'healthy', reason: '3 of 3 ready', probeOutcome: 'admitted', probeAgeSeconds: 20 }),
    kyverno: partOk({ version: 'v1.19.1', replicas: { desired: 3, ready: 3 } }),
    policy: partOk({ ready: true, tableLoaded: true }),
    table: partOk({ rows: 412, lastWriteAt: '2026-12-07T02:00:00Z', overdue: false, lastRun: 'succeeded' }),
    drift: partOk({ pods: 0, bytes: 0 }),
    oomKills24h: partOk(0),
    openIncident: null,
    ...change,
  };
}

describe('fleetSeverity', () => {
  it('is healthy when every part is', () => {
    expect(fleetSeverity(row('prd'))).toBe('healthy');
  });

  it('puts refused pod creation and an open incident above everything', () => {
    expect(
      fleetSeverity(
        row('a', { podCreation: partOk({ state: 'refusing', reason: '0 of 3 ready', probeOutcome: null, probeAgeSeconds: 5 }) }),
      ),
    ).toBe('pods-refused');
    expect(
      fleetSeverity(row('a', { podCreation: partOk({ state: 'break-glass', reason: '', probeOutcome: null, probeAgeSeconds: null }) })),
    ).toBe('pods-refused');
    expect(fleetSeverity(row('a', { openIncident: { id: 'x', kind: 'break-glass' } }))).toBe('pods-refused');
  });

  it('an API server that did not answer is unknown, not healthy from what was last read', () => {
    expect(fleetSeverity(row('a', { apiServer: partFailed('unreachable', 'connect ECONNREFUSED') }))).toBe('unknown');
    expect(fleetSeverity(row('a', { podCreation: partFailed('unreachable', 'timeout') }))).toBe('unknown');
  });

  it('then Kyverno short of replicas, then the table, then drift and OOM kills', () => {
    expect(fleetSeverity(row('a', { kyverno: partOk({ version: 'v1.19.1', replicas: { desired: 3, ready: 2 } }) }))).toBe('degraded');
    expect(fleetSeverity(row('a', { policy: partOk({ ready: true, tableLoaded: false }) }))).toBe('table');
    expect(fleetSeverity(row('a', { table: partOk({ rows: 412, lastWriteAt: null, overdue: true, lastRun: 'succeeded' }) }))).toBe('table');
    expect(fleetSeverity(row('a', { table: partOk({ rows: 412, lastWriteAt: null, overdue: false, lastRun: 'failed' }) }))).toBe('table');
    expect(fleetSeverity(row('a', { drift: partOk({ pods: 4, bytes: 1 << 30 }) }))).toBe('drift');
    expect(fleetSeverity(row('a', { oomKills24h: partOk(2) }))).toBe('drift');
  });

  it('a part it may not read (failed) does not make a row worse than what it shows', () => {
    expect(fleetSeverity(row('a', { table: partFailed('withheld', 'not yours'), drift: partFailed('unreachable', 'slow') }))).toBe(
      'healthy',
    );
  });
});

describe('fleetOrder', () => {
  it('lists the worst first, and rows as bad by name', () => {
    const rows = [
      row('stg-b', { drift: partOk({ pods: 1, bytes: 1 }) }),
      row('prd'),
      row('stg-a', { drift: partOk({ pods: 9, bytes: 1 }) }),
      row('dev', { apiServer: partFailed('unreachable', 'no route') }),
      row('prd-eu', { podCreation: partOk({ state: 'refusing', reason: '', probeOutcome: 'unreachable', probeAgeSeconds: 1 }) }),
    ];
    expect(fleetOrder(rows).map((r) => r.cluster)).toEqual(['prd-eu', 'dev', 'stg-a', 'stg-b', 'prd']);
  });
});

describe('tableOverdue', () => {
  // the runbook's CronJob: every day at 02:00 in the cluster's zone
  const daily = { schedule: '0 2 * * *', timeZone: 'Europe/Berlin', suspend: false };

  it('is not overdue until the run after the last write had an hour to write', () => {
    const written = '2026-12-06T01:05:00Z'; // 02:05 in Berlin: the run of the 6th wrote it
    expect(tableOverdue(daily, written, new Date('2026-12-07T01:30:00Z'))).toBe(false); // the 7th's run: 02:00, 30 min ago
    expect(tableOverdue(daily, written, new Date('2026-12-07T02:01:00Z'))).toBe(true); // 1 h 1 min after it started
  });

  it('nothing is overdue when the schedule starts no run; a table never written is', () => {
    const now = new Date('2026-12-20T00:00:00Z');
    expect(tableOverdue({ ...daily, suspend: true }, '2026-12-01T01:05:00Z', now)).toBe(false);
    expect(tableOverdue({ schedule: 'not a schedule' }, '2026-12-01T01:05:00Z', now)).toBe(false);
    expect(tableOverdue(daily, null, now)).toBe(true);
  });
});

describe('podDrift', () => {
  const Mi = 1 << 20;

  it('sums what drifted containers request beyond their rows (the limit when the row is above it)', () => {
    expect(
      podDrift([
        { request: 300 * Mi, limit: null, row: 200 * Mi, verdict: 'stale' },
        { request: 100 * Mi, limit: 150 * Mi, row: 400 * Mi, verdict: 'stale' }, // row capped at the limit: 150Mi
        { request: 24 * Mi, limit: null, row: 24 * Mi, verdict: 'set' },
      ]),
    ).toEqual({ drifted: true, bytes: 100 * Mi - 50 * Mi });
  });

  it('a pod the webhook never sends, or without a row, is not drift', () => {
    expect(podDrift([{ request: 300 * Mi, limit: null, row: 200 * Mi, verdict: 'skipped-namespace' }])).toEqual({
      drifted: false,
      bytes: 0,
    });
    expect(podDrift([{ request: 300 * Mi, limit: null, row: null, verdict: 'no-row' }])).toEqual({ drifted: false, bytes: 0 });
  });
});
