import { describe, expect, it } from 'vitest';
import {
  MiBCounts,
  SnapshotPool,
  asTableConfigMap,
  p90Mi,
  p90OfCounts,
  snapshotGuard,
  snapshotReadsPodAs,
  workloadFromPodName,
  type SnapshotSeries,
} from './snapshot';

const Mi = 1024 * 1024;
const series = (namespace: string, pod: string, container: string, values: number[]): SnapshotSeries => ({
  metric: { namespace, pod, container },
  values,
});

describe('workloadFromPodName (the job’s rule for past pods)', () => {
  it.each([
    ['web-7bbd6f65c4-l25rq', 'web'], // a ReplicaSet's pod
    ['web-6b9f7c4d8-x7x2b', 'web'], // a rolled-away ReplicaSet's pod
    ['nightly-report-29420895-x7x2b', 'nightly-report'], // a CronJob run
    ['migrate-42-zq4kt', 'migrate'], // a <job>-<build> Job
    ['etl-v2-17-qwz4k', 'etl-v2'], // a Jenkins build agent
    ['redis-0', 'redis'],
    ['pg-main-12', 'pg-main'],
    ['node-exporter-5xb2k', 'node-exporter'],
    ['debug-shell', null],
    ['web-7bbd6f65c4-L25RQ', null], // not the safe alphabet
    ['web-abcdef-l25rq', 'web-abcdef'], // read as a DaemonSet's pod
    ['', null],
  ])('%s → %s', (pod, workload) => expect(workloadFromPodName(pod)).toBe(workload));

  it('reads odd names as Python’s re does: $ before a final newline, . across \\r', () => {
    expect(workloadFromPodName('redis-0\n')).toBe('redis');
    expect(workloadFromPodName('redis-0\n\n')).toBeNull();
    expect(workloadFromPodName('re\rdis-0')).toBe('re\rdis');
    expect(workloadFromPodName('re\ndis-0')).toBeNull();
  });
});

describe('the p90', () => {
  it('is the nearest-rank p90 in whole MiB, rounded up', () => {
    expect(p90Mi(Array.from({ length: 10 }, (_, i) => (i + 1) * 100 * Mi))).toBe(900);
    expect(p90Mi([100.2 * Mi])).toBe(101);
    expect(p90Mi([])).toBeNull();
    // 11 samples: rank ceil(9.9) = 10
    expect(p90Mi(Array.from({ length: 11 }, (_, i) => (i + 1) * Mi))).toBe(10);
    // one byte over a MiB is the next MiB
    expect(p90Mi([Mi + 1])).toBe(2);
    expect(p90Mi([0])).toBe(0);
  });

  it('selects by weight over distinct values, in any order', () => {
    // 3 × 5, 6 × 1, 1 × 9 → 10 samples, rank 9: sorted 1 1 1 1 1 1 5 5 5 9 → 5
    expect(
      p90OfCounts(
        new Map([
          [9, 1],
          [5, 3],
          [1, 6],
        ]),
      ),
    ).toBe(5);
    // 20 samples, rank 18: 17 × 2 then 3 × 7 → 7
    expect(
      p90OfCounts(
        new Map([
          [7, 3],
          [2, 17],
        ]),
      ),
    ).toBe(7);
    expect(
      p90OfCounts(
        new Map([
          [7, 2],
          [2, 18],
        ]),
      ),
    ).toBe(2);
    expect(p90OfCounts(new Map())).toBeNull();
  });
});

