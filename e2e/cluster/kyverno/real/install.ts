// The real Kyverno's objects, read at run time from the Kyverno module's own config/install-latest-testing.yaml
// (never copied into the repo): its CRDs, the admission controller's ServiceAccount and RBAC, and its ConfigMaps,
// moved from namespace `kyverno` to production's `kyverno-prd` and Service `kyverno-prd-svc`. Its Deployment and
// Services are not applied: the scenario declares the Deployment (KWOK runs its pods, the host runs the process)
// and the harness the Service. The ConfigMap `kyverno` gets the runbook's skips as its webhook selectors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { applyObjects, kubectl, waitEstablished } from '../../lib/kubectl.ts';
import { fail } from '../../lib/log.ts';
import { kyvernoModuleDir } from '../crds.ts';
import { DEPLOYMENT, NAMESPACE, SERVICE, SKIPPED_LABEL, SKIPPED_NAMESPACES } from '../names.ts';

const UPSTREAM_NAMESPACE = 'kyverno';
const UPSTREAM_SERVICE = 'kyverno-svc';
/** What the host process of the admission controller needs; the other controllers do not run (runbook: Facts). */
const APPLIED_KINDS = new Set([
  'CustomResourceDefinition',
  'ServiceAccount',
  'ConfigMap',
  'ClusterRole',
  'ClusterRoleBinding',
  'Role',
  'RoleBinding',
]);

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  subjects?: Array<{ kind: string; name: string; namespace?: string }>;
  spec?: any;
}

export interface AdmissionContainer {
  args: string[];
  /** the env values the Deployment sets as literals (the fieldRef ones, namespace and pod name, come from the harness) */
  env: Record<string, string>;
}

let cached: Manifest[] | null = null;

function upstreamManifests(): Manifest[] {
  if (cached) return cached;
  const file = join(kyvernoModuleDir(), 'config', 'install-latest-testing.yaml');
  cached = parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJS() as Manifest | null)
    .filter((m): m is Manifest => !!m?.kind);
  return cached;
}

/** Names in the upstream text that carry the namespace or the Service, rewritten for production's names. */
export function moved(text: string): string {
  return text
    .replaceAll(`${UPSTREAM_SERVICE}.${UPSTREAM_NAMESPACE}.svc`, `${SERVICE}.${NAMESPACE}.svc`)
    .replaceAll(`system:serviceaccount:${UPSTREAM_NAMESPACE}:`, `system:serviceaccount:${NAMESPACE}:`)
    .replaceAll(`,${UPSTREAM_NAMESPACE},`, `,${NAMESPACE},`)
    .replace(new RegExp(`^${UPSTREAM_SERVICE}$`), SERVICE);
}

/** The chart's `webhooks` value as production sets it: the runbook's skipped namespaces and label. */
export function webhookSelectors(): string {
  return JSON.stringify({
    namespaceSelector: { matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: SKIPPED_NAMESPACES }] },
    objectSelector: { matchExpressions: [{ key: SKIPPED_LABEL.key, operator: 'NotIn', values: [SKIPPED_LABEL.value] }] },
  });
}

function forProduction(m: Manifest): Manifest {
  const out: Manifest = structuredClone(m);
  if (out.metadata.namespace === UPSTREAM_NAMESPACE) out.metadata.namespace = NAMESPACE;
  for (const s of out.subjects ?? []) if (s.namespace === UPSTREAM_NAMESPACE) s.namespace = NAMESPACE;
  if (out.kind === 'ConfigMap' && out.metadata.name === 'kyverno' && out.data) {
    out.data = Object.fromEntries(Object.entries(out.data).map(([k, v]) => [k, moved(v)]));
    out.data.webhooks = webhookSelectors();
  }
  return out;
}

export function kyvernoObjects(): Manifest[] {
  return upstreamManifests()
    .filter((m) => APPLIED_KINDS.has(m.kind))
    .map(forProduction);
}

/** Every `up` with the real Kyverno: all 22 CRDs first (established before anything uses them), then the rest. */
export function applyRealKyvernoObjects(): void {
  const objects = kyvernoObjects();
  const crds = objects.filter((o) => o.kind === 'CustomResourceDefinition');
  kubectl(['apply', '--server-side', '--force-conflicts', '--field-manager=memdash-harness', '-f', '-'], {
    input: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: crds }),
  });
  for (const crd of crds) waitEstablished(crd.metadata.name);
  applyObjects(objects.filter((o) => o.kind !== 'CustomResourceDefinition'));
}

/** The admission controller's container in the upstream Deployment: its flags and literal env, names moved. */
export function admissionContainer(): AdmissionContainer {
  const deployment = upstreamManifests().find((m) => m.kind === 'Deployment' && m.metadata.name === DEPLOYMENT);
  const container = deployment?.spec?.template?.spec?.containers?.find((c: { name: string }) => c.name === 'kyverno');
  if (!container) fail(`no container kyverno in Deployment ${DEPLOYMENT} of the Kyverno module's install manifest`);
  const env: Record<string, string> = {};
  for (const e of container.env as Array<{ name: string; value?: string }>) if (e.value !== undefined) env[e.name] = moved(e.value);
  return { args: (container.args as string[]).map(moved), env };
}
