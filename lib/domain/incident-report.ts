import { restartCommand } from './break-glass-commands';
import type { CreatedMeanwhileGroup } from './created-meanwhile';
import type { Incident, TimelineEntry } from './incident';
import { formatDuration, formatTime, toDate } from './time';

// What an incident leaves to do, and its postmortem draft in Markdown: summary, impact, timeline, what was done, the
// open follow-ups. Everything from the cluster or a person in it (names, who pressed, the API server's words) is
// untrusted text: it goes in through cell(), kept on one line and with Markdown's inline syntax escaped, so it cannot
// add rows or columns, nor become a link, an image, HTML or a comment that hides the lines after it.

export interface FollowUp {
  code: 'restart' | 'policy' | 'bring-back';
  words: string;
  /** The command that does it, when there is one. */
  command: string | null;
}

/** What the view adds to an incident: the pods created while the registration was gone, and the policy's READY. */
export interface IncidentImpact {
  /** null when the pods could not be read. */
  pods: CreatedMeanwhileGroup[] | null;
  policyReady: boolean | null;
}

/** The pods created meanwhile that still run, by workload, whether each was restarted since. */
export function stillUnsized(incident: Incident, pods: readonly CreatedMeanwhileGroup[]) {
  const restarted = new Set(incident.restarts.filter((r) => r.outcome === 'success').map((r) => r.target));
  return pods.map((g) => ({
    group: g,
    restarted: g.workload !== null && restarted.has(`${g.namespace}/${g.workload.kind.toLowerCase()}/${g.workload.name}`),
  }));
}

export function followUps(incident: Incident, impact: IncidentImpact, kubectl: string): FollowUp[] {
  const out: FollowUp[] = [];
  if (incident.open)
    out.push({
      code: 'bring-back',
      words: 'The incident is open: bring Kyverno back and run the probe through it (/break-glass)',
      command: null,
    });
  for (const { group, restarted } of stillUnsized(incident, impact.pods ?? [])) {
    const w = group.workload;
    const name = `${group.namespace}/${w ? `${w.kind}/${w.name}` : group.pods[0]!.name}`;
    const one = group.pods.length === 1;
    const words = `${group.pods.length} pod${one ? '' : 's'} of ${name} still run${one ? 's' : ''} with the request ${one ? 'it' : 'they'} arrived with${restarted ? ' (restarted: its rollout is not through yet)' : ''}`;
    out.push({ code: 'restart', words, command: w && group.restartable ? restartCommand(kubectl, group.namespace, w.kind, w.name) : null });
  }
  if (incident.policyDenied) {
    const words =
      impact.policyReady === false
        ? 'Kyverno denied the probe with an error from the policy, and the policy is not READY: its fix is not synced yet'
        : 'Kyverno denied the probe with an error from the policy: check that its fix is in Git and synced, not only in the cluster';
    out.push({ code: 'policy', words, command: null });
  }
  return out;
}

const at = (time: string | null) => (time ? formatTime(toDate(time)!) : 'unknown');
const after = (ms: number | null) => (ms === null ? '' : ` (${formatDuration(ms)} after the start)`);

/**
 * What CommonMark and GitHub's tables read inline: escapes, code, emphasis and strikethrough, links and images,
 * HTML, autolinks and comments, entities, and the cells' pipes. Each is taken literally once backslash-escaped; a
 * parenthesis is a link's only after a bracket, and brackets are escaped.
 */