describe('SnapshotPool', () => {
  it('pools every pod of a workload per container, skips pods without one, and sorts the rows', () => {
    const pool = new SnapshotPool();
    // web/app: ten samples over two ReplicaSet generations; sorted 100…800, 850 Mi + 1 B, 1000 → rank 9 → 851
    pool.add(
      series(
        'shop',
        'web-6b9f7c4d8-x7x2b',
        'app',
        [100, 200, 300, 400, 500].map((m) => m * Mi),
      ),
    );
    pool.add(series('shop', 'web-7bbd6f65c4-l25rq', 'app', [600 * Mi, 700 * Mi, 800 * Mi, 850 * Mi + 1, 1000 * Mi]));
    pool.add(series('shop', 'web-7bbd6f65c4-l25rq', 'nginx', [20 * Mi]));
    // three CronJob runs: 30, 40, 50 → rank 3 → 50
    pool.add(series('batch', 'nightly-report-29420895-x7x2b', 'report', [30 * Mi]));
    pool.add(series('batch', 'nightly-report-29422335-b2c4d', 'report', [40 * Mi]));
    pool.add(series('batch', 'nightly-report-29423775-zz9kq', 'report', [50 * Mi - 1]));
    // an init container is a container like any other
    pool.add(series('shop', 'redis-0', 'init-perms', [5 * Mi + 7]));
    expect(pool.add(series('shop', 'debug-shell', 'sh', [999 * Mi]))).toBeNull();
    const { rows, crash } = pool.rows();
    expect(crash).toBeNull();
    expect(rows).toEqual({
      'batch_nightly-report_report': '50Mi',
      'shop_redis_init-perms': '6Mi',
      shop_web_app: '851Mi',
      shop_web_nginx: '20Mi',
    });
    expect(Object.keys(rows)).toEqual(['batch_nightly-report_report', 'shop_redis_init-perms', 'shop_web_app', 'shop_web_nginx']);
    expect(pool.series).toBe(7);
    expect(pool.samples).toBe(15);
  });

  it('names where the job would crash instead of writing', () => {
    const noNamespace = new SnapshotPool();
    noNamespace.add({ metric: { pod: 'redis-0', container: 'redis' }, values: [Mi] });
    expect(noNamespace.rows().crash?.reason).toMatch(/no namespace label/);

    const infinite = new SnapshotPool();
    infinite.add(series('shop', 'redis-0', 'redis', [Infinity]));
    expect(infinite.rows().crash?.reason).toMatch(/\+Inf/);

    const nan = new SnapshotPool();
    nan.add(series('shop', 'redis-0', 'redis', [NaN, Mi]));
    expect(nan.rows().crash?.row).toBe('shop_redis_redis');

    // an infinite sample away from the p90's rank does not matter to the job
    const fine = new SnapshotPool();
    fine.add(series('shop', 'redis-0', 'redis', [...Array.from({ length: 19 }, () => Mi), Infinity]));
    expect(fine.rows()).toMatchObject({ rows: { shop_redis_redis: '1Mi' }, crash: null });
  });

  it('gives the same rows, figures and crash with rows settled as their batches end', () => {
    const batches = [
      [series('shop', 'web-7bbd6f65c4-l25rq', 'app', [600 * Mi, 700 * Mi]), series('shop', 'web-6b9f7c4d8-x7x2b', 'app', [100 * Mi])],
      [series('shop', 'redis-0', 'redis', [Infinity]), series('batch', 'nightly-report-29420895-x7x2b', 'report', [30 * Mi])],
      [series('payments', 'api-7bbd6f65c4-l25rq', 'api', [-Infinity]), series('shop', 'cache-1', 'redis', [Infinity])],
    ];
    const whole = new SnapshotPool();
    const settled = new SnapshotPool();
    for (const batch of batches) {
      for (const s of batch) whole.add(s);
      settled.settle(batch.map((s) => settled.add(s)!));
    }
    const expected = whole.rows();
    expect(settled.rows()).toEqual(expected);
    // the crash named is the first row in key order, whichever batch settled it first
    expect(expected.crash?.row).toBe('payments_api_api');
    expect(Object.keys(expected.rows)).toEqual(['batch_nightly-report_report', 'shop_web_app']);
  });

  it('refuses a series of a row already settled: its p90 would have been taken without it', () => {
    const pool = new SnapshotPool();
    pool.settle([pool.add(series('shop', 'redis-0', 'redis', [Mi]))!]);
    expect(() => pool.add(series('shop', 'redis-1', 'redis', [Mi]))).toThrow(/shop_redis_redis was settled/);
  });
});

