import { describe, expect, it } from 'vitest';
import { configMaps, copy, namespaceLabels, pods, webhookEntry } from './__fixtures__/fixtures';
import { lastWriteOf, parseTable } from './table';
import type { PodShape } from './types';
import { explainPod, type ContainerExplanation, type ExplainInput, type HistoryAtCreation, type RegistrationState } from './verdict';

// Verdicts with the history store's view of the pod's creation (redis-0 was created 2026-09-20T14:41:05Z with
// request 1536Mi; today's row cache_redis_redis is 2048Mi).

const NOW = new Date('2026-10-06T12:00:00Z');
const PRESENT: RegistrationState = { present: true, entry: webhookEntry, absentSince: null };
const table = { parsed: parseTable(configMaps.table.data), lastWriteAt: lastWriteOf(configMaps.table) };

function history(data: Record<string, string> | null, more: Partial<HistoryAtCreation> = {}): HistoryAtCreation {
  return {
    table: { parsed: parseTable(data), inForceFrom: '2026-09-06T02:15:40Z', source: 'watch', label: null },
    tableRecordedSince: '2026-09-01T00:00:00Z',
    registration: { state: 'present' },
    ...more,
  };
}

function container(pod: PodShape, name: string, changes: Partial<ExplainInput>): ContainerExplanation {
  const explained = explainPod({
    pod,
    namespaceLabels: namespaceLabels(pod.metadata.namespace),
    table,
    registration: PRESENT,
    now: NOW,
    ...changes,
  });
  const found = explained.containers.find((c) => c.name === name);
  if (!found) throw new Error(`no container ${name}`);
  return found;
}

describe('stale, judged against the row in force at creation', () => {
  it('is stale with the old row as evidence when the request is that row', () => {
    const redis = container(pods.statefulSet, 'redis', { history: history({ cache_redis_redis: '1536Mi' }) });
    expect(redis.verdict).toBe('stale');
    expect(redis.reason).toContain(
      'it is the row in force when the pod was created (1536Mi, recorded, in force from 2026-09-06T02:15:40Z)',
    );
    expect(redis.evidence).toContain(
      "Row cache_redis_redis in the table in force at the pod's creation (recorded, in force from 2026-09-06T02:15:40Z): 1536Mi.",
    );
  });

  it("is unexplained when the request is neither today's row nor the row then", () => {
    const redis = container(pods.statefulSet, 'redis', { history: history({ cache_redis_redis: '1024Mi' }) });
    expect(redis.verdict).toBe('unexplained');
    expect(redis.reason).toContain('from row cache_redis_redis in force when the pod was created (1024Mi');
  });

  it('is no-row when the table then had no row for the container', () => {
    expect(container(pods.statefulSet, 'redis', { history: history({ other_x_y: '1Mi' }) }).verdict).toBe('no-row');
  });

  it('is stale when the row is gone today but the pod got the row then', () => {
    const withoutRedis = { ...table, parsed: parseTable({ other_x_y: '1Mi' }) };
    const redis = container(pods.statefulSet, 'redis', { table: withoutRedis, history: history({ cache_redis_redis: '1536Mi' }) });
    expect(redis.verdict).toBe('stale');
  });

  it("keeps set when the request is today's row", () => {
    expect(container(pods.deployment, 'app', { history: history({ shop_web_app: '100Mi' }) }).verdict).toBe('set');
  });
});

describe('no-table, judged at creation', () => {
  it('is no-table when the table in force then had no data, though it has data now', () => {
    const redis = container(pods.statefulSet, 'redis', { history: history(null) });
    expect(redis.verdict).toBe('no-table');
    expect(redis.reason).toContain('had no data');
  });

  it('judges against the row then when the table has no data now but had then', () => {
    const empty = { parsed: parseTable(null), lastWriteAt: table.lastWriteAt };
    expect(container(pods.statefulSet, 'redis', { table: empty, history: history({ cache_redis_redis: '1536Mi' }) }).verdict).toBe('stale');
    expect(container(pods.statefulSet, 'redis', { table: empty }).verdict).toBe('no-table');
  });
});

describe('registration-absent, from a recorded gap', () => {
  const gap = { from: '2026-09-20T14:00:00Z', since: '2026-09-20T14:00:00Z', to: '2026-09-20T15:00:00Z' };

  it('is claimed for a pod created inside a recorded gap, though the registration is back', () => {
    const redis = container(pods.statefulSet, 'redis', {
      history: history({ cache_redis_redis: '1536Mi' }, { registration: { state: 'absent', gap } }),
    });
    expect(redis.verdict).toBe('registration-absent');
    expect(redis.reason).toContain(
      'inside a recorded gap of the registration (absent from 2026-09-20T14:00:00Z until 2026-09-20T15:00:00Z)',
    );
  });

  it('is not claimed while memdash was not watching; the limits say so', () => {
    const input = { history: history({ cache_redis_redis: '1536Mi' }, { registration: { state: 'maybe-absent' as const, gap } }) };
    expect(container(pods.statefulSet, 'redis', input).verdict).toBe('stale');
    const { limits } = explainPod({ pod: pods.statefulSet, namespaceLabels: {}, table, registration: PRESENT, now: NOW, ...input });
    expect(limits.join(' ')).toContain('while memdash was not watching');
  });
});

describe('where history does not reach back', () => {
  it('falls back to the last write, and says so', () => {
    const input: Partial<ExplainInput> = {
      history: {
        table: null,
        tableRecordedSince: '2026-10-01T00:00:00Z',
        registration: { state: 'before-history', firstRecorded: '2026-10-01T00:00:00Z' },
      },
    };
    expect(container(pods.statefulSet, 'redis', input).verdict).toBe('stale');
    const { limits } = explainPod({ pod: copy(pods.statefulSet), namespaceLabels: {}, table, registration: PRESENT, now: NOW, ...input });
    expect(limits[0]).toBe(
      "The table's history does not reach back to the pod's creation (it begins at 2026-10-01T00:00:00Z): stale is judged from the table's last write only.",
    );
    expect(limits[1]).toContain("The registration's history does not reach back");
  });

  it('drops the limits history answers', () => {
    const { limits } = explainPod({
      pod: pods.statefulSet,
      namespaceLabels: {},
      table,
      registration: PRESENT,
      now: NOW,
      history: history({}),
    });
    expect(limits.join(' ')).not.toMatch(/does not reach back|without the table's history/);
  });
});
