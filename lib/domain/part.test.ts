import { describe, expect, it } from 'vitest';
import { flatPartOf, partFailed, partOfFlat, partOk } from './part';

describe('the flat JSON of a part (the charts route answers it)', () => {
  it('puts the value beside ok, and a failure as its problem', () => {
    expect(flatPartOf(partOk({ start: 1, charts: [] }))).toEqual({ ok: true, start: 1, charts: [] });
    expect(flatPartOf(partFailed('unreachable', 'Prometheus cannot be reached'))).toEqual({
      ok: false,
      problem: 'Prometheus cannot be reached',
    });
  });

  it('reads back to the part, the problem as its message', () => {
    expect(partOfFlat({ ok: true, start: 1, charts: [] })).toEqual({ ok: true, value: { start: 1, charts: [] } });
    expect(partOfFlat({ ok: false, problem: 'Prometheus is down' })).toEqual({
      ok: false,
      error: { code: 'cluster-error', message: 'Prometheus is down' },
    });
  });
});
