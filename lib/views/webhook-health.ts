import 'server-only';
import {
  checkRegistrations,
  coveredNamespaces,
  describeRequirement,
  failClosedAudit,
  failurePolicyOf,
  kyvernoRegistrations,
  outOfReach,
  ownedBy,
  webhookStateOf,
  withNameLabel,
  type LabelSelector,
  type RegistrationShape,
} from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import type { ClusterFacts } from '@/lib/cluster/facts';
import { readiness } from '@/lib/k8s/health';
import { readAdmissionBudgets, readAdmissionPods, readAdmissionReplicas, type AdmissionReplicas } from '@/lib/k8s/admission';
import { readFailedCreates, readQuotaRefusals } from '@/lib/k8s/failed-creates';
import { readGlobalContextEntry, readMutatingPolicy } from '@/lib/k8s/policy-objects';
import { listNamespaces, type NamespaceLabels } from '@/lib/k8s/namespaces';
import { listRegistrations } from '@/lib/k8s/registrations';
import { readSnapshotRuns } from '@/lib/k8s/snapshot-runs';
import { readTable } from '@/lib/k8s/table';
import { kyvernoNames } from './kyverno-names';
import { attempt, part } from './part';
import { visibleNamespaces, visiblePart, type Rights } from '@/lib/domain/rights';
import { requirePodsIn, requireSnapshotRuns, withheld } from '@/lib/http/viewer';
import type { Part, PodRegistrationView, TableState, WebhookHealth } from './webhook-health-types';

// Everything the webhook page shows, read in parallel; each part succeeds or fails on its own, so a refused read
// blanks one panel and says which permission it needs, never the page.

const valueOf = <T>(p: Part<T>): T | undefined => (p.ok ? p.value : undefined);

/**
 * The webhook page for one person: its state and the registrations for everyone signed in (that is what the page is
 * for), its evidence cut to them: refused creates of their namespaces, Kyverno's pods if they may list them there,
 * the snapshot runs' last log lines if they may read its logs.
 */
export async function readWebhookHealth(cluster: Cluster, rights: Rights, now = new Date()): Promise<WebhookHealth> {
  const health = await readWebhookHealthForAll(cluster, now);
  const ns = cluster.facts.kyvernoNamespace;
  return {
    ...health,
    pods: withheld(health.pods, () => requirePodsIn(rights, ns)),
    snapshotRuns: withheld(health.snapshotRuns, () => requireSnapshotRuns(cluster, rights)),
    failedCreates: visiblePart(rights, health.failedCreates, (group) => group.owner.namespace),
    quotaRefusals: visiblePart(rights, health.quotaRefusals, (group) => group.owner.namespace),
    registration: health.registration.ok ? { ok: true, value: registrationFor(rights, health.registration.value) } : health.registration,
    table: health.table.ok ? { ok: true, value: tableStateFor(rights, health.table.value) } : health.table,
  };
}

/** The registration's covered and skipped namespaces cut to theirs; the others only counted. */
function registrationFor(rights: Rights, view: PodRegistrationView | null): PodRegistrationView | null {
  if (!view) return null;
  const entries = view.entries.map((entry) => {
    if (!entry.namespaces) return entry;
    const covered = visibleNamespaces(rights, entry.namespaces.covered);
    const skipped = visibleNamespaces(rights, entry.namespaces.skipped);
    return {
      ...entry,
      namespaces: { covered: covered.names, skipped: skipped.names, unread: { covered: covered.unread, skipped: skipped.unread } },
    };
  });
  return { ...view, entries };
}

/** Whether the table is there is everyone's (pods are sized by it or not); its size and last write are the table's. */
export function tableStateFor(rights: Rights, table: TableState): TableState {
  return rights.table ? table : { ...table, rows: null, lastWriteAt: null };
}

async function readWebhookHealthForAll(cluster: Cluster, now: Date): Promise<WebhookHealth> {
  const s = cluster.facts;
  const k = cluster.clients();
  const ns = s.kyvernoNamespace;
  const [
    reach,
    registrations,
    namespaces,
    replicas,
    pods,
    mutatingPolicy,
    globalContextEntry,
    table,
    snapshotRuns,
    failedCreates,
    quotaRefusals,
  ] = await Promise.all([
    attempt(() => readiness(cluster)),
    part('list mutatingwebhookconfigurations and validatingwebhookconfigurations (admissionregistration.k8s.io)', () =>
      listRegistrations(cluster),
    ),
    part('list namespaces', () => listNamespaces(cluster)),
    part(`get deployments.apps in ${ns}`, () => readAdmissionReplicas(cluster)),
    part(`list pods in ${ns}`, () => readAdmissionPods(cluster)),
    part('get mutatingpolicies.policies.kyverno.io', () => readMutatingPolicy(cluster)),
    part('get globalcontextentries.kyverno.io and list events', () => readGlobalContextEntry(cluster, now)),
    part(`get configmaps in ${ns}`, async () => {
      const t = await readTable(cluster);
      return { exists: t.exists, loaded: t.parsed.loaded, rows: t.parsed.count, lastWriteAt: t.lastWriteAt };
    }),
    part(`list jobs.batch, list pods and get pods/log in ${ns}`, () => readSnapshotRuns(cluster, k)),
    part('list events in every namespace', () => readFailedCreates(cluster, now)),
    part('list events in every namespace', () => readQuotaRefusals(cluster, now)),
  ]);
  const budgets = await part(`list poddisruptionbudgets.policy in ${ns}`, () =>
    readAdmissionBudgets(cluster, valueOf(replicas)?.podLabels ?? {}),
  );
  const all = valueOf(registrations);
  const nsList = valueOf(namespaces);
  const managed = s.webhookManagedBySelector.split('=') as [string, string];
  return {
    readAt: now.toISOString(),
    state: reachedState(reach, stateOf(s, valueOf(replicas), all, replicas.ok && registrations.ok)),
    registration: registrations.ok ? { ok: true, value: podRegistrationView(s, all!, nsList) } : registrations,
    kyvernoRegistrations: registrations.ok
      ? { ok: true, value: checkRegistrations(kyvernoRegistrations(all!, { key: managed[0], value: managed[1] }), s.webhookOwner) }
      : registrations,
    audit: !registrations.ok ? registrations : { ok: true, value: failClosedAudit(all!, guardedNamespaces(s, nsList)) },
    replicas,
    pods,
    budgets,
    mutatingPolicy,
    globalContextEntry,
    table,
    snapshotRuns,
    failedCreates,
    quotaRefusals,
    names: kyvernoNames(s),
  };
}

