// The three commands: each reads through lib/views, as the page or API of the same name does.
import { formatMemory, VERDICT_WORDS, WEBHOOK_STATE_WORDS, type WebhookStateCode } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { parseDiffParams, parsePodRef } from '@/lib/http/params';
import type { Explanation } from '@/lib/views/explain-types';
import type { FilteredDiff } from '@/lib/views/table-diff-types';
import type { CommandName } from './usage.ts';
import type { Io } from './main.ts';

export interface Flags {
  json: boolean;
  namespace?: string;
  /** health: every cluster, exiting with the worst. */
  all?: boolean;
  /** The cluster to read, by its name in MEMDASH_CLUSTERS, or by its kubeconfig context. */
  cluster?: string;
  context?: string;
}

export async function runCommand(command: CommandName, args: string[], flags: Flags, io: Io): Promise<number> {
  switch (command) {
    case 'explain':
      return explain(args, flags, io);
    case 'diff':
      return diff(args, flags, io);
    case 'health':
      return flags.all ? healthOfAll(flags, io) : health(flags, io);
  }
}

async function explain(args: string[], flags: Flags, io: Io): Promise<number> {
  if (args.length !== 1) throw new AppError('bad-request', 'explain takes one pod: <namespace>/<pod>, or -n <namespace> <pod>');
  const [first, second] = args[0]!.split('/');
  const ref = parsePodRef(
    second === undefined ? { namespace: flags.namespace ?? 'default', name: first } : { namespace: first, name: second },
  );
  const { explainPodByRef } = await import('@/lib/views/explain');
  const explanation = await explainPodByRef(await pickCluster(flags), ref);
  io.out(flags.json ? `${JSON.stringify(explanation, null, 2)}\n` : explanationText(explanation));
  return 0;
}

const size = (bytes: number | null) => (bytes === null ? '-' : formatMemory(bytes));

export function explanationText(e: Explanation): string {
  const lines = [
    `pod ${e.pod.namespace}/${e.pod.name}, created ${e.pod.createdAt}`,
    `owner ${e.owner ? `${e.owner.kind}/${e.owner.name}` : '(none)'}; workload ${e.workload ? `${e.workload.kind} ${e.workload.name}` : '(none)'}`,
    `table ${e.table.configMap}: ${e.table.loaded ? `${e.table.rows} rows` : 'no data'}${e.table.lastWriteAt ? `, last written ${e.table.lastWriteAt}` : ''}`,
    `registration ${e.registration.name}: ${e.registration.present ? 'present' : `absent${e.registration.absentSince ? ` since ${e.registration.absentSince}` : ''}`}`,
    '',
  ];
  for (const c of e.containers) {
    lines.push(`${c.name}${c.init ? ' (init)' : ''}: request ${size(c.request)}, limit ${size(c.limit)}, row ${size(c.row)}`);
    lines.push(`  ${c.verdict}: ${VERDICT_WORDS[c.verdict]}`);
    lines.push(`  ${c.reason}`);
    for (const fact of c.evidence) lines.push(`  - ${fact}`);
    lines.push(`  next pod: ${c.nextPod}`, '');
  }
  for (const limit of e.limits) lines.push(`note: ${limit}`);
  return `${lines.join('\n').trimEnd()}\n`;
}

async function diff(args: string[], flags: Flags, io: Io): Promise<number> {
  if (args.length !== 2) throw new AppError('bad-request', 'diff takes two version ids: memdash diff <from> <to>');
  const params = parseDiffParams({ from: args[0], to: args[1], namespace: flags.namespace });
  const { readDiff } = await import('@/lib/views/table-diff');
  const found = await readDiff(await pickCluster(flags), params);
  if (!found) throw new AppError('not-found', 'Fewer than two versions of the table are recorded');
  io.out(flags.json ? `${JSON.stringify({ from: found.from, to: found.to, ...found.filtered }, null, 2)}\n` : diffText(found));
  return 0;
}

