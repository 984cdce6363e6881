import { sizedFrom, type ContainerFacts } from './container-facts';
import { requestAndLimit, rowPhrase, size } from './evidence';
import { formatMemory } from './quantity';
import { skipReason, unmetRequirement, withNameLabel } from './selectors';
import { snapshotReadsPodAs } from './snapshot';
import { formatTime, toDate } from './time';
import type { VerdictCode } from './verdict-codes';
import { byEmptyTableAtCreation, byRecordedGap, judgedAtCreation } from './verdict-history';
import type { VerdictContext } from './verdict-types';

// The verdict rules in the order the design gives them. Each rule either decides (a code, the reason, and the
// evidence only it adds) or passes to the next; the last one always decides.

export interface Decision {
  verdict: VerdictCode;
  reason: string;
  evidence: string[];
}

type Rule = (facts: ContainerFacts, context: VerdictContext) => Decision | null;

/** What the container kept, and the row it did not get: the tail of every "left as it arrived" reason. */
function untouched(facts: ContainerFacts): string {
  const kept = `${requestAndLimit(facts)} is as the pod arrived`;
  return facts.row.state === 'no-key'
    ? `${kept} (it has no workload, so no row key)`
    : `${kept}, and ${rowPhrase(facts.row)} was not applied`;
}

// The skips come first: the API server never sends these pods, whatever Kyverno or the table hold. Without the
// entry (registration absent) the selectors are unknown, and the rule cannot decide.
const bySkip: Rule = (facts, context) => {
  const { entry } = context.registration;
  if (!entry) return null;
  const { namespace, labels = {} } = context.pod.metadata;
  const namespaceLabels = withNameLabel(namespace, context.namespaceLabels);
  const skip = skipReason(entry, namespaceLabels, labels);
  if (!skip) return null;
  const byNamespace = skip === 'skipped-namespace';
  const selector = byNamespace ? 'namespaceSelector' : 'objectSelector';
  const unmet = byNamespace ? unmetRequirement(entry.namespaceSelector, namespaceLabels) : unmetRequirement(entry.objectSelector, labels);
  const skipped = byNamespace ? `namespace ${namespace}` : 'the pod by its labels';
  return {
    verdict: skip,
    reason: `The registration's ${selector} skips ${skipped}, so Kyverno never saw the pod: ${untouched(facts)}.`,
    evidence: [`Entry ${entry.name}'s ${selector}: ${unmet ?? 'not met'}${byNamespace ? ` (namespace ${namespace})` : ''}.`],
  };
};

// Claimed only when the absence is known to have begun before the pod: an absence of unknown start, or a pod
// older than it, proves nothing about the pod's own admission.
const byAbsence: Rule = (facts, context) => {
  const { present, absentSince } = context.registration;
  const since = toDate(absentSince);
  const created = toDate(context.pod.metadata.creationTimestamp);
  if (present || !since || !created || created < since) return null;
  return {
    verdict: 'registration-absent',
    reason: `The pod was created at ${formatTime(created)}, while the registration was absent (since ${formatTime(since)}), so Kyverno never saw it: ${untouched(facts)}.`,
    evidence: [],
  };
};

const byWorkload: Rule = (facts, context) => {
  if (context.workload) return null;
  return {
    verdict: 'no-workload',
    reason: `The pod has no workload, so there is no row key and Kyverno left ${requestAndLimit(facts)} as the pod arrived.`,
    evidence: [],
  };
};

const byTable: Rule = (facts, context) => {
  if (context.table.parsed.loaded || facts.row.state !== 'no-table') return null;
  const atCreation = judgedAtCreation(facts, context, 'The table has no data now');
  if (atCreation) return atCreation;
  return {
    verdict: 'no-table',
    reason: `The table has no data now, so Kyverno could not apply ${rowPhrase(facts.row)}: ${requestAndLimit(facts)} is as the pod arrived.`,
    evidence: ["Without the table's history, whether it had data when the pod was created is not known; it has none now."],
  };
};

const byRow: Rule = (facts, context) => {
  const { row } = facts;
  if (row.state === 'absent') {
    const { name, namespace } = context.pod.metadata;
    const misread = context.workload ? snapshotReadsPodAs({ name, namespace }, context.workload.name, facts.name) : null;
    const why = misread ? [misread] : [];
    const atCreation = judgedAtCreation(facts, context, `The table's ${context.table.parsed.count} rows hold no ${row.key} now`);
    if (atCreation) return { ...atCreation, evidence: [...atCreation.evidence, ...why] };
    return {
      verdict: 'no-row',
      reason: `The table's ${context.table.parsed.count} rows hold no ${row.key}, so Kyverno left ${requestAndLimit(facts)} as the pod arrived.`,
      evidence: ["A workload has no row when it is new, or when none of its samples fall in the snapshot's 28 days.", ...why],
    };
  }
  if (row.state === 'malformed' && row.bytes === null) {
    return {
      verdict: 'unexplained',
      reason: `Row ${row.key} holds "${row.value}", which is no memory size, so what Kyverno did with it cannot be judged: ${requestAndLimit(facts)}.`,
      evidence: [],
    };
  }
  return null;
};

