// Kubernetes objects for the scenario's workloads; controllers and the harness make the pods from them.
import { randomBytes } from 'node:crypto';
import { podLabels, podSpec, WORKLOAD_LABEL, type WorkloadSpec } from './model.ts';

const meta = (w: WorkloadSpec, name = w.name) => ({ name, namespace: w.namespace, labels: { [WORKLOAD_LABEL]: w.name } });
const template = (w: WorkloadSpec, restartPolicy?: string) => ({ metadata: { labels: podLabels(w) }, spec: podSpec(w, restartPolicy) });
const selector = (w: WorkloadSpec) => ({ matchLabels: { [WORKLOAD_LABEL]: w.name } });
/** An apps/v1 controller of the workload's pods: what its kind's spec adds to the selector and the pod template. */
const apps = (kind: string, w: WorkloadSpec, spec: object = {}) => ({
  apiVersion: 'apps/v1',
  kind,
  metadata: meta(w),
  spec: { selector: selector(w), template: template(w), ...spec },
});

/** Objects that controllers turn into pods (Deployments, StatefulSets, DaemonSets, CronJobs). */
export function controllerObject(w: WorkloadSpec): object | null {
  switch (w.kind) {
    case 'Deployment':
      return apps('Deployment', w, {
        replicas: w.replicas ?? 1,
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 1 } },
      });
    case 'StatefulSet':
      return apps('StatefulSet', w, {
        replicas: w.replicas ?? 1,
        serviceName: w.name,
        ...(w.parallelPods ? { podManagementPolicy: 'Parallel' } : {}),
      });
    case 'DaemonSet':
      return apps('DaemonSet', w);
    case 'CronJob':
      return {
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: meta(w),
        spec: {
          schedule: '30 2 * * *',
          timeZone: 'Europe/Amsterdam',
          successfulJobsHistoryLimit: 3,
          jobTemplate: { spec: { backoffLimit: 0, template: template(w, 'Never') } },
        },
      };
    default:
      return null;
  }
}

/** A Job named `<job>-<build>`, not owned by a CronJob (the library's validation Job). */
export function standaloneJob(w: WorkloadSpec, run: string): object {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: meta(w, `${w.name}-${run}`),
    spec: { backoffLimit: 0, template: template(w, 'Never') },
  };
}

/** An ownerless Jenkins agent `<job>-<build>-<suffix>`, as the Kubernetes plugin names them. */
export function jenkinsAgent(w: WorkloadSpec, build: string): object {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${w.name}-${build}-${suffix()}`,
      namespace: w.namespace,
      labels: { ...podLabels(w), 'jenkins/label': w.name, 'jenkins/build': build },
    },
    spec: podSpec(w, 'Never'),
  };
}

export function barePod(w: WorkloadSpec): object {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: w.name, namespace: w.namespace, labels: podLabels(w) }, spec: podSpec(w) };
}

/** A CloudNativePG Cluster; its operator is absent here, so the harness creates the instance pods it would own. */
export function cnpgCluster(w: WorkloadSpec): object {
  return {
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Cluster',
    metadata: meta(w),
    spec: { instances: w.replicas ?? 1, storage: { size: '10Gi' } },
  };
}

export function cnpgInstance(w: WorkloadSpec, index: number, clusterUid: string): object {
  const name = `${w.name}-${index}`;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: w.namespace,
      labels: {
        ...podLabels(w),
        'cnpg.io/cluster': w.name,
        'cnpg.io/instanceName': name,
        'cnpg.io/podRole': 'instance',
        role: index === 1 ? 'primary' : 'replica',
      },
      ownerReferences: [
        { apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', name: w.name, uid: clusterUid, controller: true, blockOwnerDeletion: true },
      ],
    },
    spec: podSpec(w),
  };
}

const ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
export function suffix(length = 5): string {
  return [...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

export function namespaceObject(name: string): object {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
}

export function tableConfigMap(data: Record<string, string> | undefined): object {
  const cm: Record<string, unknown> = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'memory-requests', namespace: 'kyverno-prd', labels: { 'app.kubernetes.io/part-of': 'kyverno' } },
  };
  if (data) cm.data = data;
  return cm;
}

/** The table now, or (`atCreation`) as it was while the scenario's pods were created. */
export function tableRows(workloads: WorkloadSpec[], atCreation = false): Record<string, string> {
  const data: Record<string, string> = {};
  for (const w of workloads) {
    const rows = atCreation ? (w.rowsAtCreation ?? w.rows) : w.rows;
    for (const [container, value] of Object.entries(rows ?? {})) data[`${w.namespace}_${w.name}_${container}`] = value;
  }
  return data;
}

/** A KWOK node; a pool's node carries its label and a NoSchedule taint of the same key and value. */
export function nodeObject(name: string, pool?: { label: string; value: string }): object {
  const labels = { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64', type: 'kwok' };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels: pool ? { ...labels, [pool.label]: pool.value } : labels,
      annotations: { 'kwok.x-k8s.io/node': 'fake', 'node.alpha.kubernetes.io/ttl': '0' },
    },
    ...(pool ? { spec: { taints: [{ key: pool.label, value: pool.value, effect: 'NoSchedule' }] } } : {}),
  };
}
