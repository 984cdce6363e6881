// The runbook's "Which request a pod got, and why" commands, filled in for one pod. They are pasted into a shell that
// holds the operator's credentials: a name Kubernetes would refuse builds no command, and every value is shell-quoted
// all the same (an ownerReference's name, and so a workload, can hold any text).
import { isLabelName, isObjectName, rowKey, shellQuote as q } from '@/lib/domain';

export interface RunbookCommand {
  /** What the command answers, in the runbook's words. */
  title: string;
  command: string;
}

export interface CommandTarget {
  namespace: string;
  pod: string;
  workload: string | null;
}

export interface CommandSettings {
  kubectl: string; // e.g. `cexec iac kubectl`
  kyvernoNamespace: string;
  tableConfigMap: string;
  mutatingPolicy: string;
  globalContextEntry: string;
  admissionPodSelector: string;
}

const REQUESTS_JSONPATH =
  `{range .spec.initContainers[*]}{.name} (init): {.resources.requests.memory}, limit {.resources.limits.memory}{"\\n"}{end}` +
  `{range .spec.containers[*]}{.name}: {.resources.requests.memory}, limit {.resources.limits.memory}{"\\n"}{end}`;
const OWNER_JSONPATH =
  `{.metadata.creationTimestamp} {.metadata.ownerReferences[?(@.controller==true)].kind}/` +
  `{.metadata.ownerReferences[?(@.controller==true)].name}{"\\n"}`;
const ROWS_JQ = `.data // {} | to_entries[] | select(.key | startswith($p)) | "\\(.key) \\(.value)"`;
const WRITES_JSONPATH = `{range .metadata.managedFields[*]}{.time} {.manager} {.operation}{"\\n"}{end}`;

/** The commands an operator would type to check memdash's explanation of this pod by hand. */
export function podCommands(t: CommandTarget, s: CommandSettings): RunbookCommand[] {
  if (!isLabelName(t.namespace) || !isObjectName(t.pod)) return [];
  // The kubectl prefix is the operator's own setting (`cexec iac kubectl`): several words, kept as they are.
  const k = s.kubectl;
  const pod = `${k} -n ${q(t.namespace)} get pod ${q(t.pod)}`;
  const table = `${k} -n ${q(s.kyvernoNamespace)} get configmap ${q(s.tableConfigMap)}`;
  const commands: RunbookCommand[] = [
    { title: "The pod's requests and limits", command: `${pod} -o jsonpath=${q(REQUESTS_JSONPATH)}` },
    { title: 'Its creation time and controller owner', command: `${pod} -o jsonpath=${q(OWNER_JSONPATH)}` },
  ];
  if (t.workload !== null && isObjectName(t.workload)) {
    // Every key of the workload's rows starts with the key of a container without a name.
    const prefix = rowKey(t.namespace, t.workload, '');
    commands.push({
      title: `The workload's rows (${t.workload})`,
      command: `${table} -o json \\\n  | jq -r --arg p ${q(prefix)} ${q(ROWS_JQ)}`,
    });
  }
  commands.push(
    {
      title: "The table's writes (memdash takes the last write from these)",
      command: `${table} --show-managed-fields -o jsonpath=${q(WRITES_JSONPATH)}`,
    },
    { title: 'Is the policy loaded (READY true)', command: `${k} get mutatingpolicies.policies.kyverno.io ${q(s.mutatingPolicy)}` },
    {
      title: 'Is its table loaded (conditions; events on a failed load)',
      command: `${k} describe globalcontextentries.kyverno.io ${q(s.globalContextEntry)}`,
    },
    {
      title: "The admission controller's errors",
      command: `${k} -n ${q(s.kyvernoNamespace)} logs -l ${q(s.admissionPodSelector)} --prefix --tail=50`,
    },
  );
  return commands;
}
