import { describe, expect } from 'vitest';
import type { RowConfidence } from '@/lib/domain';
import { it } from './__fixtures__/store';
import { keepRowConfidence, readRowConfidence } from './row-confidence';

// The latest preview's figures per row, on a real store (SQLite here, PostgreSQL in the postgres group).

const figures = (pods: number, maxMi: number): RowConfidence => ({
  pods,
  spanSeconds: 4 * 86_400 + 300,
  samples: 1153,
  p90Mi: 100,
  hottestPod: 'kafka-0',
  hottestP90Mi: 160,
  maxMi,
});

describe('row confidence', () => {
  it('says no preview has measured a row before one is kept', async ({ db }) => {
    expect(await readRowConfidence(db)).toEqual({ computedAt: null, rows: new Map() });
  });

  it("keeps one preview's figures whole, each preview replacing the last", async ({ db }) => {
    // more rows than one insert takes
    const first = Object.fromEntries(Array.from({ length: 1203 }, (_, i) => [`shop_w${i}_app`, figures(i + 1, 300)]));
    await keepRowConfidence(db, first, '2026-12-04T22:00:00.000Z');
    const kept = await readRowConfidence(db);
    expect(kept.computedAt).toBe('2026-12-04T22:00:00.000Z');
    expect(kept.rows.size).toBe(1203);
    expect(kept.rows.get('shop_w1202_app')).toEqual(figures(1203, 300));

    await keepRowConfidence(db, { shop_kafka_broker: figures(12, 130) }, '2026-12-04T23:00:00.000Z');
    const next = await readRowConfidence(db);
    expect(next.computedAt).toBe('2026-12-04T23:00:00.000Z');
    expect([...next.rows.entries()]).toEqual([['shop_kafka_broker', figures(12, 130)]]);
  });
});
