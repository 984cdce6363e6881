import { describe, expect, it } from 'vitest';
import {
  evictionOf,
  firstAtOne,
  increases,
  lastTerminations,
  mergeMarks,
  oomKillsFromRestarts,
  secondsNearLimit,
  terminationsOf,
  type TerminationMark,
} from './terminations';

const oomStatus = {
  phase: 'Running',
  containerStatuses: [
    {
      name: 'app',
      restartCount: 3,
      lastState: { terminated: { reason: 'OOMKilled', exitCode: 137, finishedAt: '2026-12-01T10:00:00Z' } },
      state: {},
    },
    { name: 'sidecar', restartCount: 0, state: {} },
  ],
};

describe('terminationsOf', () => {
  it("reads each container's last termination with its restart count", () => {
    expect(terminationsOf(oomStatus)).toEqual([
      { container: 'app', reason: 'OOMKilled', exitCode: 137, at: '2026-12-01T10:00:00.000Z', restartCount: 3 },
    ]);
  });
  it('reads a current terminated state (a pod that does not restart) and init containers', () => {
    const status = {
      initContainerStatuses: [
        { name: 'init', state: { terminated: { reason: 'Completed', exitCode: 0, finishedAt: '2026-12-01T09:00:00Z' } } },
      ],
      containerStatuses: [
        { name: 'job', restartCount: 0, state: { terminated: { reason: 'OOMKilled', finishedAt: '2026-12-01T09:30:00Z' } } },
      ],
    };
    expect(terminationsOf(status).map((t) => `${t.container}:${t.reason}:${t.exitCode}`)).toEqual([
      'init:Completed:0',
      'job:OOMKilled:null',
    ]);
  });
  it('leaves out a termination without a time, and copes with no status', () => {
    expect(terminationsOf({ containerStatuses: [{ name: 'x', lastState: { terminated: { reason: 'OOMKilled' } } }] })).toEqual([]);
    expect(terminationsOf(undefined)).toEqual([]);
    expect(terminationsOf({ containerStatuses: null })).toEqual([]);
  });
});

describe('lastTerminations', () => {
  it('keeps the newest of each container, OOMKilled when two end at once', () => {
    const status = {
      containerStatuses: [
        {
          name: 'app',
          restartCount: 1,
          lastState: { terminated: { reason: 'OOMKilled', finishedAt: '2026-12-01T10:00:00Z' } },
          state: { terminated: { reason: 'Error', finishedAt: '2026-12-01T10:00:00Z' } },
        },
      ],
    };
    expect(lastTerminations(status).get('app')?.reason).toBe('OOMKilled');
  });
});

describe('evictionOf', () => {
  it('reads an evicted pod: its message, dated by its containers’ end', () => {
    const status = {
      phase: 'Failed',
      reason: 'Evicted',
      message: 'The node was low on resource: memory. ',
      containerStatuses: [{ name: 'w', state: { terminated: { reason: 'Error', finishedAt: '2026-12-02T08:00:00Z' } } }],
    };
    expect(evictionOf(status, '2026-12-02T09:00:00.000Z')).toEqual({
      message: 'The node was low on resource: memory.',
      at: '2026-12-02T08:00:00.000Z',
    });
  });
  it('dates it when seen without an end, says when the kubelet gave no message, and is null otherwise', () => {
    expect(evictionOf({ reason: 'Evicted' }, '2026-12-02T09:00:00.000Z')).toEqual({
      message: 'The kubelet gave no message.',
      at: '2026-12-02T09:00:00.000Z',
    });
    expect(evictionOf({ phase: 'Failed', reason: 'DeadlineExceeded' }, null)).toBeNull();
    expect(evictionOf(undefined, null)).toBeNull();
  });
});

describe('the Prometheus series', () => {
  it('finds the rises of a counter, not its resets', () => {
    expect(
      increases([
        [0, 0],
        [300, 1],
        [600, 1],
        [900, 3],
        [1200, 0],
        [1500, 0],
      ]),
    ).toEqual([300, 900]);
  });
  it('keeps the restarts whose last termination reason is OOMKilled then', () => {
    const restarts = [
      [0, 0],
      [300, 1],
      [600, 2],
      [900, 3],
    ] as const;
    const oom = [
      [300, 1],
      [600, 0],
      [900, 1],
    ] as const;
    expect(oomKillsFromRestarts(restarts, oom)).toEqual([300, 900]);
    expect(oomKillsFromRestarts(restarts, [])).toEqual([]);
  });
  it('finds the first time a status reason is 1', () => {
    expect(
      firstAtOne([
        [0, 0],
        [300, 1],
        [600, 1],
      ]),
    ).toBe(300);
    expect(firstAtOne([[0, 0]])).toBeNull();
  });
});

describe('mergeMarks', () => {
  const mark = (t: number, source: TerminationMark['source'], pod = 'web-1'): TerminationMark => ({
    kind: 'oom-kill',
    pod,
    container: 'app',
    t,
    source,
  });
  it('keeps one of the same event seen by two sources, the first source’s, oldest first', () => {
    const merged = mergeMarks([[mark(1000, 'recorder')], [mark(1200, 'kube-state-metrics'), mark(100, 'kube-state-metrics')]], 600);
    expect(merged.map((m) => `${m.t}:${m.source}`)).toEqual(['100:kube-state-metrics', '1000:recorder']);
  });
  it('keeps events of other pods, containers or kinds apart', () => {
    const eviction: TerminationMark = { ...mark(1000, 'recorder'), kind: 'eviction', container: null };
    expect(mergeMarks([[mark(1000, 'recorder')], [mark(1000, 'cadvisor', 'web-2'), eviction]], 600)).toHaveLength(3);
  });
});

describe('secondsNearLimit', () => {
  it('counts the steps at which any pod was within 10 % of the limit', () => {
    const series = [
      {
        values: [
          [0, 95],
          [300, 50],
          [600, 90],
        ] as const,
      },
      {
        values: [
          [0, 99],
          [300, 91],
        ] as const,
      },
    ];
    expect(secondsNearLimit(series, 100, 300)).toBe(900);
    expect(secondsNearLimit(series, null, 300)).toBeNull();
    expect(secondsNearLimit([], 100, 300)).toBe(0);
  });
});
