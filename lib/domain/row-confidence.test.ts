import { describe, expect, it } from 'vitest';
import {
  RowConfidenceTally,
  WorkloadConfidenceTally,
  confidenceFlags,
  confidenceOfSeries,
  flagMeaning,
  packConfidence,
  unpackConfidence,
  type RowConfidence,
} from './row-confidence';
import { MiB } from './quantity';
import { SnapshotPool } from './snapshot';
import type { SampleSeries } from './workload-series';

const DAY = 86_400;
const STEP = 300;

/** A pod's series of `container`: `days` of samples at 300 s from `from`, each `mib(i)` MiB. */
function series(pod: string, days: number, mib: (i: number) => number, from = 0, container = 'app'): SampleSeries {
  const n = Math.round((days * DAY) / STEP);
  return { pod, container, values: Array.from({ length: n }, (_, i) => [from + i * STEP, mib(i) * MiB] as [number, number]) };
}

const steady = (base: number) => (i: number) => base + (i % 10);

const figures = (over: Partial<RowConfidence>): RowConfidence => ({
  pods: 3,
  spanSeconds: 28 * DAY,
  samples: 24_192,
  p90Mi: 100,
  hottestPod: 'web-6d4f9c8b7-x2k9p',
  hottestP90Mi: 110,
  maxMi: 130,
  ...over,
});

describe('confidenceFlags', () => {
  it('raises none on a steady row of many pods over the window', () => {
    expect(confidenceFlags(figures({}))).toEqual([]);
  });

  it('raises "less than 7 days" below 7 days, not at 7', () => {
    expect(confidenceFlags(figures({ spanSeconds: 7 * DAY - 1 }))).toEqual(['short-history']);
    expect(confidenceFlags(figures({ spanSeconds: 7 * DAY }))).toEqual([]);
  });

  it('raises "one pod far hotter" from 1.5× the pooled p90, and never for one pod', () => {
    expect(confidenceFlags(figures({ hottestP90Mi: 149 }))).toEqual([]);
    expect(confidenceFlags(figures({ hottestP90Mi: 150 }))).toEqual(['hot-pod']);
    expect(confidenceFlags(figures({ pods: 1, hottestP90Mi: 150 }))).toEqual([]);
  });

  it('raises "spiky" from a max of 3× the p90', () => {
    expect(confidenceFlags(figures({ maxMi: 299 }))).toEqual([]);
    expect(confidenceFlags(figures({ maxMi: 300 }))).toEqual(['spiky']);
  });

  it('says what each flag means for the next pod in one line', () => {
    const c = figures({ spanSeconds: 4.2 * DAY, hottestP90Mi: 210, maxMi: 340 });
    expect(confidenceFlags(c)).toEqual(['short-history', 'hot-pod', 'spiky']);
    expect(flagMeaning('spiky', c)).toBe(
      "spiky: the next pod's request covers 90 % of samples, but peaks reach 3.4× it; its limit decides.",
    );
    expect(flagMeaning('hot-pod', c)).toContain("web-6d4f9c8b7-x2k9p's own p90 is 2.1× the pooled 100Mi");
    expect(flagMeaning('short-history', c)).toContain('rests on 4.2 days of samples');
    for (const flag of confidenceFlags(c)) expect(flagMeaning(flag, c)).not.toContain('\n');
  });

  it('travels packed and comes back the same', () => {
    const c = figures({});
    expect(unpackConfidence(packConfidence(c))).toEqual(c);
  });
});

