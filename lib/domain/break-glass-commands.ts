import { shellWords, shellQuote } from './shell';
import { formatTime, parseRfc3339 } from './time';

// The runbook's break-glass commands filled in from the settings, each word shell-quoted: what each button does, for
// an operator to read beside it or to run by hand. `$KC` stays unquoted: it is the operator's write kubeconfig.

export interface BreakGlassNames {
  /** How the operators run kubectl, e.g. `cexec iac kubectl` (the setting, shown as it is). */
  kubectl: string;
  namespace: string;
  deployment: string;
  podSelector: string;
  managedBySelector: string;
  registration: string;
  probeNamespace: string;
  probePod: string;
  probeImage: string;
}

export interface BreakGlassCommands {
  scaleDown: string;
  waitPods: string;
  deleteRegistrations: string;
  probe: string;
  scaleUp: (replicas: number) => string;
  checkRegistration: string;
  saveRegistration: string;
  createSaved: string;
}

const REGISTRATION_COLUMNS = 'WEBHOOKS:.webhooks[*].name,OWNER:.metadata.ownerReferences[*].name';
const SAVED_FIELDS = '.metadata |= {name, labels, annotations, ownerReferences}';
export const SAVED_REGISTRATION_FILE = 'kyverno-webhook.json';

export function breakGlassCommands(n: BreakGlassNames): BreakGlassCommands {
  const k = n.kubectl;
  const q = (...words: string[]) => shellWords(words);
  const scale = (replicas: number) => `${k} $KC ${q('-n', n.namespace, 'scale', 'deployment', n.deployment, `--replicas=${replicas}`)}`;
  return {
    scaleDown: scale(0),
    waitPods: `${k} ${q('-n', n.namespace, 'wait', '--for=delete', 'pod', '-l', n.podSelector, '--timeout=2m')}`,
    deleteRegistrations: `${k} $KC ${q('delete', 'mutatingwebhookconfiguration,validatingwebhookconfiguration', '-l', n.managedBySelector)}`,
    probe: `${k} ${q('-n', n.probeNamespace, 'run', n.probePod, `--image=${n.probeImage}`, '--restart=Never', '--dry-run=server', '-o', 'name')}`,
    scaleUp: scale,
    checkRegistration: `${k} ${q('get', 'mutatingwebhookconfiguration', n.registration, '-o', `custom-columns=${REGISTRATION_COLUMNS}`)}`,
    saveRegistration: `${k} ${q('get', 'mutatingwebhookconfiguration', n.registration, '-o', 'json')} \\\n  | jq ${shellQuote(SAVED_FIELDS)} > ${SAVED_REGISTRATION_FILE}`,
    createSaved: `${k} $KC create -f ${SAVED_REGISTRATION_FILE}`,
  };
}

/** `kubectl rollout restart` of one workload, as the runbook's operator types it. */
export function restartCommand(kubectl: string, namespace: string, kind: string, name: string): string {
  return `${kubectl} $KC ${shellWords(['-n', namespace, 'rollout', 'restart', `${kind.toLowerCase()}/${name}`])}`;
}

/**
 * The runbook's list of pods created since the gap began (`SINCE`), the time cut to the second as Kubernetes writes
 * creation times: a pod created in that second is listed too (the comparison is of text).
 */
export function podsSinceCommand(kubectl: string, since: string): string {
  const at = parseRfc3339(since);
  if (at) since = formatTime(at);
  const jq = '.items[] | select(.metadata.creationTimestamp >= $t) | "\\(.metadata.namespace)/\\(.metadata.name)"';
  return `SINCE=${shellQuote(since)}\n${kubectl} get pods -A -o json \\\n  | jq -r --arg t "$SINCE" ${shellQuote(jq)}`;
}

/** One control-plane node's fallback: restoring pod creation, and (only once the fix is in) bringing Kyverno back. */
export interface NodeFallback {
  node: string;
  /** Scale to zero, wait for the pods to go, delete the registrations: safe to paste whole. */
  restore: string[];
  /** Scaling back up; never part of `restore`, or a crash-looping replica registers the webhooks again at once. */
  bringBack: string[];
}

/**
 * When memdash cannot reach the API server, or the token is the broken thing: the runbook's two writes on a
 * control-plane node (with the wait between them), one block per node (any one of them will do).
 */
export function controlPlaneFallback(nodes: readonly string[], n: BreakGlassNames, replicasBack: number): NodeFallback[] {
  const onNode = (node: string, words: string[]) => shellWords(['ssh', `ansible@${node}`, 'sudo', 'microk8s', 'kubectl', ...words]);
  const scale = (node: string, replicas: number) =>
    onNode(node, ['-n', n.namespace, 'scale', 'deployment', n.deployment, `--replicas=${replicas}`]);
  return nodes.map((node) => ({
    node,
    restore: [
      scale(node, 0),
      onNode(node, ['-n', n.namespace, 'wait', '--for=delete', 'pod', '-l', n.podSelector, '--timeout=2m']),
      onNode(node, ['delete', 'mutatingwebhookconfiguration,validatingwebhookconfiguration', '-l', n.managedBySelector]),
    ],
    bringBack: [scale(node, replicasBack)],
  }));
}
