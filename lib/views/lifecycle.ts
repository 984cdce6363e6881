import 'server-only';
import { checkRegistrations, kyvernoRegistrations, lifecycleCommands, removalState, upgradeAlarm } from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import { readGlobalContextEntry, readMutatingPolicy } from '@/lib/k8s/policy-objects';
import { listRegistrations } from '@/lib/k8s/registrations';
import { listKyvernoCrds, readAdmissionNow, readWebhookOwnerRole } from '@/lib/k8s/removal';
import { readTable } from '@/lib/k8s/table';
import { kyvernoNames } from './kyverno-names';
import { part } from './part';
import type { Rights } from '@/lib/domain/rights';
import type { LifecycleView } from './lifecycle-types';

// The runbook's "Upgrading and removing the app" as one read: after an upgrade, the registrations' owners, what the
// admission controller runs, the policy's READY and the table's load; before and after a removal, what stays. Each
// part fails on its own, naming the permission its read needs.

export async function readLifecycle(cluster: Cluster, rights: Rights, now = new Date()): Promise<LifecycleView> {
  const s = cluster.facts;
  const [all, admission, owner, mutatingPolicy, globalContextEntry, table, crds] = await Promise.all([
    part('list mutatingwebhookconfigurations and validatingwebhookconfigurations (admissionregistration.k8s.io)', () =>
      listRegistrations(cluster),
    ),
    part(`get deployments.apps and list pods in ${s.kyvernoNamespace}`, () => readAdmissionNow(cluster)),
    part(`get clusterroles.rbac.authorization.k8s.io ${s.webhookOwner}`, () => readWebhookOwnerRole(cluster)),
    part('get mutatingpolicies.policies.kyverno.io', () => readMutatingPolicy(cluster)),
    part('get globalcontextentries.kyverno.io and list events', () => readGlobalContextEntry(cluster, now)),
    part(`get configmaps in ${s.kyvernoNamespace}`, async () => {
      const t = await readTable(cluster);
      // whether it loads decides the upgrade; its size is the table's, for those who may get it
      return { exists: t.exists, loaded: t.parsed.loaded, rows: rights.table ? t.parsed.count : null };
    }),
    part('list customresourcedefinitions.apiextensions.k8s.io', () => listKyvernoCrds(cluster)),
  ]);
  const [key, value] = s.webhookManagedBySelector.split('=') as [string, string];
  const registrations = all.ok
    ? { ok: true as const, value: checkRegistrations(kyvernoRegistrations(all.value, { key, value }), s.webhookOwner) }
    : all;
  const names = kyvernoNames(s);
  return {
    readAt: now.toISOString(),
    registrations,
    alarm: registrations.ok ? upgradeAlarm(registrations.value, s.webhookConfiguration) : null,
    admission,
    owner,
    mutatingPolicy,
    globalContextEntry,
    table,
    crds,
    removal:
      registrations.ok && crds.ok && admission.ok
        ? removalState(registrations.value, crds.value, admission.value, s.webhookConfiguration)
        : null,
    commands: lifecycleCommands(s.kubectl),
    names: {
      kubectl: names.kubectl,
      namespace: names.namespace,
      deployment: names.deployment,
      registration: names.registration,
      owner: names.owner,
    },
  };
}
