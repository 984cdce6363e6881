import { describe, expect, it } from 'vitest';
import { firstLineFor } from './first-line';

const base = { namespace: 'shop', kubectl: 'kubectl', nextPod: 'Its next pod gets 512Mi from row shop/api.' };

describe('firstLineFor', () => {
  it('tells a stale pod of a Deployment to restart it, with the kubectl', () => {
    const line = firstLineFor({ ...base, verdict: 'stale', workload: { kind: 'Deployment', name: "a'b" } });
    expect(line.action).toBe('restart the workload to apply it');
    expect(line.nextPod).toBe('Its next pod gets 512Mi from row shop/api');
    expect(line.command).toBe("kubectl $KC -n shop rollout restart 'deployment/a'\\''b'");
  });
  it('says nothing to do for a set container', () => {
    const line = firstLineFor({ ...base, verdict: 'set', workload: { kind: 'Deployment', name: 'api' } });
    expect(line).toMatchObject({ action: 'nothing to do', command: null });
  });
  it('gives no restart for a stale pod without a restartable workload', () => {
    expect(firstLineFor({ ...base, verdict: 'stale', workload: null }).command).toBeNull();
  });
  it('points at the evidence for an unexplained container', () => {
    expect(firstLineFor({ ...base, verdict: 'unexplained', workload: null }).action).toBe('see the evidence below');
  });
});