// The row applies: compare what the container has with what the row gives it (the row, capped at the limit).
function byComparison(facts: ContainerFacts, context: VerdictContext): Decision {
  const { row } = facts;
  if (row.state !== 'found' && row.state !== 'malformed') return nothingToCompare(facts);
  if (row.bytes === null) return nothingToCompare(facts);
  const expected = sizedFrom(row.bytes, facts.limit);
  const evidence =
    row.state === 'malformed'
      ? [`Row ${row.key} is not in the <n>Mi form the snapshot writes; it was compared as ${formatMemory(row.bytes)}.`]
      : [];
  if (facts.request === expected && expected === row.bytes) {
    const within = facts.limit === null ? 'and there is no limit' : `within limit ${size(facts.limit)}`;
    return {
      verdict: 'set',
      reason: `Request ${size(facts.request)} equals row ${row.key} (${formatMemory(row.bytes)}), ${within}: Kyverno set it.`,
      evidence,
    };
  }
  if (facts.request === expected) {
    const reason = `Row ${row.key} (${formatMemory(row.bytes)}) is above limit ${size(facts.limit)}, so Kyverno capped the request at the limit: request ${size(facts.request)}.`;
    return { verdict: 'capped', reason, evidence };
  }
  const wanted =
    expected === row.bytes
      ? `row ${row.key} (${formatMemory(row.bytes)})`
      : `limit ${formatMemory(expected)} that caps row ${row.key} (${formatMemory(row.bytes)})`;
  return staleOrUnexplained(facts, context, `Request ${size(facts.request)} differs from ${wanted}`, evidence);
}

// Stale needs the pod to be no younger than the table's last write. Times are to the second, so a pod created
// in the same second as the write counts as older: the write may well have come first, but Kyverno sees a new
// table only once its watch delivers it.
function staleOrUnexplained(facts: ContainerFacts, context: VerdictContext, differs: string, evidence: string[]): Decision {
  // Where history reaches back, the row in force at the pod's creation decides rather than the last write time.
  const atCreation = judgedAtCreation(facts, context, differs);
  if (atCreation) return { ...atCreation, evidence: [...evidence, ...atCreation.evidence] };
  const created = toDate(context.pod.metadata.creationTimestamp);
  const written = toDate(context.table.lastWriteAt);
  if (created && written && created <= written) {
    const order = created < written ? 'before' : 'in the same second as';
    const reason = `${differs}, and the pod was created at ${formatTime(created)}, ${order} the table's last write at ${formatTime(written)}: it predates today's row.`;
    return { verdict: 'stale', reason, evidence };
  }
  const why = !written
    ? "the table's last write time is unknown"
    : !created
      ? 'the pod has no creation time'
      : `the pod was created at ${formatTime(created)}, after the table's last write at ${formatTime(written)}`;
  return {
    verdict: 'unexplained',
    reason: `${differs}, and ${why}, so no known reason fits.`,
    evidence: [...evidence, ...untouchedHint(facts)],
  };
}

// A request equal to the limit, or none, is what a container keeps when Kyverno lets the pod through untouched.
function untouchedHint(facts: ContainerFacts): string[] {
  if (facts.request !== null && facts.request !== facts.limit) return [];
  const looks = facts.request === null ? 'No request' : `Request ${size(facts.request)} equal to the limit`;
  return [
    `${looks} is what a pod keeps when Kyverno admits it untouched: the table may not have been loaded on the replica that answered, or the registration may have been gone when the pod was created.`,
  ];
}

function nothingToCompare(facts: ContainerFacts): Decision {
  return {
    verdict: 'unexplained',
    reason: `There is no row size to compare with ${requestAndLimit(facts)}: ${rowPhrase(facts.row)}.`,
    evidence: [],
  };
}

const RULES: readonly Rule[] = [bySkip, byRecordedGap, byAbsence, byWorkload, byEmptyTableAtCreation, byTable, byRow];

/** The first rule that decides, in the design's order; the comparison with the row when none does. */
export function decide(facts: ContainerFacts, context: VerdictContext): Decision {
  for (const rule of RULES) {
    const decision = rule(facts, context);
    if (decision) return decision;
  }
  return byComparison(facts, context);
}
