import type { AccessCheck } from './access';
import { STEP_TITLES, type StepId } from './break-glass';
import type { BreakGlassCommands, BreakGlassNames } from './break-glass-commands';
import { DRILL_STEP_TITLES, type DrillStepId } from './drill';

// The break-glass's and the drill's writes, each stated once: what it acts on, the commands it stands for, what the
// cluster must allow before it is pressed, and its audit record. The step routes and both pages' buttons read it; a
// page adds only its own words (the title, the button's label) and what it reads live (replicas, registrations).

export type StepActionId = 'save' | 'scale-down' | 'create-saved' | 'delete-registrations' | 'probe' | 'scale-up';

/** The names a step is stated with, from the cluster's facts, as kyvernoNames(facts) and the pages' views carry them. */
export type StepNames = Pick<
  BreakGlassNames,
  'namespace' | 'deployment' | 'managedBySelector' | 'registration' | 'probeNamespace' | 'probePod'
>;

/** The runbook's commands filled in, the scale-up's with the count it goes back to: the views' `commands`. */
export type StepCommands = Record<keyof BreakGlassCommands, string>;

/** What a step acts on. */
export interface StepTarget {
  /** What it is, as the page says it before its name: "Deployment". */
  words: string;
  /** Its name, shown as code: "kyverno-prd/kyverno-admission-controller". */
  name: string;
  /** The audit record's target: "kyverno-prd/deployment/kyverno-admission-controller". */
  audit: string;
}

export interface StepAction {
  /** The audit record's action: what the audit log is searched by. */
  audit: string;
  /** Where its button posts (the drill's own two under /drill). */
  path: string;
  target: (n: StepNames) => StepTarget;
  /** The commands it stands for, in the order they run: what its Copy puts on the clipboard, never another step's. */
  commands: (c: StepCommands) => string[];
  /** What the write credential must be allowed, asked of the cluster before the button is pressed. */
  checks: (n: StepNames) => AccessCheck[];
  /** It only reads: with no write credential it runs with memdash's read credential. */
  readsOnly?: boolean;
  /** What the operator types before it runs, sent as the body's `confirm`. */
  confirm?: (n: StepNames) => string;
}

const deployment = (n: StepNames): StepTarget => ({
  words: 'Deployment',
  name: `${n.namespace}/${n.deployment}`,
  audit: `${n.namespace}/deployment/${n.deployment}`,
});

const registration = (n: StepNames): StepTarget => ({
  words: 'MutatingWebhookConfiguration',
  name: n.registration,
  audit: `mutatingwebhookconfiguration/${n.registration}`,
});

const scale = (n: StepNames): AccessCheck => ({
  verb: 'update',
  group: 'apps',
  resource: 'deployments',
  subresource: 'scale',
  namespace: n.namespace,
  name: n.deployment,
});

const registrations = (verb: string, resource: string): AccessCheck => ({ verb, group: 'admissionregistration.k8s.io', resource });

export const STEP_ACTIONS: Record<StepActionId, StepAction> = {
  save: {
    audit: 'drill.save',
    path: '/api/break-glass/drill/save',
    target: registration,
    commands: (c) => [c.saveRegistration],
    // a read; the route asks for the whole drill's rights before it
    checks: () => [],
    // starting the drill is typed out: the Deployment it will scale to zero
    confirm: (n) => n.deployment,
  },
  'scale-down': {
    audit: 'break-glass.scale-down',
    path: '/api/break-glass/scale-down',
    target: deployment,
    commands: (c) => [c.scaleDown, c.waitPods],
    checks: (n) => [scale(n)],
  },
  'create-saved': {
    audit: 'drill.create-saved',
    path: '/api/break-glass/drill/create-saved',
    target: registration,
    commands: (c) => [c.createSaved],
    checks: () => [registrations('create', 'mutatingwebhookconfigurations')],
  },
  'delete-registrations': {
    audit: 'break-glass.delete-registrations',
    path: '/api/break-glass/delete-registrations',
    target: (n) => ({
      words: 'Every registration labelled',
      name: n.managedBySelector,
      audit: `webhook configurations -l ${n.managedBySelector}`,
    }),
    commands: (c) => [c.deleteRegistrations],
    checks: () => [registrations('delete', 'mutatingwebhookconfigurations'), registrations('delete', 'validatingwebhookconfigurations')],
  },
  probe: {
    audit: 'break-glass.probe',
    path: '/api/break-glass/probe',
    target: (n) => ({
      words: 'A server-side dry run of pod',
      name: `${n.probeNamespace}/${n.probePod}`,
      audit: `${n.probeNamespace}/pod/${n.probePod} (dry run)`,
    }),
    commands: (c) => [c.probe],
    checks: () => [],
    readsOnly: true,
  },
  'scale-up': {
    audit: 'break-glass.scale-up',
    path: '/api/break-glass/scale-up',
    target: deployment,
    commands: (c) => [c.scaleUp, c.checkRegistration],
    checks: (n) => [scale(n)],
  },
};

