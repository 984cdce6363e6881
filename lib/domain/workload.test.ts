import { describe, expect, it } from 'vitest';
import { copy, pods } from './__fixtures__/fixtures';
import { HOSTILE } from './__fixtures__/hostile';
import type { PodShape } from './types';
import { controllerOf, deploymentOf, deriveWorkload, jobWorkloadOf, workloadOf } from './workload';

function ownedBy(pod: PodShape, kind: string, name: string, apiVersion: string): PodShape {
  const changed = copy(pod);
  changed.metadata.ownerReferences = [{ apiVersion, kind, name, uid: '0b9c3a52-2f4e-4f0b-9a51-6c1b2d3e4f50', controller: true }];
  return changed;
}

describe('controllerOf', () => {
  it('is the ownerReference with controller: true', () => {
    expect(controllerOf(pods.deployment)).toMatchObject({ kind: 'ReplicaSet', name: 'web-6c9f7d8b45' });
  });

  it('is null for an owner without controller: true, and for an ownerless pod', () => {
    expect(controllerOf(pods.ownerNotController)).toBeNull();
    expect(controllerOf(pods.ownerless)).toBeNull();
  });
});

describe('workloadOf', () => {
  it('is the Deployment: the ReplicaSet without the pod-template-hash label value', () => {
    const workload = workloadOf(pods.deployment);
    expect(workload).toMatchObject({ kind: 'Deployment', name: 'web', namespace: 'shop' });
    expect(workload?.via).toContain('pod-template-hash label');
  });

  it('strips a hash-like suffix from a ReplicaSet whose pod has no pod-template-hash label, and says so', () => {
    const workload = workloadOf(pods.replicaSetNoLabel);
    expect(workload).toMatchObject({ kind: 'Deployment', name: 'ledger-api' });
    expect(workload?.via).toMatch(/no pod-template-hash label.*looks like a pod-template-hash/);
  });

  it('keeps the whole name of a ReplicaSet without the label whose suffix is no hash', () => {
    const workload = workloadOf(ownedBy(pods.replicaSetNoLabel, 'ReplicaSet', 'ledger-api-v2', 'apps/v1'));
    expect(workload).toMatchObject({ kind: 'Deployment', name: 'ledger-api-v2' });
    expect(workload?.via).toContain('whole name');
  });

  it('is the StatefulSet, the DaemonSet and the CloudNativePG Cluster by their names', () => {
    expect(workloadOf(pods.statefulSet)).toMatchObject({ kind: 'StatefulSet', name: 'redis', namespace: 'cache' });
    expect(workloadOf(pods.daemonSet)).toMatchObject({ kind: 'DaemonSet', name: 'node-exporter' });
    expect(workloadOf(pods.cnpg)).toMatchObject({ kind: 'Cluster', name: 'orders-db', namespace: 'orders' });
  });

  it("is a CronJob's Job without its trailing minutes, with kind Job", () => {
    expect(workloadOf(pods.cronJobJob)).toMatchObject({ kind: 'Job', name: 'nightly-report' });
  });

  it('strips only the last -<digits> of a validation Job: foo-2-1733 is foo-2', () => {
    expect(workloadOf(pods.jobBuild)).toMatchObject({ kind: 'Job', name: 'foo-2', namespace: 'validation' });
  });

  it("is a Jenkins agent's job, whose name may hold digits and dashes", () => {
    const workload = workloadOf(pods.jenkinsAgent);
    expect(workload).toMatchObject({ kind: 'JenkinsJob', name: 'etl-v2', namespace: 'jenkins-prd' });
    expect(workload?.via).toContain('build 117');
  });

  it.each([
    ['etl-v2-117-k3j2h', 'etl-v2'],
    ['etl-2-117-k3j2h', 'etl-2'],
    ['build-12-34567', 'build'],
    ['deploy-2024-7-x9z2k-m3p8q', 'deploy-2024'],
  ])('reads the Jenkins agent %s as job %s', (name, job) => {
    const agent = copy(pods.jenkinsAgent);
    agent.metadata.name = name;
    expect(workloadOf(agent)?.name).toBe(job);
  });

  it('has none for a jenkins-prd pod not named <job>-<build>-…', () => {
    const agent = copy(pods.jenkinsAgent);
    agent.metadata.name = 'jenkins-agent-x9z2k';
    expect(workloadOf(agent)).toBeNull();
  });

  it('takes the Jenkins namespace from the settings', () => {
    const agent = copy(pods.jenkinsAgent);
    agent.metadata.namespace = 'ci';
    expect(workloadOf(agent)).toBeNull();
    expect(workloadOf(agent, { jenkinsNamespace: 'ci' })).toMatchObject({ kind: 'JenkinsJob', name: 'etl-v2', namespace: 'ci' });
  });

  it('has none for an ownerless pod outside jenkins-prd, and says why', () => {
    expect(workloadOf(pods.ownerless)).toBeNull();
    expect(deriveWorkload(pods.ownerless).via).toContain('no owner and is not in jenkins-prd');
  });

  it('has none for an owner that is not a controller', () => {
    expect(workloadOf(pods.ownerNotController)).toBeNull();
    expect(deriveWorkload(pods.ownerNotController).via).toContain('ConfigMap/sandbox-jdoe is not its controller');
  });

  it('has none for a controller of an unknown kind', () => {
    expect(workloadOf(pods.unknownKind)).toBeNull();
    expect(deriveWorkload(pods.unknownKind).via).toContain('Workflow (argoproj.io/v1alpha1) ingest-hourly-8wz4t');
  });

  it('has none for a Cluster of another API group than CloudNativePG', () => {
    expect(workloadOf(ownedBy(pods.cnpg, 'Cluster', 'orders-db', 'cluster.x-k8s.io/v1beta1'))).toBeNull();
  });
});

