// Kubernetes' name rules, as plain tests. Names read from the cluster are untrusted: the API server does not check
// an ownerReference's name at all, so a name is checked here before memdash derives anything from it.

/** An RFC 1123 label: a namespace or a container name. */
export const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** An RFC 1123 subdomain: a pod, ReplicaSet, Job, StatefulSet, DaemonSet or ConfigMap name. */
export const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** Part of a name, as a search for one: what any Kubernetes name can hold (lower case, digits, "-" and "."). */
export const NAME_FRAGMENT = /^[a-z0-9.-]*$/;

/** Whether Kubernetes would accept `name` as the name of a workload object (an RFC 1123 subdomain). */
export function isObjectName(name: string): boolean {
  return name.length <= 253 && DNS_SUBDOMAIN.test(name);
}

/** Whether Kubernetes would accept `name` as a namespace or container name (an RFC 1123 label). */
export function isLabelName(name: string): boolean {
  return name.length <= 63 && DNS_LABEL.test(name);
}

/**
 * The order of names in every list: character by character. Kubernetes names are lowercase ASCII, where this is
 * the alphabetical order, and it is what `kubectl get` sorts by; localeCompare asks ICU for every comparison, which is
 * slow over every pod of a cluster.
 */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
