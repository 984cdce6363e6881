import { isObjectName } from './names';
import type { OwnerRef, PodShape } from './types';

// The workload a pod belongs to decides its row key. These are the policy's rules (docs/design.md, "A pod's
// workload"), derived from the pod alone: the owners' own owners (ReplicaSet → Deployment, Job → CronJob) are not
// visible from the pod, and the policy does not read them either.

export type WorkloadKind = 'Deployment' | 'StatefulSet' | 'DaemonSet' | 'CronJob' | 'Job' | 'Cluster' | 'JenkinsJob';

export interface Workload {
  kind: WorkloadKind;
  name: string;
  namespace: string;
  /** One sentence: which rule derived it. */
  via: string;
}

/** A workload, or why there is none: the sentence is evidence either way. */
export interface WorkloadDerivation {
  workload: Workload | null;
  via: string;
}

export const DEFAULT_JENKINS_NAMESPACE = 'jenkins-prd';

const CNPG_GROUP = 'postgresql.cnpg.io';

/** The owner that controls the pod: the ownerReference with controller: true (at most one, by API validation). */
export function controllerOf(pod: PodShape): OwnerRef | null {
  return pod.metadata.ownerReferences?.find((owner) => owner.controller === true) ?? null;
}

/** The pod's workload, or null when it has none. */
export function workloadOf(pod: PodShape, settings?: { jenkinsNamespace?: string }): Workload | null {
  return deriveWorkload(pod, settings).workload;
}

/** The pod's workload and the sentence saying which rule gave it, or why no rule did. */
export function deriveWorkload(pod: PodShape, settings?: { jenkinsNamespace?: string }): WorkloadDerivation {
  const { name, namespace, ownerReferences = [] } = pod.metadata;
  const controller = controllerOf(pod);
  if (controller) return fromController(controller, pod);
  if (ownerReferences.length > 0) {
    const owners = ownerReferences.map((o) => `${o.kind}/${o.name}`).join(', ');
    return none(`The pod's owner ${owners} is not its controller (no controller: true), so it has no workload.`);
  }
  const jenkinsNamespace = settings?.jenkinsNamespace ?? DEFAULT_JENKINS_NAMESPACE;
  if (namespace === jenkinsNamespace) return jenkinsAgentWorkload(name, namespace);
  return none(`The pod has no owner and is not in ${jenkinsNamespace}, so it has no workload.`);
}

function fromController(owner: OwnerRef, pod: PodShape): WorkloadDerivation {
  const { namespace } = pod.metadata;
  // The API server stores any text as an owner's name; a workload (and a row key, a command) is derived only from a
  // name Kubernetes would give an object. JSON.stringify shows quotes, newlines and control characters as they are.
  if (!isObjectName(owner.name)) {
    return none(
      `The pod's controller ${owner.kind} ${JSON.stringify(owner.name)} has a name Kubernetes would refuse for any object: no workload can be derived from it, and no command is built with it.`,
    );
  }
  const group = groupOf(owner.apiVersion);
  const builtIn = group === undefined || group === 'apps' || group === 'batch';
  const found = (kind: WorkloadKind, name: string, via: string) => ({ workload: { kind, name, namespace, via }, via });
  if (builtIn && owner.kind === 'ReplicaSet') return found('Deployment', ...deploymentOf(owner.name, pod.metadata.labels));
  if (builtIn && (owner.kind === 'StatefulSet' || owner.kind === 'DaemonSet')) {
    return found(owner.kind, owner.name, `The pod's controller is ${owner.kind} ${owner.name}: the workload is its name.`);
  }
  if (builtIn && owner.kind === 'Job') return found('Job', ...jobWorkloadOf(owner.name));
  if (owner.kind === 'Cluster' && group === CNPG_GROUP) {
    return found('Cluster', owner.name, `The pod's controller is CloudNativePG Cluster ${owner.name}: the workload is its name.`);
  }
  const kind = owner.apiVersion ? `${owner.kind} (${owner.apiVersion})` : owner.kind;
  return none(`The pod's controller ${kind} ${owner.name} is no kind the policy maps to a workload.`);
}

// apps/v1 → apps, v1 → '' (the core group), absent → undefined (then the kind alone decides).
function groupOf(apiVersion: string | undefined): string | undefined {
  if (apiVersion === undefined) return undefined;
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

function none(via: string): WorkloadDerivation {
  return { workload: null, via };
}

// Deployment controllers name a ReplicaSet <deployment>-<hash>, where the hash is rand.SafeEncodeString of a
// uint32 printed in decimal: each digit maps to one of 4-9, b, c, d, f, and there are at most 10 of them.
// Fewer than 6 is rare enough (one hash in ~40,000) that a shorter suffix is more likely part of the name.
const POD_TEMPLATE_HASH = /^(.+)-([4-9bcdf]{6,10})$/;

/** The Deployment behind a ReplicaSet: its name without the pod-template-hash, and how that was told. */
export function deploymentOf(replicaSet: string, labels: Record<string, string> | undefined): [string, string] {
  const hash = labels?.['pod-template-hash'];
  if (hash && replicaSet.endsWith(`-${hash}`)) {
    const name = replicaSet.slice(0, -hash.length - 1);
    return [
      name,
      `The pod's controller is ReplicaSet ${replicaSet}: the workload is its name without the pod-template-hash label's value ${hash}.`,
    ];
  }
  const lead = hash
    ? `The pod's controller is ReplicaSet ${replicaSet}, whose name does not end in its pod-template-hash label's value ${hash}`
    : `The pod's controller is ReplicaSet ${replicaSet} and the pod has no pod-template-hash label`;
  const guessed = POD_TEMPLATE_HASH.exec(replicaSet);
  if (guessed?.[1] && guessed[2]) {
    return [guessed[1], `${lead}: its suffix ${guessed[2]} looks like a pod-template-hash, so the workload is ${guessed[1]}.`];
  }
  return [replicaSet, `${lead}, nor a suffix that looks like one: the workload is the ReplicaSet's whole name.`];
}

/**
 * A Job's workload: its name without a trailing -<digits>. A CronJob names its Jobs <cronjob>-<minutes since
 * epoch> and a validation Job is <job>-<build>; from the pod both look alike, so the kind is always Job. The owner
 * chain (read outside lib/domain) shows whether a CronJob stands behind it.
 */
export function jobWorkloadOf(job: string): [string, string] {
  const match = /^(.+)-\d+$/.exec(job);
  if (match?.[1]) {
    return [
      match[1],
      `The pod's controller is Job ${job}: the workload is its name without the trailing -<digits> (a CronJob's, or a <job>-<build> Job's).`,
    ];
  }
  return [job, `The pod's controller is Job ${job}, whose name has no trailing -<digits>: the workload is its whole name.`];
}

// A Jenkins agent is <job>-<build>-<agent suffix>. Job names may hold digits and dashes themselves (etl-v2), so
// the build is the last all-digit segment that still has a segment after it.
function jenkinsAgentWorkload(pod: string, namespace: string): WorkloadDerivation {
  const segments = pod.split('-');
  for (let build = segments.length - 2; build >= 1; build--) {
    if (/^\d+$/.test(segments[build] ?? '')) {
      const name = segments.slice(0, build).join('-');
      const via = `The pod has no owner and runs in ${namespace}: a Jenkins agent of job ${name}, build ${segments[build]}.`;
      return { workload: { kind: 'JenkinsJob', name, namespace, via }, via };
    }
  }
  return none(`The pod has no owner and runs in ${namespace}, but its name is not <job>-<build>-…, so it has no workload.`);
}
