import 'server-only';
import type { V1MutatingWebhookConfiguration } from '@kubernetes/client-node';
import {
  breakGlassProgress,
  breakGlassRecord,
  showTime,
  STEP_ACTIONS,
  type BreakGlassRecord,
  type ProbeAnswer,
  type StepActionId,
} from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import { AppError } from '@/lib/errors';
import { recordBreakGlass, savedRegistration } from '@/lib/history/break-glass';
import {
  createSavedRegistration,
  deleteManagedRegistrations,
  readRegistrationToSave,
  scaleAdmissionController,
} from '@/lib/k8s/break-glass';
import type { KubeClients } from '@/lib/k8s/client';
import { probeNow } from '@/lib/k8s/probe';
import { readWebhookConfiguration } from '@/lib/k8s/webhook';
import { readBreakGlassFacts } from './break-glass';
import { noteProbeOutcome, readAwaitingKyvernoBack } from './incidents';
import { kyvernoNames } from './kyverno-names';
import type { StepAnswer } from './break-glass-types';

// The break-glass's and the drill's actions in one cluster: each does its write with the operator's clients (`w`, from
// the write guard), then records what the steps resume from. The write guard around them leaves the audit record.

/**
 * A step's second press within this moment of its first, by the same person, is refused (a double-click): the
 * drill's next button appears where the last one was, and a scale-down, delete or scale-up sent twice reads as two
 * operators fighting in the incident's timeline.
 */
export const STEP_DUPLICATE_MS = 5_000;

/**
 * A step route's audit record: its action and target as the domain's table states them, named from the cluster's
 * facts (the write guard hands the target the cluster the route names);
 * and its second press refused, unless the step only reads (the probe: presses at once share one probe through the
 * webhook page's limiter, each answered with it).
 */
export function stepAudit(id: StepActionId): {
  action: string;
  target: (body: unknown, cluster: Cluster) => string;
  duplicateWithinMs?: number;
} {
  const step = STEP_ACTIONS[id];
  return {
    action: step.audit,
    target: (_body, cluster) => step.target(kyvernoNames(cluster.facts)).audit,
    duplicateWithinMs: step.readsOnly ? undefined : STEP_DUPLICATE_MS,
  };
}

const record = (at: Date, action: BreakGlassRecord['action'], extra: Partial<BreakGlassRecord> = {}): BreakGlassRecord =>
  breakGlassRecord(at.toISOString(), action, extra);

async function remember(cluster: Cluster, r: BreakGlassRecord, saved: object | null = null): Promise<void> {
  await recordBreakGlass(await cluster.history(), r, saved);
}

export async function scaleDown(cluster: Cluster, w: KubeClients, now: Date): Promise<StepAnswer> {
  const result = await scaleAdmissionController(cluster, w, 0);
  await remember(cluster, record(now, 'scale-down', { replicas: result.before }));
  return { step: 'scale-down', replicas: result, done: result.changed ? `Scaled from ${result.before} to 0` : 'Already at 0' };
}

export async function deleteRegistrations(cluster: Cluster, w: KubeClients, now: Date): Promise<StepAnswer> {
  const deleted = await deleteManagedRegistrations(cluster, w);
  await remember(cluster, record(now, 'delete-registrations', { registrations: deleted }));
  return { step: 'delete-registrations', deleted, done: deleted.length ? `Deleted ${deleted.join(', ')}` : 'None was standing' };
}

// The last probe answer recorded, per cluster: requests that shared one probe (its limiter's) leave one record of it.
const recordedProbeAt = new WeakMap<Cluster, string>();

export async function probe(cluster: Cluster): Promise<StepAnswer> {
  const { answer, present } = await recordedProbe(cluster);
  return { step: 'probe', probe: answer, done: `${answer.outcome}${present ? ' (the registration stands)' : ' (no registration)'}` };
}

/**
 * A probe started now, with whether the pod webhook's registration stood as it began, kept with the steps' records.
 * The record is dated when the probe answered, not when it was pressed: "pod creation restored" and "Kyverno back"
 * are what its answer says, so they come after the step that ran it and after the registration's return (a press
 * may come within milliseconds of the return, before memdash's watch has seen it).
 */
async function recordedProbe(cluster: Cluster): Promise<{ answer: ProbeAnswer; present: boolean }> {
  const registration = await readWebhookConfiguration(cluster);
  const present = Boolean(registration?.webhooks?.some((e) => e.name === cluster.facts.webhookEntry));
  const answer = await probeNow(cluster, { fresh: true });
  await noteProbeOutcome(cluster, answer);
  if (answer.at !== recordedProbeAt.get(cluster)) {
    recordedProbeAt.set(cluster, answer.at);
    await remember(cluster, record(new Date(answer.at), 'probe', { probe: answer.outcome, registrationPresent: present }));
  }
  return { answer, present };
}

/**
 * The probe as the pages run it (the header's, the webhook page's, the break-glass evidence's). While an incident
 * waits for Kyverno to be back, it is run and recorded as the probe step is, so that the first probe admitted through
 * the registration ends the incident whoever ran it; otherwise it shares the limiter's last answer and is not recorded
 * with the steps. A store that cannot say leaves it unrecorded: the probe's answer matters more.
 */
export async function pageProbe(cluster: Cluster, now = new Date()): Promise<ProbeAnswer> {
  const awaiting = await readAwaitingKyvernoBack(cluster, now).catch(() => false);
  if (awaiting) return (await recordedProbe(cluster)).answer;
  const answer = await probeNow(cluster);
  await noteProbeOutcome(cluster, answer);
  return answer;
}

/** Back to the recorded count (else the default), read from the records, not from the request. */
export async function scaleUp(cluster: Cluster, w: KubeClients, now: Date): Promise<StepAnswer> {
  const { facts } = await readBreakGlassFacts(cluster, now);
  const to = breakGlassProgress(facts, now).scaleUpTo;
  const result = await scaleAdmissionController(cluster, w, to);
  await remember(cluster, record(now, 'scale-up', { replicas: to }));
  return { step: 'scale-up', replicas: result, done: result.changed ? `Scaled from ${result.before} to ${to}` : `Already at ${to}` };
}

/** The drill's first write is a read: the registration as the runbook's jq keeps it, stored with the record. */
export async function saveForDrill(cluster: Cluster, now: Date): Promise<StepAnswer & { saved: object }> {
  const saved = await readRegistrationToSave(cluster);
  await remember(cluster, record(now, 'drill-save'), saved);
  return { step: 'save', saved, done: `Saved ${saved.metadata?.name} with ${saved.webhooks?.length ?? 0} webhooks` };
}

export async function createSaved(cluster: Cluster, w: KubeClients, now: Date): Promise<StepAnswer> {
  const saved = await savedRegistration(await cluster.history());
  if (!saved) throw new AppError('not-found', 'No registration was saved: start the drill by saving it.');
  const { created } = await createSavedRegistration(cluster, w, saved.registration as V1MutatingWebhookConfiguration);
  await remember(cluster, record(now, 'drill-create-saved'));
  return {
    step: 'create-saved',
    done: created ? `Created the copy saved at ${showTime(saved.at)}` : 'A registration of that name already stands',
  };
}
