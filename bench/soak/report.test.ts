import { describe, expect, it } from 'vitest';
import { checkVersions, expectedContents, readsPerMinute, rssDrift, tallyErrors } from './report';
import { saidIn, type Read } from './readers';
import type { TableWrite } from './table-writes';

const write = (by: TableWrite['by'], data: Record<string, string> | null): TableWrite => ({ at: '', by, data });
const version = (id: number, inForceFrom: string, data: Record<string, string>) => ({ id, inForceFrom, data });

describe('the versions the store recorded against the writes made', () => {
  const before = { a: '1Mi' };
  const writes = [
    write('snapshot', { a: '1Mi' }), // changed nothing: no version
    write('alice', { a: '1Mi', row: '101Mi' }),
    write('bob', { row: '502Mi', a: '1Mi' }), // keys in another order: still a change of the row only
    write('bob', null), // failed: left out
    write('bob', { a: '1Mi' }), // back to the content before: a version of its own
  ];
  const expected = expectedContents(JSON.stringify([['a', '1Mi']]), writes);

  it('counts each change once, a return to earlier content included, in the order written', () => {
    expect(expected).toEqual([
      JSON.stringify([
        ['a', '1Mi'],
        ['row', '101Mi'],
      ]),
      JSON.stringify([
        ['a', '1Mi'],
        ['row', '502Mi'],
      ]),
      JSON.stringify([['a', '1Mi']]),
    ]);
  });

  it('finds them equal when the store holds the same contents in the same order', () => {
    const recorded = [
      version(7, '2026-12-05T10:00:00Z', { row: '101Mi', a: '1Mi' }),
      version(8, '2026-12-05T10:02:00Z', { a: '1Mi', row: '502Mi' }),
      version(9, '2026-12-05T10:04:00Z', before),
    ];
    expect(checkVersions(expected, recorded)).toEqual({
      written: 3,
      recorded: 3,
      sameOrder: true,
      sameOrderInForce: true,
      firstDifference: null,
    });
  });

  it('says where the order parts, by record and by time in force', () => {
    const recorded = [
      version(7, '2026-12-05T10:00:00Z', { a: '1Mi', row: '101Mi' }),
      version(8, '2026-12-05T10:04:00Z', { a: '1Mi', row: '502Mi' }),
      version(9, '2026-12-05T10:02:00Z', before), // in force before the version recorded ahead of it
    ];
    expect(checkVersions(expected, recorded)).toMatchObject({ sameOrder: true, sameOrderInForce: false });
    expect(checkVersions(expected, recorded.slice(0, 2))).toMatchObject({ recorded: 2, sameOrder: false, firstDifference: 2 });
    expect(checkVersions(expected, [recorded[1]!, recorded[0]!, recorded[2]!])).toMatchObject({ sameOrder: false, firstDifference: 0 });
  });
});

describe('what an error answer said', () => {
  it('is a route’s error code and message, or a page’s title, cut short', () => {
    expect(saidIn('{"error":{"code":"forbidden","message":"secrets is forbidden"}}')).toBe('forbidden: secrets is forbidden');
    expect(saidIn('<html><head><title>Not ready · memdash</title></head></html>')).toBe('Not ready · memdash');
    expect(saidIn('x'.repeat(400))).toBe('(no title)');
  });
});

describe('the readers’ errors against the outages', () => {
  const outages = [
    { fault: 'API server restarted (1 of 2)', from: 10_000, to: 20_000 },
    { fault: 'PostgreSQL restarted', from: 100_000, to: 101_000 },
  ];
  const read = (at: number, status: number, said?: string): Read => ({ at, kind: 'pod page', ms: 5, status, said });

  it('counts a 503 while the API server is down as clear, anything else there and any error outside faults against it', () => {
    const tally = tallyErrors(
      [
        read(5_000, 200),
        read(12_000, 503, 'unreachable: x'),
        read(19_000, 500),
        read(30_000, 503, 'unreachable: x'),
        read(100_500, 0),
        read(200_000, 502, 'cluster-error: y'),
      ],
      outages,
    );
    // 30,000 is within the 15 s after the restart's end: still the restart's
    expect(tally).toEqual({
      clear503DuringApiOutage: 2,
      otherDuringApiOutage: 1,
      duringOtherFaults: 1,
      outsideFaults: 1,
      statuses: { '503': 2, '500': 1, '0': 1, '502': 1 },
      said: { '503 unreachable: x': 2, '502 cluster-error: y': 1 },
    });
  });

  it('gives each minute its reads, its p95 of good answers per kind, its errors and the outage in it', () => {
    const reads: Read[] = [
      ...Array.from({ length: 20 }, (_, i) => ({ at: 1_000 + i, kind: 'pod page' as const, ms: i + 1, status: 200 })),
      { at: 2_000, kind: 'explanation', ms: 40, status: 200 },
      { at: 65_000, kind: 'explanation', ms: 900, status: 503 },
    ];
    const minutes = readsPerMinute(reads, 0, [{ fault: 'x', from: 61_000, to: 62_000 }]);
    expect(minutes).toEqual([
      { minute: 0, reads: 21, podPageP95Ms: 19, explanationP95Ms: 40, errors: 0, outage: null },
      { minute: 1, reads: 1, podPageP95Ms: NaN, explanationP95Ms: NaN, errors: 1, outage: 'x' },
    ]);
  });
});

describe('RSS drift', () => {
  it('compares each replica that lived from minute 5 to the end, in percent', () => {
    const s = (minute: number, replica: string, rssMb: number) => ({ minute, replica, rssMb, loopDelayP99Ms: 1 });
    expect(
      rssDrift([s(4, 'a', 90), s(5, 'a', 200), s(9, 'a', 210), s(5, 'b', 100), s(7, 'b', 300), s(8, 'c', 100), s(9, 'c', 100)]),
    ).toEqual({ a: 5 });
  });
});
