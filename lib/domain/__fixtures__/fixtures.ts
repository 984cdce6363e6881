// The JSON fixtures, typed: each is checked at load for the fields lib/domain reads (see asPod, asConfigMap).
import type { TableConfigMapShape } from '../table';
import type { PodShape, WebhookEntryShape } from '../types';
import cnpg from './pod-cnpg.json';
import coredns from './pod-coredns.json';
import cronJobJob from './pod-cronjob-job.json';
import daemonSet from './pod-daemonset.json';
import deployment from './pod-deployment.json';
import jenkinsAgent from './pod-jenkins-agent.json';
import jobBuild from './pod-job-build.json';
import kubecoder from './pod-kubecoder.json';
import ownerNotController from './pod-owner-not-controller.json';
import ownerless from './pod-ownerless.json';
import replicaSetNoLabel from './pod-replicaset-no-label.json';
import statefulSet from './pod-statefulset.json';
import unknownKind from './pod-unknown-kind.json';
import tableEmpty from './configmap-memory-requests-empty.json';
import tableMalformed from './configmap-memory-requests-malformed.json';
import table from './configmap-memory-requests.json';
import webhookConfiguration from './mutatingwebhookconfiguration.json';
import namespaceList from './namespaces.json';

// TypeScript types a JSON import by its literal contents (a container without cpu gets cpu?: undefined), which
// no Record<string, string> accepts; so each fixture is checked at load for the fields lib/domain reads instead.
function asPod(json: unknown): PodShape {
  const pod = json as PodShape;
  const named = (c: { name?: unknown }) => typeof c.name === 'string';
  if (typeof pod.metadata?.name !== 'string' || typeof pod.metadata.namespace !== 'string' || !pod.spec?.containers?.every(named)) {
    throw new Error('a pod fixture lacks metadata.name, metadata.namespace or named containers');
  }
  return pod;
}

interface ConfigMapFixture extends TableConfigMapShape {
  metadata: NonNullable<TableConfigMapShape['metadata']>;
  data?: Record<string, string>;
}

function asConfigMap(json: unknown): ConfigMapFixture {
  const configMap = json as ConfigMapFixture;
  if (!Array.isArray(configMap.metadata?.managedFields)) throw new Error('a ConfigMap fixture lacks managedFields');
  return configMap;
}

export const pods = {
  cnpg: asPod(cnpg),
  coredns: asPod(coredns),
  cronJobJob: asPod(cronJobJob),
  daemonSet: asPod(daemonSet),
  deployment: asPod(deployment),
  jenkinsAgent: asPod(jenkinsAgent),
  jobBuild: asPod(jobBuild),
  kubecoder: asPod(kubecoder),
  ownerNotController: asPod(ownerNotController),
  ownerless: asPod(ownerless),
  replicaSetNoLabel: asPod(replicaSetNoLabel),
  statefulSet: asPod(statefulSet),
  unknownKind: asPod(unknownKind),
};

export const configMaps = { table: asConfigMap(table), tableEmpty: asConfigMap(tableEmpty), tableMalformed: asConfigMap(tableMalformed) };

const entry = webhookConfiguration.webhooks[0];
if (!entry) throw new Error('the webhook fixture has no entry');
/** The pod webhook's entry, as Kyverno registers it in production. */
export const webhookEntry: WebhookEntryShape = entry;

/** Every namespace with its labels, as a namespace list gives them. */
export const namespaces = namespaceList.items.map((n) => ({ name: n.metadata.name, labels: stringsOf(n.metadata.labels) }));

function stringsOf(labels: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(labels).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The labels of one namespace of the fixture list. */
export function namespaceLabels(name: string): Record<string, string> {
  const found = namespaces.find((n) => n.name === name);
  if (!found) throw new Error(`no namespace ${name} in the fixtures`);
  return found.labels;
}

/** A deep copy to change in one test without touching the fixture the others read. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}
