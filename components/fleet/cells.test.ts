import { describe, expect, it } from 'vitest';
import { partFailed, partOk } from '@/lib/domain';
import type { FleetRowView } from '@/lib/views/fleet-types';
import { fleetCells, formatGiB } from './cells';

const NOW = new Date('2026-12-07T05:00:00Z');

const row = (change: Partial<FleetRowView> = {}): FleetRowView => ({
  cluster: 'stage eu',
  severity: 'drift',
  apiServer: partOk({ version: 'v1.36.3' }),
  podCreation: partOk({ state: 'healthy', reason: '3 of 3 ready', probeOutcome: 'admitted', probeAgeSeconds: 75 }),
  kyverno: partOk({ version: 'v1.19.1', replicas: { desired: 3, ready: 2 } }),
  policy: partOk({ ready: true, tableLoaded: null }),
  table: partOk({ rows: 412, lastWriteAt: '2026-12-07T01:05:00Z', overdue: true, lastRun: 'failed' }),
  drift: partOk({ pods: 7, bytes: 422 * 2 ** 20 }),
  oomKills24h: partOk(2),
  openIncident: { id: '2026-12-07T04:00:00Z', kind: 'break-glass' },
  ...change,
});

const byKey = (r: FleetRowView) => Object.fromEntries(fleetCells(r, NOW).map((c) => [c.key, c]));

describe('fleetCells', () => {
  it("links each cell to the cluster's page that explains it, the cluster's name encoded", () => {
    expect(Object.fromEntries(fleetCells(row(), NOW).map((c) => [c.key, c.href]))).toEqual({
      apiServer: '/c/stage%20eu',
      podCreation: '/c/stage%20eu/webhook',
      kyverno: '/c/stage%20eu/webhook',
      policy: '/c/stage%20eu/webhook',
      table: '/c/stage%20eu/table',
      snapshot: '/c/stage%20eu/snapshot/runs',
      drift: '/c/stage%20eu/pods?verdict=differs',
      oomKills: '/c/stage%20eu/workloads?sort=oomKills',
      incident: '/c/stage%20eu/incidents/2026-12-07T04%3A00%3A00Z',
    });
  });

  it('says what each part found, and its tone', () => {
    const cells = byKey(row());
    expect(cells.podCreation).toMatchObject({ text: 'healthy; probe admitted 1m 15s ago', tone: 'good' });
    expect(cells.kyverno).toMatchObject({ text: 'v1.19.1; 2/3 ready', tone: 'warn' });
    expect(cells.policy).toMatchObject({ text: 'READY; table loaded: not said yet', tone: 'warn' });
    expect(cells.table).toMatchObject({ text: '412 rows; written 3h 55m ago, overdue', tone: 'bad' });
    expect(cells.snapshot).toMatchObject({ text: 'failed', tone: 'bad' });
    expect(cells.drift).toMatchObject({ text: '7 pods, 0.4 GiB', tone: 'warn' });
    expect(cells.incident).toMatchObject({ text: 'break-glass open', tone: 'bad' });
  });

  it('a part that failed says why in its own cell; withheld figures say so', () => {
    const cells = byKey(
      row({
        apiServer: partFailed('unreachable', 'The API server did not answer within 3 s'),
        table: partOk({ rows: null, lastWriteAt: null, overdue: null, lastRun: null }),
      }),
    );
    expect(cells.apiServer).toMatchObject({ text: 'The API server did not answer within 3 s', tone: 'bad' });
    expect(cells.table).toMatchObject({ text: 'withheld', tone: 'plain' });
    expect(cells.snapshot).toMatchObject({ text: 'withheld' });
  });

  it('sends refused pod creation to the break-glass', () => {
    const cells = byKey(row({ podCreation: partOk({ state: 'refusing', reason: '0 of 3', probeOutcome: null, probeAgeSeconds: null }) }));
    expect(cells.podCreation).toMatchObject({
      href: '/c/stage%20eu/break-glass',
      text: 'refusing pod creation; no probe yet',
      tone: 'bad',
    });
  });
});

describe('formatGiB', () => {
  it('is signed, to one decimal', () => {
    expect(formatGiB(3 * 2 ** 30)).toBe('3.0 GiB');
    expect(formatGiB(-1.5 * 2 ** 30)).toBe('−1.5 GiB');
  });
});
