// The runbook's "Which request a pod got, and why" commands, filled in for one pod. Names reach here validated as
// Kubernetes names (no quotes, spaces or `$`), so they are pasted into the shell as they are.

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
const ROWS_JQ = `'.data // {} | to_entries[] | select(.key | startswith($p)) | "\\(.key) \\(.value)"'`;
const WRITES_JSONPATH = `{range .metadata.managedFields[*]}{.time} {.manager} {.operation}{"\\n"}{end}`;

/** The commands an operator would type to check memdash's explanation of this pod by hand. */
export function podCommands(t: CommandTarget, s: CommandSettings): RunbookCommand[] {
  const k = s.kubectl;
  const table = `${k} -n ${s.kyvernoNamespace} get configmap ${s.tableConfigMap}`;
  const commands: RunbookCommand[] = [
    { title: "The pod's requests and limits", command: `${k} -n ${t.namespace} get pod ${t.pod} -o jsonpath='${REQUESTS_JSONPATH}'` },
    { title: 'Its creation time and controller owner', command: `${k} -n ${t.namespace} get pod ${t.pod} -o jsonpath='${OWNER_JSONPATH}'` },
  ];
  if (t.workload) {
    commands.push({
      title: `The workload's rows (${t.workload})`,
      command: `${table} -o json \\\n  | jq -r --arg p "${t.namespace}_${t.workload}_" ${ROWS_JQ}`,
    });
  }
  commands.push(
    { title: "The table's writes (memdash takes the last write from these)", command: `${table} --show-managed-fields -o jsonpath='${WRITES_JSONPATH}'` },
    { title: 'Is the policy loaded (READY true)', command: `${k} get mutatingpolicies.policies.kyverno.io ${s.mutatingPolicy}` },
    { title: 'Is its table loaded (conditions; events on a failed load)', command: `${k} describe globalcontextentries.kyverno.io ${s.globalContextEntry}` },
    { title: "The admission controller's errors", command: `${k} -n ${s.kyvernoNamespace} logs -l ${s.admissionPodSelector} --prefix --tail=50` },
  );
  return commands;
}
