import { bytesOf, containerFacts, keyOf } from './container-facts';
import { containerSentence, registrationSentence, rowSentence, timesSentence } from './evidence';
import { nextPodFor } from './next-pod';
import type { ContainerShape } from './types';
import { historyLimits, historySentences } from './verdict-history';
import { decide } from './verdict-rules';
import type { ContainerExplanation, ExplainInput, PodExplanation, VerdictContext } from './verdict-types';
import { controllerOf, deriveWorkload } from './workload';

// Why each container of a pod has its memory request: exactly one verdict per container, init containers too,
// with the facts compared. Judged from the cluster as it is now; `limits` says what that cannot know.

export { NOT_AS_THE_TABLE_SAYS, UNTOUCHED_VERDICTS, VERDICT_CODES, VERDICT_WORDS, type VerdictCode } from './verdict-codes';
export type {
  ContainerExplanation,
  ExplainInput,
  HistoryAtCreation,
  PodExplanation,
  RegistrationState,
  TableState,
  VerdictContext,
} from './verdict-types';

/** One container's verdict, its reason and evidence, and what its next pod gets. */
export function verdictFor(container: ContainerShape, init: boolean, context: VerdictContext): ContainerExplanation {
  const facts = containerFacts(container, init, context);
  const decision = decide(facts, context);
  return {
    name: facts.name,
    init,
    request: facts.request,
    limit: facts.limit,
    rowKey: keyOf(facts.row),
    row: bytesOf(facts.row),
    verdict: decision.verdict,
    reason: decision.reason,
    evidence: [
      containerSentence(facts),
      context.workloadVia,
      rowSentence(facts.row, context),
      timesSentence(context),
      registrationSentence(context),
      ...historySentences(context),
      ...decision.evidence,
    ],
    nextPod: nextPodFor(facts, decision.verdict, context),
  };
}

/** Every container's verdict (init containers first, as they run), the pod's owner and workload, and the limits. */
export function explainPod(input: ExplainInput): PodExplanation {
  const { workload, via } = deriveWorkload(input.pod, { jenkinsNamespace: input.jenkinsNamespace });
  const context: VerdictContext = { ...input, workload, workloadVia: via };
  const containers = [
    ...(input.pod.spec.initContainers ?? []).map((c) => verdictFor(c, true, context)),
    ...input.pod.spec.containers.map((c) => verdictFor(c, false, context)),
  ];
  const controller = controllerOf(input.pod);
  return {
    owner: controller ? { kind: controller.kind, name: controller.name } : null,
    workload,
    containers,
    limits: input.history ? limitsWithHistory(context) : limitsOf(input),
  };
}

// With the history store, only what it could not tell remains, plus what no history changes.
function limitsWithHistory(context: VerdictContext): string[] {
  const limits = historyLimits(context);
  if (!context.table.lastWriteAt && !context.history?.table) limits.push(NO_LAST_WRITE);
  limits.push(skipsLimit(context.registration));
  return limits;
}

// Until the history store records every table and every absence of the registration, these verdicts rest on the
// cluster as it is now; the page states so rather than letting a verdict claim more than it knows.
function limitsOf({ table, registration }: ExplainInput): string[] {
  const limits = [
    "Stale is judged from the table's last write only (its managedFields time, to the second): without the table's history, the row in force when the pod was created is not known.",
    "Registration-absent is judged only from the registration's current absence: a pod created during an earlier absence is not recognised.",
  ];
  if (!table.lastWriteAt) limits.push(NO_LAST_WRITE);
  if (!table.parsed.loaded)
    limits.push('The table has no data now; whether it had data when the pod was created is not known without its history.');
  limits.push(skipsLimit(registration));
  if (!registration.present && !registration.absentSince) {
    limits.push('When the registration went absent is not recorded, so registration-absent cannot be claimed for this pod.');
  }
  return limits;
}

const NO_LAST_WRITE = "The table's last write time is unknown, so no container can be judged stale.";

/** What no history changes: a skip is judged from the registration's selectors and the pod's labels as they are now. */
function skipsLimit(registration: ExplainInput['registration']): string {
  return registration.entry
    ? "Skips are judged from the registration's selectors and the labels as they are now, not as they were when the pod was created."
    : 'The registration is not there to read, so its selectors are unknown: whether they skip this pod cannot be judged.';
}
