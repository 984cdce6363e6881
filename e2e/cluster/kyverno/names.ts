// Kyverno's names in production (the runbook's Facts) and in Kyverno v1.19.1's webhook controller.
export const NAMESPACE = 'kyverno-prd';
export const DEPLOYMENT = 'kyverno-admission-controller';
export const COMPONENT_LABEL = 'app.kubernetes.io/component';
export const ADMISSION_PODS = `${COMPONENT_LABEL}=admission-controller`;
export const SERVICE = 'kyverno-prd-svc';
export const OWNER_CLUSTERROLE = 'kyverno-prd:webhook';

export const MANAGED_BY = 'webhook.kyverno.io/managed-by';
export const MANAGED_BY_SELECTOR = `${MANAGED_BY}=kyverno`;

export const POD_REGISTRATION = 'kyverno-resource-mutating-webhook-cfg';
export const POD_ENTRY = 'mpol.validate.kyverno.svc-fail';
export const POLICY = 'memory-requests';
export const POLICY_PATH = `/mpol/${POLICY}`;

export const TABLE = 'memory-requests';
export const GLOBAL_CONTEXT_ENTRY = 'memory-requests';

/** The chart's webhooks config: namespaces whose pods the API server never sends to Kyverno. */
export const SKIPPED_NAMESPACES = ['kube-system', 'metallb-system', 'argocd-prd', 'argocd-hooks', 'kyverno-prd'];
/** …and pods with this label value (KubeCoder's environments). */
export const SKIPPED_LABEL = { key: 'app.kubernetes.io/managed-by', value: 'kubecoder' };

/** Where the harness reaches the stand-in's own endpoints (not part of Kyverno). */
export const HARNESS_PATH = '/harness';
