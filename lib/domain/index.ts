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