const INLINE_SYNTAX = /[\\`*_~[\]!<>&|]/g;

/** Untrusted text in the draft (a table cell, a list item): one line, its Markdown syntax escaped. */
export function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(INLINE_SYNTAX, '\\$&');
}

export function whoWords(by: TimelineEntry['by']): string {
  if (!by) return '';
  const credential = by.credential ? ` (${by.credential} credential)` : '';
  return by.signedIn ? `${by.signedIn} as ${by.actor}${credential}` : `${by.actor}${credential}`;
}

/** A time not reached: not yet while open; once closed, no probe recorded it. */
export function notYet(i: Pick<Incident, 'open'>): string {
  return i.open ? 'not yet' : 'no probe recorded it';
}

function summary(i: Incident): string[] {
  const status = i.open
    ? 'open'
    : i.closedHow === 'kyverno-back'
      ? `closed at ${at(i.closedAt)}`
      : `closed at ${at(i.closedAt)} by the next one, Kyverno's return unconfirmed`;
  return [
    '## Summary',
    '',
    `- Kind: ${i.kind === 'drill' ? 'drill (Kyverno healthy, the runbook practised)' : 'break-glass'}`,
    `- Status: ${status}`,
    `- Started: ${at(i.startedAt)}`,
    `- Pod creation restored: ${i.restoredAt ? at(i.restoredAt) + after(i.timeToRestoreMs) : notYet(i)}`,
    `- Kyverno back: ${i.backAt ? at(i.backAt) + after(i.timeToBringBackMs) : notYet(i)}`,
  ];
}

function impactLines(i: Incident, impact: IncidentImpact): string[] {
  const c = i.firstRefusedCreate;
  const gone = i.gaps.map((g) => `${at(g.from)} to ${g.to ? at(g.to) : 'now'}`);
  const pods = impact.pods;
  const count = pods?.reduce((n, g) => n + g.pods.length, 0) ?? 0;
  return [
    '## Impact',
    '',
    c
      ? `- Refused creates naming Kyverno's webhook: ${c.count}, by ${cell(c.controllers.join(', '))}, the first at ${at(c.at)} (inferred from the events, which expire after an hour)`
      : "- Refused creates naming Kyverno's webhook: none in the events (they expire after an hour)",
    i.firstRefusedProbe
      ? `- The probe first refused at ${at(i.firstRefusedProbe.at)} (${i.firstRefusedProbe.outcome})`
      : '- The probe: no refusal recorded',
    `- The pod webhook's registration gone: ${gone.length ? gone.join('; ') : 'never recorded'}`,
    pods === null
      ? '- Pods created while the registration was gone: not readable'
      : `- Pods created while the registration was gone, still running: ${count} in ${pods.length} workload${pods.length === 1 ? '' : 's'}`,
  ];
}

function timelineLines(i: Incident): string[] {
  const rows = i.timeline.map((e) => {
    const what = `${e.what}${e.inferred ? ' (inferred)' : ''}${e.outcome && e.outcome !== 'success' ? ` (${e.outcome})` : ''}`;
    return `| ${at(e.at)} | ${cell(what)} | ${cell(whoWords(e.by))} | ${cell(e.answer ?? '')} |`;
  });
  return ['## Timeline', '', '| Time (UTC) | What | Who | The cluster’s answer |', '| --- | --- | --- | --- |', ...rows];
}

function doneLines(i: Incident): string[] {
  const done = i.timeline.filter((e) => (e.kind === 'step' || e.kind === 'restart') && e.outcome === 'success');
  const lines = done.map((e) => `- ${at(e.at)} ${cell(e.what)}, by ${cell(whoWords(e.by))}${e.answer ? `: ${cell(e.answer)}` : ''}`);
  return ['## What was done', '', ...(lines.length ? lines : ['- Nothing through memdash'])];
}

/** The postmortem draft. */
export function incidentMarkdown(i: Incident, impact: IncidentImpact, kubectl: string): string {
  const follow = followUps(i, impact, kubectl).map(
    (f) => `- [ ] ${cell(f.words)}${f.command ? `: \`${f.command.replace(/`/g, "'")}\`` : ''}`,
  );
  const title = `# Postmortem draft: ${i.kind === 'drill' ? 'drill' : 'break-glass'} ${i.id}`;
  const sections = [
    summary(i),
    impactLines(i, impact),
    timelineLines(i),
    doneLines(i),
    ['## Open follow-ups', '', ...(follow.length ? follow : ['- None'])],
  ];
  return [title, '', ...sections.flatMap((s) => [...s, ''])].join('\n');
}
