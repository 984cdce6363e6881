import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RUNBOOK_NAMES } from './__fixtures__/break-glass-fixtures';
import { canary, HOSTILE, wordsInShell } from './__fixtures__/hostile';
import { describeCheck } from './access';
import { breakGlassCommands, type BreakGlassNames } from './break-glass-commands';
import {
  BREAK_GLASS_BUTTONS,
  buttonCommands,
  DRILL_BUTTONS,
  STEP_ACTIONS,
  type StepActionId,
  type StepButton,
  type StepCommands,
  stepActionTitle,
} from './step-actions';

// The expected lines and records below are the runbook's and the audit log's, written out here; the shell reads the
// commands, not this code.

const DEFAULTS: BreakGlassNames = RUNBOOK_NAMES;

const filledIn = (names: BreakGlassNames, replicas = 3): StepCommands => {
  const c = breakGlassCommands(names);
  return { ...c, scaleUp: c.scaleUp(replicas) };
};

const IDS = Object.keys(STEP_ACTIONS) as StepActionId[];
const SAVED_JQ = "| jq '.metadata |= {name, labels, annotations, ownerReferences}' > kyverno-webhook.json";
const COLUMNS = 'custom-columns=WEBHOOKS:.webhooks[*].name,OWNER:.metadata.ownerReferences[*].name';

/** A step's commands as lines for the shell; the save's jq stage, which holds no name, compared here as text. */
function linesOf(id: StepActionId, names: BreakGlassNames): string[] {
  return STEP_ACTIONS[id].commands(filledIn(names)).map((line) => {
    const [kubectl, jq] = line.split(' \\\n  ');
    if (jq !== undefined) expect(jq).toBe(SAVED_JQ);
    return kubectl!;
  });
}

/** What each command writes, in the runbook's words; reads (get, wait, a dry run) write nothing. */
function writesOf(words: string[][]): string[] {
  return words.flatMap((w) => {
    const args = w.slice(1);
    if (args[0] === '-n') args.splice(0, 2);
    const verb = args[0];
    if (verb === 'scale') return [`scale to ${args.find((a) => a.startsWith('--replicas='))!.slice('--replicas='.length)}`];
    if (verb === 'delete' || verb === 'create') return [verb];
    if (verb === 'run' && !args.includes('--dry-run=server')) return ['run'];
    return [];
  });
}

