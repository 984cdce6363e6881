import { describe, expect, it } from 'vitest';
import { fleetOrder, fleetSeverity, type FleetRow } from './fleet';
import { partFailed, partOk } from './part';

function row(cluster: string, change: Partial<FleetRow> = {}): FleetRow {
  return {
    cluster,
    apiServer: partOk({ version: 'v1.35.0' }),
    podCreation: partOk({ state: 'healthy', reason: '3 of 3 ready', probeAgeSeconds: 20 }),
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
    expect(fleetSeverity(row('a', { podCreation: partOk({ state: 'refusing', reason: '0 of 3 ready', probeAgeSeconds: 5 }) }))).toBe(
      'pods-refused',
    );
    expect(fleetSeverity(row('a', { podCreation: partOk({ state: 'break-glass', reason: '', probeAgeSeconds: null }) }))).toBe(
      'pods-refused',
    );
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
      row('prd-eu', { podCreation: partOk({ state: 'refusing', reason: '', probeAgeSeconds: 1 }) }),
    ];
    expect(fleetOrder(rows).map((r) => r.cluster)).toEqual(['prd-eu', 'dev', 'stg-a', 'stg-b', 'prd']);
  });
});
