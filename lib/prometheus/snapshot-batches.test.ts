import { describe, expect, it } from 'vitest';
import { planBatches, promString, regexLiteral, type SeriesCensus } from './snapshot-batches';

const census = (entries: Array<[string | null, Record<string, number>]>): SeriesCensus => ({
  series: entries.reduce((n, [, w]) => n + Object.values(w).reduce((a, b) => a + b, 0), 0),
  namespaces: new Map(entries.map(([ns, w]) => [ns, new Map(Object.entries(w))])),
});

describe('planBatches', () => {
  it('packs small namespaces together and cuts a large one along its workloads', () => {
    const batches = planBatches(
      census([
        ['a', { x: 3 }],
        ['b', { y: 4 }],
        ['big', { web: 6, 'web-admin': 5, api: 2 }],
        ['c', { z: 9 }],
      ]),
      10,
    );
    expect(batches.map((b) => [b.matchers, b.series, b.workloads])).toEqual([
      [['namespace="big"', 'pod=~"(?:api|web)-[\\\\s\\\\S]+"'], 8, 2],
      [['namespace="big"', 'pod=~"(?:web-admin)-[\\\\s\\\\S]+"'], 5, 1],
      [['namespace=~"a|b"'], 7, 2],
      [['namespace="c"'], 9, 1],
    ]);
    // web's pod regex also matches web-admin's pods: only the batch owning the workload takes them
    const [web, admin] = batches;
    expect(web!.accepts({ namespace: 'big', pod: 'web-admin-7bbd6f65c4-l25rq' })).toBe(false);
    expect(admin!.accepts({ namespace: 'big', pod: 'web-admin-7bbd6f65c4-l25rq' })).toBe(true);
    expect(web!.accepts({ namespace: 'big', pod: 'web-7bbd6f65c4-l25rq' })).toBe(true);
  });

  it('reads series without a namespace label on their own (the job stops on them)', () => {
    const [batch] = planBatches(census([[null, { redis: 1 }]]));
    expect(batch!.matchers).toEqual(['namespace=""', 'pod=~"(?:redis)-[\\\\s\\\\S]+"']);
    expect(batch!.accepts({ pod: 'redis-0' })).toBe(true);
    expect(batch!.accepts({ namespace: 'a', pod: 'redis-0' })).toBe(false);
  });

  it('quotes names for RE2 and PromQL', () => {
    expect(regexLiteral('a.b+c')).toBe('a\\.b\\+c');
    expect(promString('x"y\\z\n')).toBe('"x\\"y\\\\z\\n"');
  });
});
