import { breakGlassRecord, type BreakGlassFacts } from '../break-glass';
import type { BreakGlassNames } from '../break-glass-commands';

/** The runbook's names, as memdash's settings default to them. */
export const RUNBOOK_NAMES: BreakGlassNames = {
  kubectl: 'kubectl',
  namespace: 'kyverno-prd',
  deployment: 'kyverno-admission-controller',
  podSelector: 'app.kubernetes.io/component=admission-controller',
  managedBySelector: 'webhook.kyverno.io/managed-by=kyverno',
  registration: 'kyverno-resource-mutating-webhook-cfg',
  probeNamespace: 'development',
  probePod: 'kyverno-probe',
  probeImage: 'busybox',
};

/** A record as the history store gives it back. */
export const record = breakGlassRecord;

/** Kyverno healthy, nothing recorded: three replicas, one pod shown, the pod webhook with its entry and owner. */
export const healthy: BreakGlassFacts = {
  deployment: { desired: 3, ready: 3 },
  podsLeft: [{ name: 'kac-1', node: 'srvk8s1', terminating: false }],
  registrations: ['MutatingWebhookConfiguration/kyverno-resource-mutating-webhook-cfg'],
  podRegistration: { entry: true, owner: true },
  records: [],
  defaultReplicas: 3,
  waitTimeoutMs: 120_000,
};
