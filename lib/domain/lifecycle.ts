import { OWNERLESS_REGISTRATIONS, type RegistrationCheck } from './registrations';
import { shellQuote, shellWords } from './shell';

// The runbook's "Upgrading and removing the app": after an upgrade, the owner removal depends on; before and after a
// removal, what stays behind (the owner-less registrations, Kyverno's CRDs) and whether it may be deleted yet.

/**
 * The runbook's grep for Kyverno's CRDs: groups kyverno.io or wgpolicyk8s.io, or under them. Anchored at a dot, where
 * the runbook's is not: a group such as `widgets.notkyverno.io` is someone else's, and the delete must not reach it.
 */
export const KYVERNO_CRD_PATTERN = '(^|\\.)kyverno\\.io$|(^|\\.)wgpolicyk8s\\.io$';
const KYVERNO_CRD = new RegExp(KYVERNO_CRD_PATTERN);

/** Kyverno's CRDs among the cluster's, sorted. */
export function kyvernoCrds(names: readonly string[]): string[] {
  return names.filter((n) => KYVERNO_CRD.test(n)).sort();
}

/** What the admission controller runs: the chart that installed it and Kyverno's version, as its Deployment says. */
export interface AdmissionVersion {
  /** The Deployment's `helm.sh/chart` label (`kyverno-3.9.1`), or null when it has none. */
  chart: string | null;
  /** The tag of the kyverno container's image (`v1.19.1`), or null when the image has none (a digest). */
  kyverno: string | null;
  image: string | null;
}

export function admissionVersionOf(
  labels: Record<string, string> | undefined,
  containers: ReadonlyArray<{ name: string; image?: string }>,
): AdmissionVersion {
  const image = (containers.find((c) => c.name === 'kyverno') ?? containers[0])?.image ?? null;
  return { chart: labels?.['helm.sh/chart'] ?? null, kyverno: image ? tagOf(image) : null, image };
}

/** `reg/kyverno/kyverno:v1.19.1` → `v1.19.1`; a port in the registry's host is not a tag, a digest has none. */
function tagOf(image: string): string | null {
  const last = image.slice(image.lastIndexOf('/') + 1).split('@')[0]!;
  const colon = last.indexOf(':');
  return colon < 0 ? null : last.slice(colon + 1) || null;
}

/** The admission controller now: its Deployment (null when deleted) and its pods, Terminating ones included. */
export interface AdmissionNow {
  deployment: { desired: number; ready: number } | null;
  pods: number;
}

/**
 * Why the removal's cleanup is refused now, or null when it may run: while an admission-controller pod is left or
 * its Deployment has a ready replica, an admission controller may answer, and what it answers for is its own.
 */
export function stillAnswers(a: AdmissionNow): string | null {
  const ready = a.deployment?.ready ?? 0;
  if (ready === 0 && a.pods === 0) return null;
  const replicas = a.deployment ? `${ready} of ${a.deployment.desired} replicas ready` : 'its Deployment deleted';
  return `an admission controller still answers (${replicas}, ${a.pods} pods left): remove the app first, or keep these`;
}

/**
 * The upgrade check's alarm: the pod webhook's registration without its owner outlives the app, and once no admission
 * controller answers it refuses every covered pod. Null when it is owned as expected, or not there.
 */
export function upgradeAlarm(checks: readonly RegistrationCheck[], podRegistration: string): string | null {
  const pod = checks.find((c) => c.kind === 'MutatingWebhookConfiguration' && c.name === podRegistration);
  if (!pod?.problem) return null;
  return `${podRegistration}: ${pod.problem}. It refuses covered pods once no admission controller answers.`;
}

/** What each owner-less registration refuses to create while it stands and no admission controller answers. */
export const LEFTOVER_REFUSES: Record<string, string> = {
  'kyverno-exception-validating-webhook-cfg': 'PolicyExceptions (kyverno.io)',
  'kyverno-cel-exception-validating-webhook-cfg': 'PolicyExceptions (policies.kyverno.io)',
  'kyverno-global-context-validating-webhook-cfg': 'GlobalContextEntries (kyverno.io)',
};

/** What a removal leaves, and what may be deleted of it now. */
export interface RemovalState {
  /** The owner-less registrations standing: what the cleanup deletes. */
  leftovers: string[];
  /** Kyverno's other registrations still standing: the garbage collector takes them with their owner. */
  owned: string[];
  /** The pod webhook's registration standing without its owner: it refuses covered pods; the break-glass deletes it. */
  podRegistrationOrphaned: boolean;
  crds: string[];
  /** Why neither delete may run now, or null. */
  refused: string | null;
}

export function removalState(
  checks: readonly RegistrationCheck[],
  crds: readonly string[],
  admission: AdmissionNow,
  podRegistration: string,
): RemovalState {
  const ownerless = new Set(OWNERLESS_REGISTRATIONS);
  const isLeftover = (c: RegistrationCheck) => c.kind === 'ValidatingWebhookConfiguration' && ownerless.has(c.name);
  return {
    leftovers: checks.filter(isLeftover).map((c) => c.name),
    owned: checks.filter((c) => !isLeftover(c)).map((c) => c.name),
    podRegistrationOrphaned: upgradeAlarm(checks, podRegistration) !== null,
    crds: [...crds],
    refused: stillAnswers(admission),
  };
}

/** The runbook's commands of the section, filled in; `$KC` stays unquoted: the operator's write kubeconfig. */
export interface LifecycleCommands {
  ownerCheck: string;
  listRegistrations: string;
  deleteLeftovers: string;
  deleteCrds: string;
}

const BOTH_KINDS = 'mutatingwebhookconfigurations,validatingwebhookconfigurations';
const OWNER_COLUMNS = 'NAME:.metadata.name,OWNER:.metadata.ownerReferences[*].name';

export function lifecycleCommands(kubectl: string): LifecycleCommands {
  const k = kubectl;
  return {
    ownerCheck: `${k} get ${BOTH_KINDS} \\\n  -o custom-columns=${shellQuote(OWNER_COLUMNS)} | grep kyverno`,
    listRegistrations: `${k} get ${BOTH_KINDS} | grep kyverno`,
    deleteLeftovers: `${k} $KC delete validatingwebhookconfiguration ${shellWords(OWNERLESS_REGISTRATIONS)}`,
    deleteCrds: `${k} get crd -o name | grep -E ${shellQuote(KYVERNO_CRD_PATTERN)} | xargs ${k} $KC delete`,
  };
}

/** What the CRD delete's confirmation says: the count the page showed, so a delete of more than was shown is refused. */
export function crdConfirmation(count: number): string {
  return `delete ${count} CRDs`;
}
