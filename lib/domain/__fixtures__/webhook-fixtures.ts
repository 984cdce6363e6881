// The webhook page's fixtures, typed: registrations as `kubectl get mutatingwebhookconfigurations,
// validatingwebhookconfigurations -o json` lists them, the admission controller's Deployment, FailedCreate events.
import type { EventShape } from '../event-evidence';
import type { RegistrationShape } from '../registrations';
import type { OwnerRef, WebhookEntryShape } from '../types';
import deploymentJson from './deployment-kyverno-admission-controller.json';
import failedCreatesJson from './events-failedcreate.json';
import forgedEventsJson from './events-forged.json';
import entryEventsJson from './events-globalcontextentry.json';
import policyAgentJson from './validatingwebhookconfiguration-policy-agent.json';
import kyvernoJson from './webhookconfigurations-kyverno.json';

function asRegistration(json: unknown): RegistrationShape {
  const r = json as RegistrationShape;
  if ((r.kind !== 'MutatingWebhookConfiguration' && r.kind !== 'ValidatingWebhookConfiguration') || typeof r.metadata?.name !== 'string') {
    throw new Error('a registration fixture lacks its kind or name');
  }
  return r;
}

/** Kyverno's five registrations as v1.19.1's leader writes them. */
export const kyvernoRegistrationList = kyvernoJson.items.map(asRegistration);
/** Another product's Fail pod webhook that covers every namespace (and an Ignore one beside it). */
export const policyAgent = asRegistration(policyAgentJson);

export function registration(name: string): RegistrationShape {
  const found = kyvernoRegistrationList.find((r) => r.metadata.name === name);
  if (!found) throw new Error(`no registration ${name} in the fixtures`);
  return structuredClone(found);
}

/** The pod webhook's registration as webhookStateOf takes it. */
export function podRegistration(): { entries: WebhookEntryShape[]; ownerReferences: OwnerRef[] } {
  const r = registration('kyverno-resource-mutating-webhook-cfg');
  return { entries: r.webhooks ?? [], ownerReferences: r.metadata.ownerReferences ?? [] };
}

export const admissionDeployment = deploymentJson as { spec: { replicas: number }; status: { readyReplicas?: number } };

export const failedCreateEvents = failedCreatesJson.items as EventShape[];
/** FailedCreate events written by hand (kubectl create): no source, another namespace, the wrong controller, … */
export const forgedFailedCreateEvents = forgedEventsJson.items as EventShape[];
/** Events about the GlobalContextEntry: Kyverno's own (events.k8s.io's shape), and ones written by others. */
export const globalContextEntryEvents = entryEventsJson.items as EventShape[];