/** Only the state on top of the page (two reads): what GET /metrics and `memdash health` report. */
export async function readWebhookState(cluster: Cluster): Promise<WebhookHealth['state']> {
  const s = cluster.facts;
  const [reach, registrations, replicas] = await Promise.all([
    attempt(() => readiness(cluster)),
    part('list mutatingwebhookconfigurations and validatingwebhookconfigurations (admissionregistration.k8s.io)', () =>
      listRegistrations(cluster),
    ),
    part(`get deployments.apps in ${s.kyvernoNamespace}`, () => readAdmissionReplicas(cluster)),
  ]);
  return reachedState(reach, stateOf(s, valueOf(replicas), valueOf(registrations), replicas.ok && registrations.ok));
}

/**
 * The state, unless the API server did not answer just now: the registrations and the replicas come from watch-fed
 * caches, which keep what they last heard while the API server is away (a restart, a broken VIP) and would read
 * healthy. Then the state is a failure that says the API server is out of reach (lib/domain verdictOf: unknown).
 */
function reachedState(reach: Part<unknown>, state: WebhookHealth['state']): WebhookHealth['state'] {
  if (reach.ok || !outOfReach(reach.error)) return state;
  return { ok: false, error: reach.error, needs: 'the Kubernetes API server, which does not answer memdash' };
}

function podRegistrationOf(s: ClusterFacts, all: RegistrationShape[]): RegistrationShape | null {
  return all.find((r) => r.kind === 'MutatingWebhookConfiguration' && r.metadata.name === s.webhookConfiguration) ?? null;
}

function stateOf(
  s: ClusterFacts,
  replicas: AdmissionReplicas | null | undefined,
  all: RegistrationShape[] | undefined,
  known: boolean,
): WebhookHealth['state'] {
  if (!known || all === undefined || replicas === undefined) {
    return {
      ok: false,
      error: { code: 'internal', message: 'The state needs both the admission controller and the registrations; see their panels.' },
      needs: 'the reads below',
    };
  }
  const registration = podRegistrationOf(s, all);
  const value = webhookStateOf({
    replicas: replicas ? { desired: replicas.desired, ready: replicas.ready } : null,
    registration: registration
      ? { entries: registration.webhooks ?? [], ownerReferences: registration.metadata.ownerReferences ?? [] }
      : null,
    entryName: s.webhookEntry,
    ownerName: s.webhookOwner,
  });
  return { ok: true, value };
}

/** The pod webhook's registration, its selectors in words and as covered/skipped namespaces (read, not assumed). */
function podRegistrationView(
  s: ClusterFacts,
  all: RegistrationShape[],
  namespaces: NamespaceLabels[] | undefined,
): PodRegistrationView | null {
  const registration = podRegistrationOf(s, all);
  if (!registration) return null;
  const owners = registration.metadata.ownerReferences ?? [];
  return {
    name: registration.metadata.name,
    createdAt: toIso(registration.metadata.creationTimestamp),
    owners: owners.map((o) => `${o.kind}/${o.name}`),
    ownedAsExpected: ownedBy(owners, s.webhookOwner),
    entries: (registration.webhooks ?? []).map((entry) => ({
      name: entry.name,
      failurePolicy: failurePolicyOf(entry),
      namespaceSelector: selectorWords(entry.namespaceSelector),
      objectSelector: selectorWords(entry.objectSelector),
      namespaces: namespaces ? { ...coveredNamespaces(entry, namespaces), unread: { covered: 0, skipped: 0 } } : null,
    })),
  };
}

function selectorWords(selector: LabelSelector | undefined): string[] {
  return [
    ...Object.entries(selector?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`),
    ...(selector?.matchExpressions ?? []).map(describeRequirement),
  ];
}

/** Kyverno's namespace and the bootstrap ones, with their labels where they exist (the name label otherwise). */
function guardedNamespaces(s: ClusterFacts, namespaces: NamespaceLabels[] | undefined) {
  return [s.kyvernoNamespace, ...s.bootstrapNamespaces].map((name) => ({
    name,
    labels: namespaces?.find((n) => n.name === name)?.labels ?? withNameLabel(name, {}),
  }));
}

function toIso(time: string | Date | undefined): string | null {
  if (!time) return null;
  return time instanceof Date ? time.toISOString() : time;
}
