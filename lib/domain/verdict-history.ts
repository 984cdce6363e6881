import { sizedFrom, type ContainerFacts } from './container-facts';
import { requestAndLimit, size } from './evidence';
import { formatMemory, parseMemory } from './quantity';
import { formatTime, showTime, toDate } from './time';
import type { VerdictContext, TableAtCreation } from './verdict-types';
import type { Decision } from './verdict-rules';

// The verdict rules that need the recorded history: the registration's gaps, and the table in force when the pod
// was created. Each returns null when history has nothing to say, and the rules judged from now decide instead.

/** The pod was created inside a recorded gap of the registration. */
export function byRecordedGap(facts: ContainerFacts, context: VerdictContext): Decision | null {
  const at = context.history?.registration;
  if (at?.state !== 'absent') return null;
  const created = formatTime(toDate(context.pod.metadata.creationTimestamp)!);
  const until = at.gap.to ? `until ${at.gap.to}` : 'and is still absent';
  return {
    verdict: 'registration-absent',
    reason: `The pod was created at ${created}, inside a recorded gap of the registration (absent from ${at.gap.from} ${until}), so Kyverno never saw it: ${requestAndLimit(facts)} is as the pod arrived.`,
    evidence: [`memdash recorded the registration's entry gone at ${at.gap.from}${at.gap.to ? ` and back at ${at.gap.to}` : ''}.`],
  };
}

/** The table in force at the pod's creation had no data. */
export function byEmptyTableAtCreation(facts: ContainerFacts, context: VerdictContext): Decision | null {
  const then = context.history?.table;
  if (!then || then.parsed.loaded || facts.row.state === 'no-key') return null;
  return {
    verdict: 'no-table',
    reason: `When the pod was created, the table in force (${versionPhrase(then)}) had no data, so Kyverno admitted it untouched: ${requestAndLimit(facts)} is as the pod arrived.`,
    evidence: [],
  };
}

/**
 * The request does not match what today's row gives (or there is no row today): judge it against the row in
 * force at creation. Null when history does not reach back that far.
 */
export function judgedAtCreation(facts: ContainerFacts, context: VerdictContext, differs: string): Decision | null {
  const then = context.history?.table;
  if (!then || facts.row.state === 'no-key') return null;
  const key = facts.row.key;
  const value = then.parsed.rows[key]?.value ?? then.parsed.malformed.find((m) => m.key === key)?.value;
  const version = versionPhrase(then);
  if (value === undefined) {
    return {
      verdict: 'no-row',
      reason: `${differs}; when the pod was created, the table in force (${version}) held no ${key}, so Kyverno left ${requestAndLimit(facts)} as the pod arrived.`,
      evidence: [],
    };
  }
  const rowThen = parseMemory(value);
  const evidence = [`Row ${key} in the table in force at the pod's creation (${version}): ${value}.`];
  if (rowThen !== null && facts.request === sizedFrom(rowThen, facts.limit)) {
    const capped = facts.request !== rowThen ? `, capped at limit ${size(facts.limit)}` : '';
    return {
      verdict: 'stale',
      reason: `${differs}, and it is the row in force when the pod was created (${formatMemory(rowThen)}${capped}, ${version}): the pod predates today's row.`,
      evidence,
    };
  }
  return {
    verdict: 'unexplained',
    reason: `${differs}, and from row ${key} in force when the pod was created (${value}, ${version}), so no known reason fits.`,
    evidence,
  };
}

function versionPhrase(then: TableAtCreation): string {
  const origin = then.source === 'import' ? `imported from ${then.label ?? 'a saved file'}` : 'recorded';
  return `${origin}, in force from ${showTime(then.inForceFrom)}`;
}

/** What the history could not tell about this pod; empty without history (verdict.ts states the older limits). */
export function historyLimits(context: VerdictContext): string[] {
  const history = context.history;
  if (!history) return [];
  const limits: string[] = [];
  if (!history.table) {
    const since = history.tableRecordedSince ? `it begins at ${showTime(history.tableRecordedSince)}` : 'no version is recorded yet';
    limits.push(
      `The table's history does not reach back to the pod's creation (${since}): stale is judged from the table's last write only.`,
    );
  }
  const registration = history.registration;
  if (registration.state === 'before-history') {
    const since = registration.firstRecorded ? `it begins at ${showTime(registration.firstRecorded)}` : 'nothing is recorded yet';
    limits.push(`The registration's history does not reach back to the pod's creation (${since}): an absence then is not known.`);
  }
  if (registration.state === 'maybe-absent') {
    limits.push(
      `The registration went absent at some time between ${showTime(registration.gap.since)} and ${showTime(registration.gap.from)}, while memdash was not watching; the pod was created in that window, so whether Kyverno saw it is not known.`,
    );
  }
  return limits;
}

/** The history's facts at the pod's creation, one sentence each, for every container's evidence. */
export function historySentences(context: VerdictContext): string[] {
  const history = context.history;
  if (!history) return [];
  const sentences: string[] = [];
  if (history.table) {
    const rows = history.table.parsed.loaded ? `${history.table.parsed.count} rows` : 'no data';
    sentences.push(`At the pod's creation the table in force was the version ${versionPhrase(history.table)} (${rows}).`);
  }
  if (history.registration.state === 'present') sentences.push("memdash's record shows the registration present at the pod's creation.");
  return sentences;
}
