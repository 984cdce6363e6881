// lib/domain: pure rules, no I/O. Everything the app uses from here is exported from this file.
export type { ContainerShape, LabelSelector, LabelSelectorRequirement, OwnerRef, PodShape, WebhookEntryShape } from './types';
export { MiB, formatMemory, formatMi, parseMemory } from './quantity';
export { formatDuration, formatTime, toDate } from './time';
export {
  DEFAULT_JENKINS_NAMESPACE,
  controllerOf,
  deploymentOf,
  deriveWorkload,
  jobWorkloadOf,
  workloadOf,
  type Workload,
  type WorkloadDerivation,
  type WorkloadKind,
} from './workload';
export {
  lastDataWrite,
  lastWriteOf,
  malformedBytes,
  parseTable,
  rowKey,
  type LastWrite,
  type MalformedRow,
  type ParsedTable,
  type TableConfigMapShape,
  type TableRow,
} from './table';
export {
  NAMESPACE_NAME_LABEL,
  coveredNamespaces,
  describeRequirement,
  selectorMatches,
  skipReason,
  unmetRequirement,
  withNameLabel,
  type SkipReason,
} from './selectors';
export {
  UNTOUCHED_VERDICTS,
  VERDICT_CODES,
  VERDICT_WORDS,
  explainPod,
  verdictFor,
  type ContainerExplanation,
  type ExplainInput,
  type PodExplanation,
  type RegistrationState,
  type TableState,
  type VerdictCode,
  type VerdictContext,
} from './verdict';
export {
  WEBHOOK_STATE_WORDS,
  failurePolicyOf,
  ownedBy,
  webhookStateOf,
  type WebhookState,
  type WebhookStateCode,
  type WebhookStateInput,
} from './webhook-state';
export {
  PROBE_FRESH_MS,
  classifyProbe,
  webhookVerdict,
  type ProbeAnswer,
  type ProbeOutcome,
  type ProbeResponse,
  type WebhookVerdict,
} from './probe';
export {
  OWNERLESS_REGISTRATIONS,
  checkRegistrations,
  kyvernoRegistrations,
  type RegistrationCheck,
  type RegistrationKind,
  type RegistrationShape,
  type RuleShape,
} from './registrations';
export { failClosedAudit, type AuditFinding, type AuditSeverity } from './fail-closed-audit';
export { failedCreatesByOwner, type EventShape, type FailedCreateGroup } from './failed-creates';
export { diffCounts, diffTables, diffToCsv, filterDiff, keyParts, type DiffCounts, type DiffFilter, type RowChange, type TableData, type TableDiff } from './table-diff';
export { inForceFrom, tableAt, type TableAt, type TableVersion, type VersionSource, type VersionTime } from './table-history';
export {
  registrationAt,
  registrationChanges,
  registrationGaps,
  type RegistrationAt,
  type RegistrationGap,
  type RegistrationObservation,
} from './registration-history';
export { parseSavedTable, type ImportTarget, type SavedTable } from './table-import';
export {
  chartPoints,
  p90Mi,
  podsOf,
  pooledValues,
  rowSteps,
  shareAbove,
  workloadFromPodName,
  type ChartPoint,
  type RowStep,
  type SampleSeries,
} from './workload-series';
export type { HistoryAtCreation, TableAtCreation } from './verdict-types';
export { partFailed, partOk, type Part, type PartError } from './part';
