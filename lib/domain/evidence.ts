import type { ContainerFacts, RowLookup } from './container-facts';
import { formatMemory } from './quantity';
import { formatDuration, formatTime, toDate } from './time';
import type { VerdictContext } from './verdict-types';

// Sentences shared by the verdicts. Each names its numbers (formatted by formatMemory) and the row key, so a
// sentence read alone in an incident channel still says what was compared.

/** A size for a sentence: "512Mi", or "none". */
export function size(bytes: number | null): string {
  return bytes === null ? 'none' : formatMemory(bytes);
}

/** "request 512Mi (limit 1Gi)". */
export function requestAndLimit(facts: ContainerFacts): string {
  return `request ${size(facts.request)} (limit ${size(facts.limit)})`;
}

/** "row shop_web_app (512Mi)", or what stands in for it. */
export function rowPhrase(row: RowLookup): string {
  switch (row.state) {
    case 'no-key':
      return 'no row key (no workload)';
    case 'no-table':
      return `row ${row.key} (no table)`;
    case 'absent':
      return `row ${row.key} (not in the table)`;
    case 'found':
      return `row ${row.key} (${formatMemory(row.bytes)})`;
    case 'malformed':
      return `row ${row.key} ("${row.value}", malformed)`;
  }
}

export function containerSentence(facts: ContainerFacts): string {
  const name = facts.init ? `Init container ${facts.name}` : `Container ${facts.name}`;
  if (facts.requestDefaulted) {
    return `${name} has no memory request in its spec, so Kubernetes set it to its limit, ${size(facts.limit)}, before admission.`;
  }
  return `${name} has memory request ${size(facts.request)} and limit ${size(facts.limit)}.`;
}

export function rowSentence(row: RowLookup, context: VerdictContext): string {
  const { count } = context.table.parsed;
  switch (row.state) {
    case 'no-key':
      return 'Without a workload there is no row key to look up.';
    case 'no-table':
      return `The table has no data now, so there is no row ${row.key}.`;
    case 'absent':
      return `The table's ${count} rows hold no ${row.key}.`;
    case 'found':
      return `Row ${row.key} is ${row.value}${row.value === formatMemory(row.bytes) ? '' : ` (${formatMemory(row.bytes)})`}.`;
    case 'malformed':
      return `Row ${row.key} is malformed: ${row.problem}${row.bytes === null ? '' : `; read as ${formatMemory(row.bytes)}`}.`;
  }
}

/** The pod's creation against the table's last write: what stale turns on. */
export function timesSentence(context: VerdictContext): string {
  const created = toDate(context.pod.metadata.creationTimestamp);
  const written = toDate(context.table.lastWriteAt);
  if (!created) return "The pod has no creation time, so it cannot be compared with the table's last write.";
  if (!written) return `The pod was created at ${formatTime(created)}; the table's last write time is unknown.`;
  const order = created < written ? 'before' : created > written ? 'after' : 'in the same second as';
  const gap =
    created.getTime() === written.getTime()
      ? ''
      : ` (${formatDuration(written.getTime() - created.getTime())} ${order === 'before' ? 'earlier' : 'later'})`;
  return `The pod was created at ${formatTime(created)}, ${order} the table's last write at ${formatTime(written)}${gap}.`;
}

export function registrationSentence(context: VerdictContext): string {
  const { present, entry, absentSince } = context.registration;
  if (present && entry) return `The registration's entry ${entry.name} is present now (failurePolicy ${entry.failurePolicy ?? 'unset'}).`;
  if (present) return 'The registration is present now, but its entry was not read, so its selectors are unknown.';
  const since = toDate(absentSince);
  if (!since) return 'The registration is absent now; when it went is not recorded.';
  return `The registration has been absent since ${formatTime(since)} (${formatDuration(context.now.getTime() - since.getTime())} ago).`;
}
