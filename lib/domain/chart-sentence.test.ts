import { describe, expect, it } from 'vitest';
import { chartSentence } from './chart-sentence';

const Mi = 1024 * 1024;
const base = { container: 'app', workload: 'web', namespace: 'shop', over: '28 days' };

describe('chartSentence', () => {
  it('says the p90, the share under the request and the limit', () => {
    expect(chartSentence({ ...base, p90Mi: 61, request: 64 * Mi, limit: 256 * Mi, shareAboveRequest: 0.12 })).toBe(
      'Working set of app of web in shop: p90 61Mi over 28 days, under its 64Mi request 88.0% of the time; limit 256Mi',
    );
  });
  it('says what is missing rather than inventing it', () => {
    expect(chartSentence({ ...base, over: '24 hours', p90Mi: null, request: null, limit: null, shareAboveRequest: null })).toBe(
      'Working set of app of web in shop: no samples over 24 hours, no request; no limit',
    );
  });
});
