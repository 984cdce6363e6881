import { describe, expect, it } from 'vitest';
import { keptParts, keptSoak, sideBySide, soakSection, twoClustersSection } from './page.ts';
import type { SoakResult } from './soak/report.ts';
import type { Row, Run } from './table.ts';

const explain = (value: number, ratio: number, pass: boolean): Row => ({
  benchmark: 'explain.ts',
  figure: 'explanation, median vs kubectl + jq',
  value,
  unit: 'ms',
  anchor: { name: 'kubectl + jq', value: value * ratio, unit: 'ms' },
  ratio,
  target: '≥ 10× faster',
  pass,
});
const rss: Row = {
  benchmark: 'load.ts',
  figure: 'server RSS after the load',
  value: 281,
  unit: 'MB',
  anchor: { name: 'target', value: 400, unit: 'MB' },
  ratio: null,
  target: '≤ 400 MB',
  pass: true,
};
const run = (scale: number, figures: Row[]): Run => ({
  at: `2026-12-0${scale / 10_000}T07:00:00.000Z`,
  scale,
  machine: { cpus: 2, node: 'v24.21.0', loadAverageBefore: [1, 1, 1], loadAverageAfter: [2, 2, 2] },
  figures,
});

describe('the runs side by side', () => {
  const table = sideBySide([run(20_000, [explain(12, 26.4, true), rss]), run(50_000, [explain(40, 8, false)])]);
  const lines = table.split('\n');

  it('has a column per scale and a line per figure, its target beside it', () => {
    expect(lines[2]).toBe('| benchmark | figure | target | at 20,000 pods | at 50,000 pods |');
    expect(lines).toContain(
      '| bench/explain.ts | explanation, median vs kubectl + jq | ≥ 10× faster | 12.0 ms (kubectl + jq: 317 ms), 26.4×, pass | 40.0 ms (kubectl + jq: 320 ms), 8.0×, FAIL |',
    );
  });

  it('shows a dash where a run did not report the figure, and no anchor where the anchor is the target', () => {
    expect(lines).toContain('| bench/load.ts | server RSS after the load | ≤ 400 MB | 281 MB, pass | — |');
  });

  it('says when and how loaded each run was', () => {
    expect(lines[0]).toBe(
      'Runs: `--scale 20000`: 2026-12-02T07:00:00.000Z, load average 1.0 1.0 1.0 before; `--scale 50000`: 2026-12-05T07:00:00.000Z, load average 1.0 1.0 1.0 before.',
    );
  });
});

