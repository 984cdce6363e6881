// A cluster's facts: the names of what memdash reads in it (Kyverno's namespace, the table, the CronJob, the
// webhook, the probe) and the snapshot's parameters, as the runbook names them. Every cluster starts from the
// MEMDASH_* settings of the same name and may say otherwise in its entry of MEMDASH_CLUSTERS; the server's own
// settings (sign-in, hosts, the store, limits) are never a cluster's. No 'server-only': config-start checks it.
import type { Settings } from '@/lib/config';

export const FACT_KEYS = [
  'kyvernoNamespace',
  'tableConfigMap',
  'snapshotCronJob',
  'snapshotWindowDays',
  'snapshotStepSeconds',
  'snapshotMetric',
  'restartsMetric',
  'lastTerminatedMetric',
  'podReasonMetric',
  'oomEventsMetric',
  'admissionDeployment',
  'admissionReplicas',
  'admissionPodSelector',
  'webhookConfiguration',
  'webhookEntry',
  'webhookOwner',
  'webhookManagedBySelector',
  'mutatingPolicy',
  'globalContextEntry',
  'probeNamespace',
  'probePod',
  'probeImage',
  'bootstrapNamespaces',
  'controlPlaneNodes',
  'jenkinsNamespace',
  'kubectl',
] as const satisfies ReadonlyArray<keyof Settings>;

export type FactKey = (typeof FACT_KEYS)[number];
export type ClusterFacts = Readonly<Pick<Settings, FactKey>>;

/** The facts every cluster starts from: the settings of the same names. */
export function factsFromSettings(s: Settings): ClusterFacts {
  return Object.freeze(Object.fromEntries(FACT_KEYS.map((k) => [k, s[k]]))) as ClusterFacts;
}

export const isFactKey = (key: string): key is FactKey => (FACT_KEYS as readonly string[]).includes(key);
