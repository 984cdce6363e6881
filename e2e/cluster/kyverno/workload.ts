// The policy's workload of a pod, from its controller owner (runbook: "What it does to pod creation"). Written
// here on purpose, apart from the dashboard's own derivation, so that when the two agree it means something.

export interface OwnerReference {
  apiVersion?: string;
  kind: string;
  name: string;
  controller?: boolean;
}
export interface PodMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  labels?: Record<string, string>;
  ownerReferences?: OwnerReference[];
}

export const JENKINS_NAMESPACE = 'jenkins-prd';

/** The workload name, or null when the pod has none. `namespace` is the request's (a new pod may lack its own). */
export function workloadOf(meta: PodMeta, namespace = meta.namespace): string | null {
  const owner = meta.ownerReferences?.find((o) => o.controller);
  if (!owner) return namespace === JENKINS_NAMESPACE ? jenkinsJob(meta.name ?? '') : null;
  switch (owner.kind) {
    case 'ReplicaSet':
      return withoutTemplateHash(owner.name, meta.labels?.['pod-template-hash']);
    case 'StatefulSet':
    case 'DaemonSet':
      return owner.name;
    case 'Job':
      return owner.name.replace(/-\d+$/, '');
    case 'Cluster':
      return owner.apiVersion?.startsWith('postgresql.cnpg.io/') ? owner.name : null;
    default:
      return null;
  }
}

function withoutTemplateHash(replicaSet: string, hash: string | undefined): string {
  if (hash && replicaSet.endsWith(`-${hash}`)) return replicaSet.slice(0, -hash.length - 1);
  const dash = replicaSet.lastIndexOf('-');
  return dash > 0 ? replicaSet.slice(0, dash) : replicaSet;
}

/** A build agent is named `<job>-<build>-<suffix…>`: the last all-digit segment before the suffix is the build. */
function jenkinsJob(pod: string): string | null {
  const match = /^(.+)-\d+-[a-z0-9]+(?:-[a-z0-9]+)*$/.exec(pod);
  return match?.[1] ?? null;
}