describe('STEP_ACTIONS', () => {
  for (const shell of ['/bin/sh', '/bin/bash']) {
    it(`gives ${shell} every hostile name as one word in its place, running nothing`, () => {
      const lines: string[] = [];
      const expected: string[][] = [];
      HOSTILE.forEach((_, i) => {
        // a different hostile value in each place, so that two names swapped would show
        const at = (k: number) => HOSTILE[(i + k) % HOSTILE.length]!;
        const [ns, dep, sel, labels, reg, probeNs, probePod] = [at(0), at(1), at(2), at(3), at(4), at(5), at(6)];
        const names = {
          ...DEFAULTS,
          namespace: ns,
          deployment: dep,
          podSelector: sel,
          managedBySelector: labels,
          registration: reg,
          probeNamespace: probeNs,
          probePod,
        };
        const scaleTo = (r: string) => ['kubectl', '-n', ns, 'scale', 'deployment', dep, `--replicas=${r}`];
        const words: Record<StepActionId, string[][]> = {
          save: [['kubectl', 'get', 'mutatingwebhookconfiguration', reg, '-o', 'json']],
          'scale-down': [scaleTo('0'), ['kubectl', '-n', ns, 'wait', '--for=delete', 'pod', '-l', sel, '--timeout=2m']],
          'create-saved': [['kubectl', 'create', '-f', 'kyverno-webhook.json']],
          'delete-registrations': [['kubectl', 'delete', 'mutatingwebhookconfiguration,validatingwebhookconfiguration', '-l', labels]],
          probe: [['kubectl', '-n', probeNs, 'run', probePod, '--image=busybox', '--restart=Never', '--dry-run=server', '-o', 'name']],
          'scale-up': [scaleTo('3'), ['kubectl', 'get', 'mutatingwebhookconfiguration', reg, '-o', COLUMNS]],
        };
        for (const id of IDS) {
          lines.push(...linesOf(id, names));
          expected.push(...words[id]);
        }
      });
      // one shell for every line (a shell per line is slow on a loaded machine)
      expect(wordsInShell(shell, lines)).toEqual(expected);
      expect(existsSync(canary)).toBe(false);
    });
  }

  it("each step's Copy holds its own write and no other step's", () => {
    const words = (id: StepActionId) => wordsInShell('/bin/sh', linesOf(id, DEFAULTS));
    const writes = Object.fromEntries(IDS.map((id) => [id, writesOf(words(id))]));
    expect(writes).toEqual({
      save: [],
      'scale-down': ['scale to 0'],
      'create-saved': ['create'],
      'delete-registrations': ['delete'],
      probe: [],
      'scale-up': ['scale to 3'],
    });
  });

  it('asks the cluster, before a button is pressed, for what its write needs', () => {
    const checks = Object.fromEntries(IDS.map((id) => [id, STEP_ACTIONS[id].checks(DEFAULTS).map(describeCheck)]));
    expect(checks).toEqual({
      save: [],
      'scale-down': ['update deployments/scale kyverno-admission-controller in kyverno-prd'],
      'create-saved': ['create mutatingwebhookconfigurations (cluster-wide)'],
      'delete-registrations': [
        'delete mutatingwebhookconfigurations (cluster-wide)',
        'delete validatingwebhookconfigurations (cluster-wide)',
      ],
      probe: [],
      'scale-up': ['update deployments/scale kyverno-admission-controller in kyverno-prd'],
    });
  });

  it('asks to delete every kind its delete command names', () => {
    const [[, , kinds]] = wordsInShell('/bin/sh', linesOf('delete-registrations', DEFAULTS)) as [string[]];
    const asked = STEP_ACTIONS['delete-registrations'].checks(DEFAULTS).map((c) => `${c.verb} ${c.resource}`);
    expect(asked).toEqual(kinds!.split(',').map((kind) => `delete ${kind}s`));
  });

  it('only the probe runs without a write credential; only the save is typed out first, with the Deployment', () => {
    expect(IDS.filter((id) => STEP_ACTIONS[id].readsOnly)).toEqual(['probe']);
    expect(IDS.filter((id) => STEP_ACTIONS[id].confirm).map((id) => STEP_ACTIONS[id].confirm!(DEFAULTS))).toEqual([
      'kyverno-admission-controller',
    ]);
  });

  it("posts each step to its route, the drill's own two under /drill", () => {
    expect(IDS.map((id) => STEP_ACTIONS[id].path)).toEqual([
      '/api/break-glass/drill/save',
      '/api/break-glass/scale-down',
      '/api/break-glass/drill/create-saved',
      '/api/break-glass/delete-registrations',
      '/api/break-glass/probe',
      '/api/break-glass/scale-up',
    ]);
  });

  it('leaves the audit records the step routes always left', () => {
    const records = IDS.map((id) => `${STEP_ACTIONS[id].audit} ${STEP_ACTIONS[id].target(DEFAULTS).audit}`);
    expect(records).toEqual([
      'drill.save mutatingwebhookconfiguration/kyverno-resource-mutating-webhook-cfg',
      'break-glass.scale-down kyverno-prd/deployment/kyverno-admission-controller',
      'drill.create-saved mutatingwebhookconfiguration/kyverno-resource-mutating-webhook-cfg',
      'break-glass.delete-registrations webhook configurations -l webhook.kyverno.io/managed-by=kyverno',
      'break-glass.probe development/pod/kyverno-probe (dry run)',
      'break-glass.scale-up kyverno-prd/deployment/kyverno-admission-controller',
    ]);
  });
});

describe("the pages' buttons", () => {
  const pages = { 'break-glass': BREAK_GLASS_BUTTONS, drill: DRILL_BUTTONS } as Record<string, Record<string, StepButton>>;
  const each = Object.entries(pages).flatMap(([page, buttons]) => Object.entries(buttons).map(([id, b]) => [`${page} ${id}`, b] as const));

  it("add only reads to their step's Copy", () => {
    const lines = each.map(([, b]) => buttonCommands(b, filledIn(DEFAULTS)).map((line) => line.split(' \\\n  ')[0]!));
    const words = wordsInShell('/bin/sh', lines.flat());
    const writes = Object.fromEntries(each.map(([name], i) => [name, writesOf(words.splice(0, lines[i]!.length))]));
    expect(writes).toEqual({
      'break-glass scale-down': ['scale to 0'],
      'break-glass delete-registrations': ['delete'],
      'break-glass probe': [],
      'break-glass scale-up': ['scale to 3'],
      'break-glass probe-through': [],
      'drill save': [],
      'drill scale-down': ['scale to 0'],
      'drill create-saved': ['create'],
      'drill delete-registrations': ['delete'],
      'drill scale-up': ['scale to 3'],
      'drill probe': [],
    });
  });

  it("are red where pressing can leave covered pods refused or without the table's request", () => {
    expect(each.filter(([, b]) => b.breaksPodCreation).map(([name]) => name)).toEqual([
      'break-glass scale-down',
      'break-glass scale-up',
      'drill create-saved',
    ]);
  });
});

describe('stepActionTitle', () => {
  it("names a pressed step by its title, never by its page's id", () => {
    expect(stepActionTitle('drill-action-scale-down')).toBe('Scale the admission controller to zero and wait for its pods to go');
    expect(stepActionTitle('step-action-scale-down')).toBe('Scale the admission controller to 0');
    expect(stepActionTitle('step-action-no-such-step')).toBe('step-action-no-such-step');
    expect(stepActionTitle('restore-table')).toBe('restore-table');
  });
});