export function diffText(d: FilteredDiff): string {
  const { added, gone, changed, unchanged } = d.filtered;
  const lines = [
    `table versions ${d.from.id} (${d.from.inForceFrom}, ${d.from.rows} rows) → ${d.to.id} (${d.to.inForceFrom}, ${d.to.rows} rows)`,
    `${added.length} new, ${gone.length} gone, ${changed.length} changed, ${unchanged} unchanged`,
  ];
  for (const r of added) lines.push(`+ ${r.key} ${r.toValue}`);
  for (const r of gone) lines.push(`- ${r.key} ${r.fromValue}`);
  for (const r of changed)
    lines.push(
      `~ ${r.key} ${r.fromValue} → ${r.toValue}${r.deltaPercent === null ? '' : ` (${r.deltaPercent > 0 ? '+' : ''}${r.deltaPercent.toFixed(0)}%)`}`,
    );
  return `${lines.join('\n')}\n`;
}

/** The exit code for scripts and alerts: 0 healthy, 1 at risk, 2 pod creation refused or break-glass. */
export function healthExit(code: WebhookStateCode): number {
  if (code === 'healthy') return 0;
  if (code === 'unknown') return 3; // as a state that cannot be read
  return code === 'refusing' || code === 'break-glass' ? 2 : 1;
}

async function health(flags: Flags, io: Io): Promise<number> {
  const { readWebhookState } = await import('@/lib/views/webhook-health');
  const state = await readWebhookState(await pickCluster(flags));
  if (!state.ok) {
    if (flags.json) io.out(`${JSON.stringify({ state })}\n`);
    io.err(`memdash health: the state cannot be read: ${state.error.message}\n`);
    return 3;
  }
  const exit = healthExit(state.value.code);
  io.out(
    flags.json
      ? `${JSON.stringify({ state: state.value, exitCode: exit })}\n`
      : `${state.value.code} (${WEBHOOK_STATE_WORDS[state.value.code].toLowerCase()}): ${state.value.reason}\n`,
  );
  return exit;
}

/** How bad an exit code is, for --all: pods refused, then a state nobody can read, then at risk, then healthy. */
const WORSE_FIRST = [2, 3, 1, 0];

/** The worst of the clusters' exit codes. */
export function worstExit(codes: readonly number[]): number {
  return WORSE_FIRST.find((code) => codes.includes(code)) ?? 0;
}

async function healthOfAll(flags: Flags, io: Io): Promise<number> {
  const [{ readWebhookState }, { clusters }] = await Promise.all([import('@/lib/views/webhook-health'), import('@/lib/cluster/registry')]);
  // every cluster at once: one that does not answer takes its own timeout, never the others' turn
  const states = await Promise.all(
    clusters().all.map(async (cluster) => ({ cluster: cluster.name, state: await readWebhookState(cluster) })),
  );
  const answers = states.map(({ cluster, state }) => ({ cluster, state, exitCode: state.ok ? healthExit(state.value.code) : 3 }));
  const exitCode = worstExit(answers.map((a) => a.exitCode));
  if (flags.json) {
    const clustersJson = answers.map((a) => ({
      cluster: a.cluster,
      exitCode: a.exitCode,
      ...(a.state.ok ? { state: a.state.value } : { error: a.state.error }),
    }));
    io.out(`${JSON.stringify({ clusters: clustersJson, exitCode })}\n`);
  } else {
    for (const a of answers)
      io.out(
        a.state.ok
          ? `${a.cluster}: ${a.state.value.code} (${WEBHOOK_STATE_WORDS[a.state.value.code].toLowerCase()}): ${a.state.value.reason}\n`
          : `${a.cluster}: unreadable: ${a.state.error.message}\n`,
      );
  }
  return exitCode;
}

/** The cluster a command reads: --cluster by name, --context by its context, else the default. */
async function pickCluster(flags: Flags) {
  const { clusters } = await import('@/lib/cluster/registry');
  const all = clusters();
  const names = () => all.all.map((c) => c.name).join(', ');
  if (flags.cluster !== undefined) {
    const found = all.named(flags.cluster);
    if (!found) throw new AppError('bad-request', `--cluster: memdash reads no cluster named "${flags.cluster}" (it reads ${names()})`);
    return found;
  }
  if (flags.context !== undefined && process.env.MEMDASH_CLUSTERS) {
    const found = all.all.filter((c) => c.context === flags.context);
    if (found.length !== 1)
      throw new AppError(
        'bad-request',
        `--context: ${found.length ? 'more than one cluster reads' : 'no cluster reads'} the context "${flags.context}" (see MEMDASH_CLUSTERS)`,
      );
    return found[0]!;
  }
  return all.defaultCluster;
}
