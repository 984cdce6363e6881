import 'server-only';
import {
  KubernetesObjectApi,
  type KubeConfig,
  type V1ConfigMap,
  type V1Deployment,
  type V1MutatingWebhookConfiguration,
} from '@kubernetes/client-node';
import { lastDataWrite, type RegistrationObservation } from '@/lib/domain';
import type { Settings } from '@/lib/config';
import { clientsFor } from '@/lib/k8s/client';
import type { HistoryDb } from './db';
import { ListWatch } from './list-watch';
import { recordRegistration, recordReplicas } from './observations';
import { recordTableVersion } from './store';

// The recorder: what the cluster does not keep, written down as it happens. The table's every version, the pod
// webhook's registration (gone, back, entry/failurePolicy/owner changed) and the admission controller's ready
// replicas. Started once per server by instrumentation.ts; MEMDASH_RECORDER=off leaves it out.

export interface Recorder {
  stop(): void;
  done: Promise<void>;
}

export function startRecorder(db: HistoryDb, kc: KubeConfig, s: Settings): Recorder {
  const watches = [tableWatch(db, kc, s), registrationWatch(db, kc, s), replicasWatch(db, kc, s)].map(
    (spec) => new ListWatch(db, kc, spec as never),
  );
  const done = Promise.all(watches.map((w) => w.run())).then(() => undefined);
  return { stop: () => watches.forEach((w) => w.stop()), done };
}

function byName(name: string): string {
  return `metadata.name=${name}`;
}

function tableWatch(db: HistoryDb, kc: KubeConfig, s: Settings) {
  const record = (cm: V1ConfigMap | null, at: Date, rv: string) => {
    const write = cm ? lastDataWrite(cm) : null;
    return recordTableVersion(db, {
      data: cm?.data,
      resourceVersion: rv,
      seenAt: at,
      writtenAt: write?.source === 'data-fields' ? write.at : null,
    });
  };
  let listRv = '';
  return {
    name: `configmap/${s.kyvernoNamespace}/${s.tableConfigMap}`,
    path: `/api/v1/namespaces/${s.kyvernoNamespace}/configmaps`,
    fieldSelector: byName(s.tableConfigMap),
    list: async () => {
      const list = await clientsFor(kc).core.listNamespacedConfigMap({
        namespace: s.kyvernoNamespace,
        fieldSelector: byName(s.tableConfigMap),
      });
      listRv = list.metadata?.resourceVersion ?? '';
      return { items: list.items, resourceVersion: listRv };
    },
    onList: async (cm: V1ConfigMap | null, at: Date) => void (await record(cm, at, cm?.metadata?.resourceVersion ?? `list-${listRv}`)),
    onEvent: async (type: string, cm: V1ConfigMap, at: Date) => {
      const rv = cm.metadata?.resourceVersion ?? '';
      await record(type === 'DELETED' ? null : cm, at, type === 'DELETED' ? `deleted-${rv}` : rv);
    },
  };
}

function registrationWatch(db: HistoryDb, kc: KubeConfig, s: Settings) {
  const observe = (cfg: V1MutatingWebhookConfiguration | null, at: Date, live: boolean) =>
    observeRegistration(cfg, s.webhookEntry, at, live);
  return {
    name: `mutatingwebhookconfiguration/${s.webhookConfiguration}`,
    path: '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations',
    fieldSelector: byName(s.webhookConfiguration),
    list: async () => {
      const list = await clientsFor(kc).admission.listMutatingWebhookConfiguration({ fieldSelector: byName(s.webhookConfiguration) });
      return { items: list.items, resourceVersion: list.metadata?.resourceVersion ?? '' };
    },
    onList: async (cfg: V1MutatingWebhookConfiguration | null, at: Date) => void (await recordRegistration(db, observe(cfg, at, false))),
    onEvent: async (type: string, cfg: V1MutatingWebhookConfiguration, at: Date, live: boolean) =>
      void (await recordRegistration(db, observe(type === 'DELETED' ? null : cfg, at, live))),
  };
}

/** What the recorder writes down about the pod webhook's registration (null: deleted) at `at`. */
export function observeRegistration(
  cfg: V1MutatingWebhookConfiguration | null,
  entryName: string,
  at: Date,
  live: boolean,
): RegistrationObservation {
  const entry = cfg?.webhooks?.find((w) => w.name === entryName) ?? null;
  const created = cfg?.metadata?.creationTimestamp;
  return {
    at: at.toISOString(),
    present: entry !== null,
    uid: cfg?.metadata?.uid ?? null,
    createdAt: created ? new Date(created).toISOString() : null,
    failurePolicy: entry?.failurePolicy ?? null,
    owner: cfg?.metadata?.ownerReferences?.map((o) => `${o.kind}/${o.name}`).join(', ') || null,
    live,
  };
}

function replicasWatch(db: HistoryDb, kc: KubeConfig, s: Settings) {
  const observe = (d: V1Deployment | null, at: Date) =>
    recordReplicas(db, {
      at: at.toISOString(),
      ready: d ? (d.status?.readyReplicas ?? 0) : null,
      desired: d ? (d.spec?.replicas ?? 1) : null,
    });
  return {
    name: `deployment/${s.kyvernoNamespace}/${s.admissionDeployment}`,
    path: `/apis/apps/v1/namespaces/${s.kyvernoNamespace}/deployments`,
    fieldSelector: byName(s.admissionDeployment),
    list: async () => {
      const api = KubernetesObjectApi.makeApiClient(kc);
      const list = await api.list<V1Deployment>(
        'apps/v1',
        'Deployment',
        s.kyvernoNamespace,
        undefined,
        undefined,
        undefined,
        byName(s.admissionDeployment),
      );
      return { items: list.items, resourceVersion: list.metadata?.resourceVersion ?? '' };
    },
    onList: async (d: V1Deployment | null, at: Date) => void (await observe(d, at)),
    onEvent: async (type: string, d: V1Deployment, at: Date) => void (await observe(type === 'DELETED' ? null : d, at)),
  };
}
