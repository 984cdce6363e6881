import { sizedFrom, type ContainerFacts } from './container-facts';
import { size } from './evidence';
import { formatMemory } from './quantity';
import { skipReason, withNameLabel } from './selectors';
import { UNTOUCHED_VERDICTS, type VerdictCode } from './verdict-codes';
import type { VerdictContext } from './verdict-types';

// What the container's next pod gets is what Kyverno would do with the same pod created now: it depends on the
// registration and the table as they are now, not as they were when this pod was created.

/** One sentence: what the container's next pod gets, if the workload's template and labels stay as they are. */
export function nextPodFor(facts: ContainerFacts, verdict: VerdictCode, context: VerdictContext): string {
  // When this pod kept what it arrived with, that is what its manifest gives, and what the next one arrives with.
  const manifest = UNTOUCHED_VERDICTS.has(verdict)
    ? `the request its manifest gives (${size(facts.request)} on this pod)`
    : 'the request its manifest gives';
  const { present, entry } = context.registration;
  if (!present) return `While the registration is absent, its next pod is admitted untouched and keeps ${manifest}.`;
  if (entry && skippedNow(context))
    return `Its next pod is skipped too, while the registration's selectors and its labels stay as they are, and keeps ${manifest}.`;
  const { row } = facts;
  switch (row.state) {
    case 'no-key':
      return `Its next pod has no workload either, and keeps ${manifest}.`;
    case 'no-table':
      return `While the table has no data, its next pod keeps ${manifest}; once a snapshot writes row ${row.key}, the pod after that gets it.`;
    case 'absent':
      return `Until a snapshot writes row ${row.key}, its next pod keeps ${manifest}.`;
    case 'malformed':
      if (row.bytes === null) return `Its next pod meets the same malformed row ${row.key} ("${row.value}") until the table is corrected.`;
      return gets(row.key, row.bytes, facts.limit);
    case 'found':
      return gets(row.key, row.bytes, facts.limit);
  }
}

function gets(key: string, row: number, limit: number | null): string {
  const next = sizedFrom(row, limit);
  if (next === row) return `Its next pod gets ${formatMemory(row)} from row ${key}.`;
  return `Its next pod gets its limit ${formatMemory(next)}: row ${key} (${formatMemory(row)}) is above it.`;
}

function skippedNow(context: VerdictContext): boolean {
  const { entry } = context.registration;
  if (!entry) return false;
  const { namespace, labels = {} } = context.pod.metadata;
  return skipReason(entry, withNameLabel(namespace, context.namespaceLabels), labels) !== null;
}
