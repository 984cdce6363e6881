import { describe, expect, it } from 'vitest';
import { firstLineFor } from './first-line';

const base = { namespace: 'shop', kubectl: 'kubectl', nextPod: 'Its next pod gets 512Mi from row shop/api.' };

describe('firstLineFor', () => {
  it('tells a stale pod of a Deployment to restart it, with the kubectl', () => {
    const line = firstLineFor({ ...base, verdict: 'stale', workload: { kind: 'Deployment', name: "a'b" } });
    expect(line.action).toBe("Restart deployment/a'b to apply it");
    expect(line.nextPod).toBe('Its next pod gets 512Mi from row shop/api');
    expect(line.command).toBe("kubectl $KC -n shop rollout restart 'deployment/a'\\''b'");
  });
  it('says nothing to do for a set container', () => {
    const line = firstLineFor({ ...base, verdict: 'set', workload: { kind: 'Deployment', name: 'api' } });
    expect(line).toMatchObject({ action: 'Nothing to do', command: null });
  });
  it('gives no restart for a stale pod without a restartable workload', () => {
    const line = firstLineFor({ ...base, verdict: 'stale', workload: { kind: 'Job', name: 'etl' } });
    expect(line).toMatchObject({ action: 'Delete the pod to apply it (no workload to restart)', command: null });
    expect(firstLineFor({ ...base, verdict: 'stale', workload: null }).command).toBeNull();
  });
  it('points at the evidence for an unexplained container', () => {
    expect(firstLineFor({ ...base, verdict: 'unexplained', workload: null }).action).toBe('Read the evidence below');
  });
});