describe('confidenceOfSeries', () => {
  it('counts pods and days, and finds the hottest pod against the pooled p90', () => {
    // 11 pods at 100-109 MiB and one at 300-309 MiB: the hot one is under a tenth of the samples
    const pods = Array.from({ length: 11 }, (_, i) => series(`kafka-${i + 1}`, 28, steady(100)));
    const all = [series('kafka-0', 28, steady(300)), ...pods];
    const c = confidenceOfSeries(all, 'app')!;
    expect(c.pods).toBe(12);
    expect(c.spanSeconds).toBe(28 * DAY - STEP);
    expect(c.p90Mi).toBe(109);
    expect(c.hottestPod).toBe('kafka-0');
    expect(c.hottestP90Mi).toBe(308);
    expect(c.maxMi).toBe(309);
    expect(confidenceFlags(c)).toEqual(['hot-pod']);
  });

  it('spans from the first sample of any pod to the last of any', () => {
    const c = confidenceOfSeries([series('a-1', 2, steady(50), 0), series('a-2', 2, steady(50), 3 * DAY)], 'app')!;
    expect(c.spanSeconds).toBe(5 * DAY - STEP);
    expect(confidenceFlags(c)).toEqual(['short-history']);
  });

  it('sees peaks the p90 does not: one sample in 50 at four times the rest', () => {
    const c = confidenceOfSeries([series('thumb-1', 28, (i) => (i % 50 === 0 ? 400 : 100))], 'app')!;
    expect(c.p90Mi).toBe(100);
    expect(c.maxMi).toBe(400);
    expect(confidenceFlags(c)).toEqual(['spiky']);
  });

  it('is null for a container without samples', () => {
    expect(confidenceOfSeries([series('a-1', 1, steady(5))], 'sidecar')).toBeNull();
  });
});

describe('WorkloadConfidenceTally', () => {
  it('gives each container what confidenceOfSeries gives, its series fed as they come, containers interleaved', () => {
    const all = [
      series('kafka-0', 28, steady(300)),
      series('kafka-0', 28, steady(20), 0, 'sidecar'),
      ...Array.from({ length: 5 }, (_, i) => series(`kafka-${i + 1}`, 28, steady(100))),
      series('kafka-1', 3, steady(40), 0, 'sidecar'),
    ];
    const tally = new WorkloadConfidenceTally();
    for (const s of all)
      tally.add(
        s.pod,
        s.container,
        Float64Array.from(s.values, ([, v]) => v),
        s.values[0]![0],
        s.values.at(-1)![0],
      );
    for (const container of ['app', 'sidecar']) expect(tally.confidence(container)).toEqual(confidenceOfSeries(all, container));
    expect(tally.confidence('app')!.hottestPod).toBe('kafka-0');
    expect(tally.confidence('sidecar')!.pods).toBe(2);
    expect(tally.confidence('init')).toBeNull();
  });
});

describe('RowConfidenceTally', () => {
  it("counts a pod's series that come together as one pod, a pod that comes back apart by its highest part", () => {
    const tally = new RowConfidenceTally();
    const bytes = (mib: number[]) => mib.map((m) => m * MiB);
    tally.add('db-0', bytes([10, 10, 10, 10]), 0, 900);
    tally.add('db-0', bytes([10, 10, 10, 90]), 1200, 2100); // a restart: a second series of the same pod
    tally.add('db-1', bytes([20, 20]), 0, 300);
    tally.add('db-0', bytes([50]), 2400, 2400); // apart: its own part
    const c = tally.finish(20)!;
    expect(c.pods).toBe(2);
    expect(c.hottestPod).toBe('db-0');
    // together, db-0's first eight samples' p90 is 90; its later part alone is 50
    expect(c.hottestP90Mi).toBe(90);
    expect(c.spanSeconds).toBe(2400);
    expect(c.samples).toBe(11);
  });

  it('names, of pods as hot as each other, the first by name whatever order they came in', () => {
    const tally = new RowConfidenceTally();
    tally.add('web-b', [10 * MiB], 0, 0);
    tally.add('web-a', [10 * MiB], 0, 0);
    expect(tally.finish(10)!.hottestPod).toBe('web-a');
  });
});

describe('SnapshotPool', () => {
  it('gives each row its figures beside its p90, from the same pass', () => {
    const pool = new SnapshotPool();
    const metric = (pod: string) => ({ namespace: 'shop', pod, container: 'app' });
    pool.add({ metric: metric('web-6d4f9c8b7-x2k9p'), values: [100 * MiB, 101 * MiB], first: 0, last: 300 });
    pool.add({ metric: metric('web-6d4f9c8b7-b7q2m'), values: [100 * MiB, 500 * MiB], first: 600, last: 900 });
    const { rows, confidence } = pool.rows();
    expect(rows).toEqual({ shop_web_app: '500Mi' });
    expect(confidence.shop_web_app).toMatchObject({ pods: 2, spanSeconds: 900, samples: 4, p90Mi: 500, maxMi: 500, hottestP90Mi: 500 });
  });
});