describe('snapshotGuard', () => {
  const name = 'kyverno-prd/memory-requests';
  const table = { a_b_c: '1Mi', a_b_d: '2Mi', a_e_f: '3Mi', a_g_h: 'junk', a_i_j: '5Mi' };

  it('never writes no rows', () => {
    expect(snapshotGuard({}, table, name)).toEqual({
      verdict: 'never-written',
      logLine: `table ${name} left as it is: Prometheus returned no rows`,
      overridable: false,
    });
    expect(snapshotGuard({}, null, name).verdict).toBe('never-written');
  });

  it('refuses fewer than half the rows the table holds, malformed rows counted', () => {
    expect(snapshotGuard({ a_b_c: '1Mi', a_b_d: '2Mi' }, table, name)).toEqual({
      verdict: 'refused',
      logLine: `table ${name} left as it is: 2 rows is fewer than half of the 5 rows the table holds`,
      overridable: true,
    });
  });

  it('writes half or more, counting new and gone as the job logs them', () => {
    expect(snapshotGuard({ a_b_c: '9Mi', a_b_d: '2Mi', x_y_z: '1Mi' }, table, name)).toEqual({
      verdict: 'written',
      logLine: `table ${name}: 3 rows, 1 new, 3 gone`,
      overridable: false,
    });
    expect(snapshotGuard({ x_y_z: '1Mi' }, null, name).logLine).toBe(`table ${name}: 1 rows, 1 new, 0 gone`);
  });
});

describe('asTableConfigMap', () => {
  it('is a saved table whose {data} the restore takes', () => {
    const file = asTableConfigMap({ a_b_c: '1Mi' }, 'kyverno-prd', 'memory-requests');
    expect(file).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'memory-requests', namespace: 'kyverno-prd' },
      data: { a_b_c: '1Mi' },
    });
  });
});

describe('snapshotReadsPodAs (where the job’s name rule and the policy’s owner rule part)', () => {
  it('is silent when both give the same workload', () => {
    expect(snapshotReadsPodAs({ name: 'web-7bbd6f65c4-l25rq', namespace: 'shop' }, 'web', 'app')).toBeNull();
  });
  it('names the key the job writes instead, or that it writes none', () => {
    expect(snapshotReadsPodAs({ name: 'etl-v2-117-k3j2h-7gqpl', namespace: 'jenkins-prd' }, 'etl-v2', 'jnlp')).toMatch(
      /as jenkins-prd_etl-v2-117-k3j2h_jnlp, so jenkins-prd_etl-v2_jnlp never comes/,
    );
    expect(snapshotReadsPodAs({ name: 'debug-shell', namespace: 'shop' }, 'debug', 'sh')).toMatch(/no name it recognises/);
  });
});

describe('MiBCounts', () => {
  it('counts each whole MiB, whichever way the range grows, and the infinite ones aside', () => {
    const counts = new MiBCounts();
    const values = [300, 301, 300, 10, 5000, 299, -0, 2_000_000, Infinity, -Infinity, 300];
    for (const v of values) counts.add(v);
    expect(Object.fromEntries([...counts.counts()].sort((a, b) => a[0] - b[0]))).toEqual({
      [-Infinity]: 1,
      0: 1,
      10: 1,
      299: 1,
      300: 3,
      301: 1,
      5000: 1,
      2000000: 1,
      [Infinity]: 1,
    });
  });

  it('adds another tally whole, as if each of its samples were added, dense, wide or infinite', () => {
    const pods = [
      [300, 301, 300, 10],
      [5000, 299, 300, Infinity],
      [2_000_000, 300, -Infinity, 10],
    ];
    const row = new MiBCounts();
    for (const samples of pods) {
      const pod = new MiBCounts();
      for (const v of samples) pod.add(v);
      row.addAll(pod);
    }
    const expected = new Map<number, number>();
    for (const v of pods.flat()) expected.set(v, (expected.get(v) ?? 0) + 1);
    expect(new Map([...row.counts()].sort((a, b) => a[0] - b[0]))).toEqual(new Map([...expected].sort((a, b) => a[0] - b[0])));
  });
});
