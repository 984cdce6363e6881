// Issue 9, item 6: the probe is a pod create through admission; a flood of requests must not become a flood of them.
import { describe, expect, it } from 'vitest';
import { json, postFromOwnPage } from './http';

describe('the probe', () => {
  it('runs once for 30 requests at once, and once per minimum interval after that', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => postFromOwnPage('/c/local/api/webhook/probe', {})));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    const times = new Set(answers.map((a) => json<{ at: string }>(a).at));
    expect(times.size).toBe(1);
    // within MEMDASH_PROBE_MIN_INTERVAL_MS (5 s here) the same answer comes back, with its own time
    const again = await postFromOwnPage('/c/local/api/webhook/probe', {});
    expect(json<{ at: string }>(again).at).toBe([...times][0]);
  });
});
