import type { BreakGlassFacts, BreakGlassRecord } from '../break-glass';

/** A record as the history store gives it back. */
export const record = (at: string, action: BreakGlassRecord['action'], extra: Partial<BreakGlassRecord> = {}): BreakGlassRecord => ({
  at,
  action,
  replicas: null,
  registrations: [],
  probe: null,
  registrationPresent: null,
  ...extra,
});

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
