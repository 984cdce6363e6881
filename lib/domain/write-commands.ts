import { shellQuote } from './shell';

// The runbook's write commands ("Refreshing it by hand", "Making it take a table its guard refuses", the restore),
// filled in for memdash's settings, every value shell-quoted. `$KC` stays as the runbook writes it: the operator's
// prd-write kubeconfig, which memdash never sees.

export interface WriteCommandSettings {
  kubectl: string; // `cexec iac kubectl`, as the operators run it
  kyvernoNamespace: string;
  tableConfigMap: string;
  snapshotCronJob: string;
}

/** Run the snapshot now; with `job`, the name memdash gave the run, else the runbook's `$(date …)`. */
export function snapshotRunCommands(s: WriteCommandSettings, job?: string): string[] {
  const k = s.kubectl;
  const ns = shellQuote(s.kyvernoNamespace);
  return [
    job ? `JOB=${shellQuote(job)}` : `JOB=${shellQuote(`${s.snapshotCronJob}-`)}$(date +%Y%m%d-%H%M)`,
    `${k} $KC -n ${ns} create job --from=${shellQuote(`cronjob/${s.snapshotCronJob}`)} $JOB`,
    `${k} -n ${ns} logs -f job/$JOB`,
  ];
}

/** Save the table, remove its data, then run the job at once. */
export function overrideCommands(s: WriteCommandSettings, fileName: string): string[] {
  const k = s.kubectl;
  const ns = shellQuote(s.kyvernoNamespace);
  const table = shellQuote(s.tableConfigMap);
  return [
    `${k} -n ${ns} get configmap ${table} -o json > ${shellQuote(fileName)}`,
    `${k} $KC -n ${ns} patch configmap ${table} --type=json \\\n  -p '[{"op":"remove","path":"/data"}]'`,
    ...snapshotRunCommands(s),
  ];
}

/** Put a saved table back (a merge patch of its data). */
export function restoreCommands(s: WriteCommandSettings, fileName: string): string[] {
  return [
    `${s.kubectl} $KC -n ${shellQuote(s.kyvernoNamespace)} patch configmap ${shellQuote(s.tableConfigMap)} --type=merge \\\n  -p "$(jq -c '{data}' ${shellQuote(fileName)})"`,
  ];
}

/** The runbook's name for a saved table: memory-requests-YYYY-MM-DD.json, from `$(date +%F)`. */
export function savedTableFileName(table: string, now: Date): string {
  return `${table}-${now.toISOString().slice(0, 10)}.json`;
}
