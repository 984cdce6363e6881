// The fixed vocabulary of verdicts (docs/design.md, "Verdicts"): the API returns the codes, the page shows the words.

export const VERDICT_CODES = [
  'set',
  'capped',
  'stale',
  'no-row',
  'no-workload',
  'skipped-namespace',
  'skipped-label',
  'no-table',
  'registration-absent',
  'unexplained',
] as const;

export type VerdictCode = (typeof VERDICT_CODES)[number];

export const VERDICT_WORDS: Record<VerdictCode, string> = {
  set: 'Kyverno set it from the row',
  capped: "Kyverno capped the row at the container's limit",
  stale: "The pod is older than the table's last write; its next pod gets the row",
  'no-row': 'The table has no row for this container; Kyverno left it as it arrived',
  'no-workload': 'The pod has no workload; Kyverno left it as it arrived',
  'skipped-namespace': 'The webhook skips this namespace; Kyverno never saw the pod',
  'skipped-label': 'The webhook skips pods with this label; Kyverno never saw the pod',
  'no-table': 'The table had no data; Kyverno left it as it arrived',
  'registration-absent': 'Created while the webhook registration was deleted; Kyverno never saw it',
  unexplained: 'None of the known reasons fits; see what was compared',
};

/** The verdicts under which the container kept the request the pod arrived with. */
export const UNTOUCHED_VERDICTS: ReadonlySet<VerdictCode> = new Set<VerdictCode>([
  'no-row',
  'no-workload',
  'skipped-namespace',
  'skipped-label',
  'no-table',
  'registration-absent',
]);

/**
 * The verdicts of a container whose request is not what today's table says it should be, and Kyverno was meant to
 * act: the answer to "which pods are not what the table says?" (a skipped namespace or a capped row is by design).
 */
export const NOT_AS_THE_TABLE_SAYS: ReadonlySet<VerdictCode> = new Set<VerdictCode>([
  'stale',
  'no-table',
  'registration-absent',
  'unexplained',
]);
