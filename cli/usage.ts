// The help text of memdash and of each command.

export const COMMANDS = ['explain', 'diff', 'health'] as const;
export type CommandName = (typeof COMMANDS)[number];

const COMMON = `Options for every command:
  --json              the JSON the dashboard's API answers, for scripts
  --context NAME      the kubeconfig context to read with (as MEMDASH_KUBE_CONTEXT); with MEMDASH_CLUSTERS, the
                      cluster read with that context
  --cluster NAME      with MEMDASH_CLUSTERS, the cluster of that name (default: the file's default)
  --kubeconfig FILE   the kubeconfig to read with (default: KUBECONFIG, ~/.kube/config, or the in-cluster account)
  -h, --help          this help
Every other setting is the dashboard's environment variable (MEMDASH_*, DATABASE_URL; see lib/config.ts).
Exit codes: 0 done; 1 no such pod or version; 3 the cluster or the history store could not be read; 64 bad usage.`;

const HELP: Record<CommandName, string> = {
  explain: `memdash explain <namespace>/<pod>    (or: memdash explain -n <namespace> <pod>)

Why each container of the pod has its memory request: the verdict, the evidence and what its next pod gets, as the
pod page gives them. The history store (DATABASE_URL or MEMDASH_HISTORY_PATH) sharpens the verdicts when set.`,
  diff: `memdash diff <from> <to> [-n <namespace>]

What changed between two recorded versions of the table (ids as /table/snapshots lists them): rows new, gone and
changed. -n keeps one namespace's rows. Reads the history store (DATABASE_URL or MEMDASH_HISTORY_PATH).`,
  health: `memdash health [--all]

Whether pod creation is safe: the pod webhook's state as /webhook shows it on top.
--all: every cluster of MEMDASH_CLUSTERS at once, a line each, exiting with the worst (2, then 3, then 1, then 0).
Exit codes: 0 healthy; 1 degraded, starting or orphaned (at risk); 2 refusing or break-glass; 3 unreadable.`,
};

export function usage(command?: CommandName): string {
  if (command) return `${HELP[command]}\n\n${COMMON}\n`;
  return `memdash — why a pod has its memory request, from the terminal

Commands:
  explain <namespace>/<pod>   the verdict and evidence for each container
  diff <from> <to>            what changed between two recorded table versions
  health [--all]              the pod webhook's state; the exit code says it (0 healthy, 1 at risk, 2 refusing);
                              --all: every cluster's, exiting with the worst

Run memdash <command> --help for a command's own help.

${COMMON}
`;
}
