// The scenario's vocabulary: a workload as the harness declares it, and how it turns into Kubernetes objects.

export interface ContainerSpec {
  name: string;
  request?: string; // memory request as written in the manifest (Mi, Gi, M, plain bytes, or absent)
  limit?: string;
  /** mean working set in MiB for the backfilled samples; absent = no samples for this container */
  workingSetMi?: number;
  /** the container's environment (a runtime's heap ceiling: JAVA_TOOL_OPTIONS, GOMEMLIMIT, NODE_OPTIONS) */
  env?: Record<string, string>;
  args?: string[];
}

export type Kind = 'Deployment' | 'StatefulSet' | 'DaemonSet' | 'CronJob' | 'Job' | 'Cluster' | 'JenkinsAgent' | 'Pod';

export interface WorkloadSpec {
  namespace: string;
  name: string; // the workload name as Kyverno derives it
  kind: Kind;
  replicas?: number;
  containers: ContainerSpec[];
  initContainers?: ContainerSpec[];
  podLabels?: Record<string, string>;
  /** Deployments rolled this many times after creation, so old ReplicaSets exist */
  rollouts?: number;
  /** Jobs of a CronJob / builds of a Jenkins job created by the harness (names made like the real controllers') */
  runs?: string[];
  /** the table's row per container, as the snapshot wrote it; absent = no row */
  rows?: Record<string, string>;
  /** the rows in force when its pods were created, rewritten to `rows` afterwards: its pods are stale */
  rowsAtCreation?: Record<string, string>;
  /** created while Kyverno was scaled to zero and its registrations deleted: its pods kept their manifest requests */
  createdWhileRegistrationDeleted?: boolean;
  /** samples only before the 28-day window: the workload is gone from it */
  goneFromWindow?: boolean;
  /** StatefulSet pods created all at once instead of one after another (benchmark scale) */
  parallelPods?: boolean;
  /** one pod per node (the admission controller's anti-affinity) */
  onePerNode?: boolean;
  /** KWOK ends this container of the workload's first pod OOMKilled once (e2e/cluster/lib/kwok-terminations.ts) */
  oomKill?: string;
  /** KWOK evicts the workload's first pod */
  evict?: boolean;
  /** the backfill's kube-state-metrics and cAdvisor series: OOM kills of this container in its first pod, days before the end */
  pastOomKills?: { container: string; daysAgo: number[] };
  /** the backfill's kube-state-metrics series: a pod of the workload evicted this many days before the end */
  pastEvictionDaysAgo?: number;
  /** runs only on the nodes labelled so, whose taint of the same key and value it tolerates */
  pool?: { label: string; value: string };
  /** how its backfilled samples depart from the steady daily swing (how sure its row is) */
  samples?: SampleShape;
}

export interface SampleShape {
  /** samples only for this many days before the backfill's end: a new workload */
  days?: number;
  /** this StatefulSet pod (its ordinal) works `factor` times the others' mean: a leader, a shard */
  hotPod?: { ordinal: number; factor: number };
  /** every `everyHours` hours one sample is `factor` times what it would be: a spike */
  spikes?: { everyHours: number; factor: number };
}

export const WORKLOAD_LABEL = 'app.kubernetes.io/name';

export function resources(c: ContainerSpec): object {
  const requests = c.request ? { memory: c.request, cpu: '10m' } : { cpu: '10m' };
  const limits = c.limit ? { memory: c.limit } : undefined;
  return limits ? { requests, limits } : { requests };
}

export function container(c: ContainerSpec): object {
  const env = c.env ? { env: Object.entries(c.env).map(([name, value]) => ({ name, value })) } : {};
  const args = c.args ? { args: c.args } : {};
  return { name: c.name, image: `registry.local/${c.name}:1.0`, resources: resources(c), ...env, ...args };
}

export function podSpec(w: WorkloadSpec, restartPolicy = 'Always'): object {
  const spec: Record<string, unknown> = {
    containers: w.containers.map(container),
    restartPolicy,
    terminationGracePeriodSeconds: 5,
  };
  if (w.initContainers?.length) spec.initContainers = w.initContainers.map(container);
  if (w.pool) {
    spec.nodeSelector = { [w.pool.label]: w.pool.value };
    spec.tolerations = [{ key: w.pool.label, operator: 'Equal', value: w.pool.value, effect: 'NoSchedule' }];
  }
  if (w.onePerNode) {
    spec.affinity = {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: { matchLabels: { [WORKLOAD_LABEL]: w.name } }, topologyKey: 'kubernetes.io/hostname' },
        ],
      },
    };
  }
  return spec;
}

export function podLabels(w: WorkloadSpec): Record<string, string> {
  return { [WORKLOAD_LABEL]: w.name, ...w.podLabels };
}
