// lib/domain: pure rules, no I/O. Everything the app uses from here is exported from this file.
export type { ContainerShape, LabelSelector, LabelSelectorRequirement, OwnerRef, PodShape, WebhookEntryShape } from './types';
export { MiB, formatCapacity, formatMemory, parseMemory } from './quantity';
export { RFC3339_IN_TEXT, ageOf, formatDuration, formatTime, readableTime, showTime, toDate, wholeSecond } from './time';
export { countOf, formatCount, formatPercent } from './count';
export { isDrifted, sentToKyverno, type DriftFacts } from './drift';
export {
  PLAIN_POD_ORDER,
  POD_SORTS,
  POD_SORT_DIRECTION,
  SORTS_BY_CONTAINER,
  nextPodOrder,
  podOrder,
  podOrderParams,
  podRequest,
  sortPods,
  type PodOrder,
  type PodSort,
  type SortDirection,
} from './pod-order';
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
  rowKeyParts,
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
  NOT_AS_THE_TABLE_SAYS,
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
  outOfReach,
  ownedBy,
  unknownState,
  webhookStateOf,
  type WebhookState,
  type WebhookStateCode,
  type WebhookStateInput,
} from './webhook-state';
export {
  PROBE_FRESH_MS,
  classifyProbe,
  verdictOf,
  webhookVerdict,
  type ProbeAnswer,
  type ProbeFailure,
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
export {
  KYVERNO_CRD_PATTERN,
  LEFTOVER_REFUSES,
  admissionVersionOf,
  crdConfirmation,
  kyvernoCrds,
  lifecycleCommands,
  removalState,
  stillAnswers,
  upgradeAlarm,
  type AdmissionNow,
  type AdmissionVersion,
  type LifecycleCommands,
  type RemovalState,
} from './lifecycle';
export { REMOVAL_ACTIONS, type RemovalAction, type RemovalActionId } from './removal-actions';
export { FOLD_WINDOW_MS, foldedDetail, RepeatFolds, type Fold } from './audit-folds';
export { failClosedAudit, type AuditFinding, type AuditSeverity } from './fail-closed-audit';
export { failedCreatesByOwner, isQuotaRefusal, quotaRefusalsByOwner, refusingQuota, type FailedCreateGroup } from './failed-creates';
export { POD_CREATORS, entryEventsOf, eventTimeOf, isPodCreatorReport, type EntryEvent, type EventShape } from './event-evidence';
export {
  DIFF_SLICE,
  diffCounts,
  diffCsvLines,
  diffTables,
  diffTablesInSlices,
  diffToCsv,
  rowsFromJsonInSlices,
  type TableRows,
  filterDiff,
  keyParts,
  workloadsDropped,
  type TableWorkload,
  pageOfDiff,
  diffPageCount,
  type DiffCounts,
  type DiffPage,
  type DiffFilter,
  type RowChange,
  type TableData,
  type TableDiff,
} from './table-diff';
export { packRows, unpackRows, rowsOfAnswer, type TableRowSent, type TableRowsAnswer } from './table-rows-sent';
export {
  inForceFrom,
  inForceTimes,
  recordedFirst,
  tableAt,
  versionsAroundWrite,
  type KnownWrite,
  type TableAt,
  type SeenChange,
  type TableVersion,
  type VersionSource,
  type VersionTime,
} from './table-history';
export {
  registrationAt,
  registrationChanges,
  registrationGaps,
  type RegistrationAt,
  type RegistrationGap,
  type RegistrationObservation,
} from './registration-history';
export { parseSavedTable, type ImportTarget, type SavedTable } from './table-import';
export { dayTick, dayTicks, memoryAxis, memoryTick, timeTick, timeTicks, type MemoryAxis } from './chart-axis';
export { bucketFor, bucketWords, CHART_RANGES, RANGE_SECONDS, rangeOfSeconds, spanWords, type ChartRange } from './chart-range';
export { chartSentence, type ChartFacts } from './chart-sentence';
export {
  chartPoints,
  podsOf,
  pooledValues,
  rowSteps,
  rowWrites,
  seriesFrom,
  shareAbove,
  withNewerLatest,
  workingSetOf,
  WorkingSetTally,
  type ChartPoint,
  type RowStep,
  type RowWrite,
  type SampleSeries,
  type WorkingSet,
} from './workload-series';
export {
  MiBCounts,
  SNAPSHOT_QUANTILE,
  SnapshotPool,
  asTableConfigMap,
  p90Mi,
  p90OfCounts,
  snapshotGuard,
  snapshotReadsPodAs,
  workloadFromPodName,
  type GuardOutcome,
  type GuardVerdict,
  type SampleProgress,
  type SnapshotCrash,
  type SnapshotSeries,
  type TableConfigMapFile,
} from './snapshot';
export {
  CONFIDENCE_FLAG_WORDS,
  HOT_POD_RATIO,
  SHORT_HISTORY_DAYS,
  SPIKY_RATIO,
  RowConfidenceTally,
  WorkloadConfidenceTally,
  confidenceDays,
  confidenceFlags,
  confidenceLine,
  confidenceOfSeries,
  daysOf,
  flagMeaning,
  formatRatio,
  packConfidence,
  peakOf,
  spreadOf,
  unpackConfidence,
  type ConfidenceFlag,
  type PackedConfidence,
  type RowConfidence,
} from './row-confidence';
export type { HistoryAtCreation, TableAtCreation } from './verdict-types';
export { DNS_LABEL, DNS_SUBDOMAIN, NAME_FRAGMENT, compareNames, isLabelName, isObjectName } from './names';
export { shellQuote, shellWords } from './shell';
export {
  BREAK_GLASS_ACTIONS,
  STEP_TITLES,
  breakGlassIndication,
  breakGlassProgress,
  breakGlassRecord,
  gapStart,
  latestSession,
  type BreakGlassAction,
  type BreakGlassFacts,
  type BreakGlassPhase,
  type BreakGlassProgress,
  type BreakGlassRecord,
  type BreakGlassSession,
  type Indication,
  type StepId,
  type StepState,
  type StepStatus,
} from './break-glass';
export {
  DRILL_STEPS,
  DRILL_STEP_TITLES,
  drillProgress,
  type CheckStatus,
  type DrillCheck,
  type DrillProgress,
  type DrillStep,
  type DrillStepId,
} from './drill';
export {
  SAVED_REGISTRATION_FILE,
  breakGlassCommands,
  controlPlaneFallback,
  podsSinceCommand,
  restartCommand,
  type BreakGlassCommands,
  type BreakGlassNames,
} from './break-glass-commands';
export {
  BREAK_GLASS_BUTTONS,
  DRILL_BUTTONS,
  stepActionTitle,
  STEP_ACTIONS,
  STEP_PAUSE_MS,
  buttonCommands,
  buttonLabel,
  type StepAction,
  type StepActionId,
  type StepButton,
  type StepCommands,
  type StepNames,
  type StepTarget,
} from './step-actions';
export {
  RESTARTABLE_KINDS,
  RESTARTS_WITHOUT_CONFIRMATION,
  createdBetween,
  createdInGaps,
  createdMeanwhile,
  gapWindows,
  isRestartable,
  type CreatedMeanwhileGroup,
  type GapWindow,
  type ExplainedPod,
  type RestartableKind,
} from './created-meanwhile';
export { partFailed, partOk, type Part, type PartError } from './part';
export { leaseStep, renewDeadlineMs, type LeaseFacts, type LeaseStep } from './recorder-lease';
export { evictionLead, nextPodRefusals, podAdviceFor, type ContainerLine, type PodAdvice } from './pod-advice';
export {
  awaitingKyvernoBack,
  incidentId,
  incidentSpans,
  isIncidentId,
  type IncidentKind,
  type IncidentSpan,
  type NumberedRecord,
} from './incident-spans';
export {
  DUPLICATE_REFUSED,
  REFUSAL_LOOKBACK_MS,
  WITHHELD,
  auditShownTo,
  buildIncident,
  lastIncidentGaps,
  recordedGapWindows,
  type EntryKind,
  type Incident,
  type IncidentInputs,
  type StepAudit,
  type TimelineEntry,
} from './incident';
export { cell, followUps, incidentMarkdown, notYet, stillUnsized, whoWords, type FollowUp, type IncidentImpact } from './incident-report';
export {
  goSize,
  heapCeilings,
  heapFlags,
  javaSize,
  type ContainerRuntimeSpec,
  type HeapCeiling,
  type HeapFlag,
  type HeapRuntime,
} from './heap-ceiling';
export {
  EVICTED,
  OOM_KILLED,
  evictionOf,
  firstAtOne,
  increases,
  lastTerminations,
  mergeMarks,
  oomKillsFromRestarts,
  secondsNearLimit,
  terminationsOf,
  type ContainerStatusShape,
  type Eviction,
  type Points,
  type PodStatusShape,
  type Termination,
  type TerminationMark,
} from './terminations';
export { nextTableFit, fitWarnings, type FitFocus } from './next-table-fit';
export { holdsRequest, mayRunOn, tolerates } from './fit-pods';
export type {
  FitContainer,
  FitInput,
  FitLimit,
  FitNode,
  FitPod,
  FitQuota,
  FitReport,
  LimitBreach,
  NodeFit,
  NowherePod,
  QuotaFit,
  QuotaRefusal,
  Taint,
  Toleration,
  WorkloadAdd,
} from './fit-types';
export { rowRuns, type RowRun } from './row-runs';
export { labelledMarks, LABEL_GAP } from './chart-labels';
