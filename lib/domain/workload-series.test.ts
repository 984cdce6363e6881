import { describe, expect, it } from 'vitest';
import { version } from './__fixtures__/table-versions';
import {
  chartPoints,
  podsOf,
  pooledValues,
  rowSteps,
  shareAbove,
  withNewerLatest,
  workingSetOf,
  WorkingSetTally,
  type SampleSeries,
} from './workload-series';
import { rowWrites, seriesFrom } from './workload-series'; // the chart's marks and ranges

const Mi = 1024 * 1024;

const series: SampleSeries[] = [
  {
    pod: 'web-b-2',
    container: 'app',
    values: [
      [7200, 300 * Mi],
      [7500, 500 * Mi],
    ],
  },
  {
    pod: 'web-a-1',
    container: 'app',
    values: [
      [0, 100 * Mi],
      [300, 200 * Mi],
      [3600, 250 * Mi],
    ],
  },
  { pod: 'web-a-1', container: 'nginx', values: [[0, 20 * Mi]] },
];

describe('pooling and share above the request', () => {
  it('pools every pod of the container', () => {
    expect(pooledValues(series, 'app')).toHaveLength(5);
    expect(shareAbove(pooledValues(series, 'app'), 240 * Mi)).toBeCloseTo(0.6);
    expect(shareAbove([], 1)).toBeNull();
    expect(shareAbove([1], null)).toBeNull();
  });
  it("gives a container's newest sample across its pods and the job's p90 of all its samples", () => {
    // app: 100, 200, 250, 300, 500 MiB; nearest rank ceil(0.9 * 5) = 5th → 500Mi; newest at t=7500 (web-b-2)
    expect(workingSetOf(series, 'app')).toEqual({ latest: { at: 7500, bytes: 500 * Mi }, p90Mi: 500, samples: 5 });
    expect(workingSetOf(series, 'nginx')).toEqual({ latest: { at: 0, bytes: 20 * Mi }, p90Mi: 20, samples: 1 });
    expect(workingSetOf(series, 'sidecar')).toEqual({ latest: null, p90Mi: null, samples: 0 });
  });
  it('gives the same, fed series by series as the byte parser hands them on (one buffer, overwritten)', () => {
    const tally = new WorkingSetTally();
    const buffer = new Float64Array(3);
    for (const s of series) {
      s.values.forEach(([, v], i) => (buffer[i] = v));
      tally.add(s.container, buffer.subarray(0, s.values.length), s.values.at(-1)![0]);
      buffer.fill(-1);
    }
    expect(tally.containers().sort()).toEqual(['app', 'nginx']);
    // app: 100, 200, 250, 300, 500 MiB; nearest rank ceil(0.9 * 5) = 5th → 500Mi; newest at t=7500 (web-b-2)
    expect(tally.workingSet('app')).toEqual({ latest: { at: 7500, bytes: 500 * Mi }, p90Mi: 500, samples: 5 });
    expect(tally.workingSet('nginx')).toEqual({ latest: { at: 0, bytes: 20 * Mi }, p90Mi: 20, samples: 1 });
    expect(tally.workingSet('sidecar')).toEqual({ latest: null, p90Mi: null, samples: 0 });
  });
  it('lists pods by their first sample', () => {
    expect(podsOf(series, 'app')).toEqual(['web-a-1', 'web-b-2']);
  });
});

describe("a pod's working set: the window kept for a step, its newest sample read now", () => {
  const window = { latest: { at: 7500, bytes: 500 * Mi }, p90Mi: 480, samples: 5 };

  it('takes a newer sample as the latest and keeps the p90 and count of the window', () => {
    expect(withNewerLatest(window, { at: 7800, bytes: 620 * Mi })).toEqual({
      latest: { at: 7800, bytes: 620 * Mi },
      p90Mi: 480,
      samples: 5,
    });
  });

  it("keeps the window's own latest when the newer read has nothing as new (no sample in its lookback)", () => {
    expect(withNewerLatest(window, undefined)).toEqual(window);
    expect(withNewerLatest(window, { at: 7500, bytes: 1 })).toEqual(window);
    expect(withNewerLatest(window, { at: 7200, bytes: 1 })).toEqual(window);
  });

  it('shows a container the window has no samples of with its one sample and no p90', () => {
    expect(withNewerLatest(undefined, { at: 7800, bytes: 9 * Mi })).toEqual({
      latest: { at: 7800, bytes: 9 * Mi },
      p90Mi: null,
      samples: 0,
    });
    expect(withNewerLatest(undefined, undefined)).toEqual({ latest: null, p90Mi: null, samples: 0 });
  });
});