/** A step's button as a page offers it: the page's words for it. */
export interface StepButton {
  action: StepActionId;
  title: string;
  /** What the button says; a scale-up's names the count it goes back to. */
  label: string | ((replicas: number) => string);
  /** Red: pressing it can leave covered pods refused, or created without the table's request. */
  breaksPodCreation: boolean;
  /** A read the page shows after the step's commands: what must hold once it ran. */
  check?: (c: StepCommands) => string;
  /**
   * How long the button waits, once it appears, before it can be pressed: the next step's button appears where the
   * last one was, and a repeated click must not press the one that refuses every covered pod.
   */
  pauseMs?: number;
}

/** The deliberate pause before a button that refuses every covered pod can be pressed. */
export const STEP_PAUSE_MS = 3_000;

export function buttonLabel(button: StepButton, replicas: number): string {
  return typeof button.label === 'string' ? button.label : button.label(replicas);
}

/**
 * The break-glass page's buttons, by the step that offers them. Scaling down and back up are red: from the one until
 * the other covered pods are created without the table's request, and a replica that starts while the fault is still
 * there registers the webhooks again.
 */
export const BREAK_GLASS_BUTTONS: Partial<Record<StepId, StepButton>> = {
  'scale-down': { action: 'scale-down', title: STEP_TITLES['scale-down'], label: 'Scale to 0', breaksPodCreation: true },
  'delete-registrations': {
    action: 'delete-registrations',
    title: STEP_TITLES['delete-registrations'],
    label: 'Delete them',
    breaksPodCreation: false,
  },
  probe: { action: 'probe', title: 'Run the probe: admitted?', label: 'Run the probe', breaksPodCreation: false },
  // appears where the probe's button was; a replica that starts while the fault is there refuses every covered pod
  'scale-up': {
    action: 'scale-up',
    title: 'Bring Kyverno back',
    label: (replicas) => `Scale to ${replicas}`,
    breaksPodCreation: true,
    pauseMs: STEP_PAUSE_MS,
  },
  'probe-through': {
    action: 'probe',
    title: 'Run the probe: admitted through Kyverno?',
    label: 'Run the probe',
    breaksPodCreation: false,
  },
};

/**
 * The drill's buttons, by its steps, and the probe it asks for between them. With Kyverno healthy the scale-down
 * takes the registration with it; only the saved copy, created with no replica to answer it, refuses covered pods.
 */
export const DRILL_BUTTONS: Record<DrillStepId | 'probe', StepButton> = {
  save: { action: 'save', title: DRILL_STEP_TITLES.save, label: 'Start the drill: save the registration', breaksPodCreation: false },
  'scale-down': {
    action: 'scale-down',
    title: DRILL_STEP_TITLES['scale-down'],
    label: 'Scale to 0',
    breaksPodCreation: false,
    check: (c) => `${c.checkRegistration}   # NotFound`,
  },
  'create-saved': {
    action: 'create-saved',
    title: DRILL_STEP_TITLES['create-saved'],
    label: 'Create the saved copy',
    breaksPodCreation: true,
    pauseMs: STEP_PAUSE_MS,
  },
  'delete-registrations': {
    action: 'delete-registrations',
    title: DRILL_STEP_TITLES['delete-registrations'],
    label: 'Delete by label',
    breaksPodCreation: false,
  },
  'scale-up': {
    action: 'scale-up',
    title: DRILL_STEP_TITLES['scale-up'],
    label: (replicas) => `Scale back to ${replicas}`,
    breaksPodCreation: false,
  },
  probe: { action: 'probe', title: 'Check: run the probe', label: 'Run the probe', breaksPodCreation: false },
};

/** What a button's Copy puts on the clipboard: its step's commands, then the page's check. */
export function buttonCommands(button: StepButton, c: StepCommands): string[] {
  const commands = STEP_ACTIONS[button.action].commands(c);
  return button.check ? [...commands, button.check(c)] : commands;
}

/**
 * What a person calls a step whose button they pressed, from the id its page gives it (`step-action-scale-down` on
 * /break-glass, `drill-action-save` on the drill): the step's title, never the id itself.
 */
export function stepActionTitle(id: string): string {
  const match = /^(step|drill)-action-(.+)$/.exec(id);
  if (!match) return id;
  const buttons: Partial<Record<string, StepButton>> = match[1] === 'drill' ? DRILL_BUTTONS : BREAK_GLASS_BUTTONS;
  return buttons[match[2]!]?.title ?? id;
}
