// A pod's row in the pod list and the Ctrl/Cmd-K jump, from the fixtures shaped like real pods.
import { describe, expect, it } from 'vitest';
import { pods } from '@/lib/domain/__fixtures__/fixtures';
import type { LoadedPod } from '@/lib/k8s/pods';
import { summaryOf } from './pods';

const asLoaded = (pod: unknown) => pod as LoadedPod;

describe('summaryOf', () => {
  it("names the pod's workload as the policy derives it", () => {
    expect(summaryOf(asLoaded(pods.deployment), 'jenkins')).toEqual({
      namespace: 'shop',
      name: 'web-6c9f7d8b45-x2x9k',
      phase: 'Running',
      createdAt: '2026-10-06T09:12:44Z',
      workload: { kind: 'Deployment', name: 'web' },
    });
  });

  it('has no workload for a pod the policy cannot place', () => {
    expect(summaryOf(asLoaded(pods.ownerless), 'jenkins').workload).toBeNull();
  });
});
