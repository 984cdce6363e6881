import { describe, expect, it } from 'vitest';
import { isDrifted, sentToKyverno } from './drift';

const Mi = 1024 * 1024;

describe('drift: a request that is not what today’s row gives', () => {
  it('is the request beside a different row', () => {
    expect(isDrifted({ request: 850 * Mi, limit: null, row: 900 * Mi, verdict: 'stale' })).toBe(true);
  });

  it('is none when the request is the row, or the limit under a larger row', () => {
    expect(isDrifted({ request: 900 * Mi, limit: null, row: 900 * Mi, verdict: 'set' })).toBe(false);
    expect(isDrifted({ request: 512 * Mi, limit: 512 * Mi, row: 600 * Mi, verdict: 'capped' })).toBe(false);
  });

  it('is none without a row', () => {
    expect(isDrifted({ request: 128 * Mi, limit: 256 * Mi, row: null, verdict: 'no-row' })).toBe(false);
  });

  // the scenario's tools/kubecoder-alice: a 950Mi row, a request of 0, and a label the webhook skips
  it.each(['skipped-namespace', 'skipped-label'] as const)('is none for a pod the webhook never sent (%s)', (verdict) => {
    expect(isDrifted({ request: 0, limit: 4096 * Mi, row: 950 * Mi, verdict })).toBe(false);
  });

  it('counts a pod created while the registration was deleted: its next pod gets the row', () => {
    expect(isDrifted({ request: 128 * Mi, limit: null, row: 900 * Mi, verdict: 'registration-absent' })).toBe(true);
  });
});

describe('sentToKyverno', () => {
  it('is false once any container says the webhook skipped the pod', () => {
    expect(sentToKyverno([{ verdict: 'skipped-label' }])).toBe(false);
    expect(sentToKyverno([{ verdict: 'no-row' }, { verdict: 'set' }])).toBe(true);
  });
});
