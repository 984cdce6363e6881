// What a write credential may do, in words, from the cluster's SelfSubjectAccessReview answers: "may create jobs in
// kyverno-prd", "may not patch configmaps memory-requests in kyverno-prd: <the cluster's reason>".

/** One question to the cluster's RBAC, as a SelfSubjectAccessReview's resourceAttributes ask it. */
export interface AccessCheck {
  verb: string;
  /** The API group, '' for the core group (pods, configmaps). */
  group: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

export interface AccessAnswer {
  check: AccessCheck;
  allowed: boolean;
  /** The authorizer's reason or evaluation error, when it gave one. */
  reason: string | null;
  /** "may create jobs in kyverno-prd" / "may not: …". */
  text: string;
}

/** "create jobs in kyverno-prd", "patch configmaps memory-requests in kyverno-prd", "update deployments/scale …". */
export function describeCheck(check: AccessCheck): string {
  const resource = check.subresource ? `${check.resource}/${check.subresource}` : check.resource;
  const name = check.name ? ` ${check.name}` : '';
  const where = check.namespace ? ` in ${check.namespace}` : ' (cluster-wide)';
  return `${check.verb} ${resource}${name}${where}`;
}

export function accessAnswer(check: AccessCheck, allowed: boolean, reason: string | null): AccessAnswer {
  const what = describeCheck(check);
  const text = allowed ? `may ${what}` : `may not ${what}${reason ? `: ${reason}` : ''}`;
  return { check, allowed, reason: reason || null, text };
}

/** May it patch the table ConfigMap: what a restore and an import of a saved table both need. */
export function tablePatchCheck(namespace: string, table: string): AccessCheck {
  return { verb: 'patch', group: '', resource: 'configmaps', namespace, name: table };
}