describe('the soak section', () => {
  const soak: SoakResult = {
    at: '2026-12-05T10:00:00.000Z',
    minutes: 20,
    clients: 50,
    churnPerSecond: 20,
    scale: 20_000,
    pods: { created: 24_000, deleted: 23_800, failedCalls: 40 },
    firstSyncSeconds: 12,
    faults: [
      { fault: 'API server restarted (1 of 2)', at: '', awaySeconds: 9, secondsToSync: 4.2, differing: [], relists: 0, error: null },
    ],
    atTheEnd: { secondsToSync: 1, differing: [] },
    versions: { written: 10, recorded: 10, sameOrder: true, sameOrderInForce: true, firstDifference: null },
    sequences: { written: [], recorded: [] },
    writes: [],
    audit: { snapshotRunsMade: 3, recordedSuccess: 2, recordedOther: 0 },
    readsPerMinute: [
      { minute: 0, reads: 900, podPageP95Ms: 120, explanationP95Ms: 80, errors: 0, outage: null },
      { minute: 3, reads: 400, podPageP95Ms: 2400, explanationP95Ms: 900, errors: 30, outage: 'API server restarted (1 of 2)' },
    ],
    errors: {
      clear503DuringApiOutage: 30,
      otherDuringApiOutage: 0,
      duringOtherFaults: 0,
      outsideFaults: 0,
      statuses: { '503': 30 },
      said: {},
    },
    replicasPerMinute: [],
    rssDriftPercent: { 'replica-1': 4.5 },
    loopDelayP99MsMax: 42,
    unhandled: [],
  };
  const lines = soakSection(soak).split('\n');

  it('holds each figure to its target: a minute with an outage is not held to the p95', () => {
    expect(lines).toContain('| pod page and explanation p95, worst minute without an outage | 120 ms | ≤ 200 ms | pass |');
    expect(lines).toContain('| audit records / snapshot runs made | 2 / 3 | equal | FAIL |');
    expect(lines).toContain('| table versions recorded / contents written, in order | 10 / 10, same order | equal, same order | pass |');
    expect(lines).toContain('| seconds until every cache agreed again, slowest fault | 4.2 | shown | pass |');
  });

  it('says which soak it is', () => {
    expect(lines[0]).toBe(
      'The latest soak: 2026-12-05T10:00:00.000Z, 20 min at `--scale 20000`, 50 clients, 20 pods a second created and deleted.',
    );
  });

  it('says the pace of its readers and how busy the machine was, when the soak recorded them', () => {
    const paced = soakSection({
      ...soak,
      paceSeconds: 2,
      cpu: {
        cores: 2,
        seconds: 1200,
        busyShare: 0.874,
        top: [
          { name: 'next-server (v1', seconds: 900 },
          { name: 'kube-apiserver', seconds: 400 },
        ],
      },
    }).split('\n');
    expect(paced[0]).toContain('50 clients each reading every 2 s, 20 pods a second');
    expect(paced.at(-1)).toBe(
      "The machine's 2 cores were 87 % busy over the run; CPU seconds by process: next-server (v1 900, kube-apiserver 400.",
    );
  });

  it('is kept from the page as it stands when data/bench/ holds no soak (a new clone or machine)', () => {
    const previous = `| figure | at 20,000 pods |\n| --- | --- |\n| explanation | 12 ms |\n\n${soakSection(soak)}`;
    expect(keptSoak(previous)).toBe(soakSection(soak));
    expect(keptSoak('No `npm run soak` has run yet.')).toBeNull();
  });
});

describe('the two clusters section', () => {
  const rssOfTwo: Row = {
    benchmark: 'clusters.ts',
    figure: 'server RSS after the load, two clusters of 10,000 pods each (as it ends)',
    value: 241,
    unit: 'MB',
    anchor: { name: 'target', value: 300, unit: 'MB' },
    ratio: null,
    target: '≤ 300 MB',
    pass: true,
  };
  const two: Run = { ...run(10_000, [rssOfTwo]), clusters: 2 };
  const section = twoClustersSection(two);
  const lines = section.split('\n');

  it('says when, at what scale each cluster was and how loaded the machine was, then the figures', () => {
    expect(lines[0]).toBe(
      'Two clusters (`npm run bench -- --clusters 2`): 2026-12-01T07:00:00.000Z, `--scale 10000` in each; 2 CPUs, Node v24.21.0, load average 1.0 1.0 1.0 before and 2.0 2.0 2.0 after.',
    );
    expect(lines).toContain(
      '| bench/clusters.ts | server RSS after the load, two clusters of 10,000 pods each (as it ends) | 241 MB | target: 300 MB |  | ≤ 300 MB | pass |',
    );
  });

  it('keeps each part of the page as it stands when data/bench/ holds no run of it (a new clone or machine)', () => {
    const scales = sideBySide([run(20_000, [explain(12, 26.4, true)])]);
    const soak = 'The latest soak: 2026-12-05T10:00:00.000Z, 20 min at `--scale 20000`, 50 clients.\n\n| figure | value |';
    expect(keptParts(`${scales}\n\n${section}\n\n${soak}`)).toEqual({ scales, twoClusters: section, soak });
    // the page before any run of two clusters
    expect(keptParts(`${scales}\n\nNo run at \`--scale 50000\` yet.\n\n${soak}`)).toEqual({
      scales: `${scales}\n\nNo run at \`--scale 50000\` yet.`,
      twoClusters: null,
      soak,
    });
    expect(keptParts('No `npm run bench` has written this section yet.\n\nNo `npm run soak` has run yet.')).toEqual({
      scales: null,
      twoClusters: null,
      soak: null,
    });
  });
});