describe('deploymentOf', () => {
  it.each([
    ['web-6c9f7d8b45', 'web'],
    ['coredns-5d78c9869d', 'coredns'],
    ['api-v2-7db6d8ff4d', 'api-v2'],
    ['api-v2', 'api-v2'],
    ['web-release', 'web-release'],
    // x, k, m, p, q are in SafeEncodeString's alphabet, but never in a hash of decimal digits.
    ['web-x7k2m9p4q', 'web-x7k2m9p4q'],
    ['web-6c9f7d8b45x', 'web-6c9f7d8b45x'],
  ])('reads ReplicaSet %s without a label as %s', (replicaSet, name) => {
    expect(deploymentOf(replicaSet, undefined)[0]).toBe(name);
  });

  it('falls back to the suffix when the label does not match the name', () => {
    const [name, via] = deploymentOf('web-6c9f7d8b45', { 'pod-template-hash': '5d78c9869d' });
    expect(name).toBe('web');
    expect(via).toContain('does not end in its pod-template-hash');
  });
});

describe('jobWorkloadOf', () => {
  it('keeps a Job name without trailing digits whole', () => {
    expect(jobWorkloadOf('migrate')[0]).toBe('migrate');
    expect(jobWorkloadOf('migrate-v2')[0]).toBe('migrate-v2');
    expect(jobWorkloadOf('foo-2-1733')[0]).toBe('foo-2');
  });
});

describe('an owner whose name Kubernetes would refuse (the API server stores any ownerReference name)', () => {
  it('derives no workload from it, and says the name is not a Kubernetes name', () => {
    for (const kind of ['ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job']) {
      for (const name of HOSTILE) {
        const pod = copy(pods.deployment);
        pod.metadata.ownerReferences = [{ apiVersion: kind === 'Job' ? 'batch/v1' : 'apps/v1', kind, name, uid: 'u', controller: true }];
        const derived = deriveWorkload(pod);
        expect(derived.workload).toBeNull();
        expect(derived.via).toContain('a name Kubernetes would refuse');
      }
    }
  });
});