describe('rowSteps', () => {
  it('gives one step per change of the row, versions before the start collapsed into the first', () => {
    const versions = [
      version(1, '1970-01-01T00:00:00Z', { app_web_x: '100Mi' }),
      version(2, '1970-01-01T00:10:00Z', { app_web_x: '200Mi' }),
      version(3, '1970-01-01T01:00:00Z', { app_web_x: '200Mi', other: '1Mi' }),
      version(4, '1970-01-01T02:00:00Z', null),
      version(5, '1970-01-01T03:00:00Z', { app_web_x: '300Mi' }),
    ];
    expect(rowSteps(versions, 'app_web_x', 1200)).toEqual([
      { t: 1200, bytes: 200 * Mi },
      { t: 7200, bytes: null },
      { t: 10800, bytes: 300 * Mi },
    ]);
  });
});

describe('chartPoints', () => {
  it('buckets samples by the highest value of each pod and carries the row step', () => {
    const points = chartPoints(
      series,
      'app',
      [
        { t: 0, bytes: 150 * Mi },
        { t: 7200, bytes: 400 * Mi },
      ],
      3600,
    );
    expect(points).toEqual([
      { t: 0, row: 150 * Mi, 'web-a-1': 200 * Mi },
      { t: 3600, row: 150 * Mi, 'web-a-1': 250 * Mi },
      { t: 7200, row: 400 * Mi, 'web-b-2': 500 * Mi },
    ]);
  });
  it('adds a point where the row changes between samples', () => {
    const points = chartPoints(series, 'nginx', [{ t: 1800, bytes: 32 * Mi }], 3600);
    expect(points).toEqual([
      { t: 0, row: null, 'web-a-1': 20 * Mi },
      { t: 1800, row: 32 * Mi },
    ]);
  });
  it("dates a bucket that begins before the range's start from the start, so no point lies before it", () => {
    const points = chartPoints(seriesFrom(series, 300), 'app', [{ t: 300, bytes: 150 * Mi }], 3600, 300);
    expect(points.map((p) => p.t)).toEqual([300, 3600, 7200]);
    expect(points[0]).toEqual({ t: 300, row: 150 * Mi, 'web-a-1': 200 * Mi });
  });
});

describe('the versions that changed a row, and a range of the samples', () => {
  const versions = [
    version(1, '1970-01-01T00:00:00Z', { app_web_x: '100Mi' }),
    version(2, '1970-01-01T00:10:00Z', { app_web_x: '200Mi' }),
    version(3, '1970-01-01T01:00:00Z', { app_web_x: '200Mi', other: '1Mi' }),
    version(4, '1970-01-01T02:00:00Z', { other: '1Mi' }),
    version(5, '1970-01-01T03:00:00Z', null),
    version(6, '1970-01-01T04:00:00Z', { app_web_x: '300Mi' }),
  ];
  it('marks each version whose row differs from the one before, within the range, the first recorded not', () => {
    expect(rowWrites(versions, 'app_web_x', 0, 86_400)).toEqual([
      { t: 600, version: 2, value: '200Mi' },
      { t: 7200, version: 4, value: null },
      { t: 14_400, version: 6, value: '300Mi' },
    ]);
    // a version taking the table's data away after the row was already gone changes nothing of it
    expect(rowWrites(versions, 'app_web_x', 3600, 10_800)).toEqual([{ t: 7200, version: 4, value: null }]);
    expect(rowWrites(versions, 'other', 0, 86_400)).toEqual([
      { t: 3600, version: 3, value: '1Mi' },
      { t: 10_800, version: 5, value: null },
    ]);
  });
  it('keeps the samples from a time on, a series wholly inside kept as it is', () => {
    const from = seriesFrom(series, 3600);
    expect(from.map((s) => [s.pod, s.container, s.values.map(([t]) => t)])).toEqual([
      ['web-b-2', 'app', [7200, 7500]],
      ['web-a-1', 'app', [3600]],
    ]);
    expect(from[0]).toBe(series[0]);
  });
});
