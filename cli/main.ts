// memdash in the terminal: the same read models as the pages (lib/views), with kubectl's habits: KUBECONFIG (or
// --kubeconfig), --context, -n. Each command prints words for a person, or with --json the JSON the API answers.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { COMMANDS, usage, type CommandName } from './usage.ts';

/** Exit codes besides a command's own: not found, a failure (the cluster or the store could not be read), bad usage. */
export const EXIT_NOT_FOUND = 1;
export const EXIT_FAILED = 3;
export const EXIT_USAGE = 64;

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

const defaultIo: Io = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };

export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        context: { type: 'string' },
        cluster: { type: 'string' },
        all: { type: 'boolean', default: false },
        kubeconfig: { type: 'string' },
        namespace: { type: 'string', short: 'n' },
      },
    });
  } catch (err) {
    io.err(`memdash: ${(err as Error).message}\n\n${usage()}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  const [name, ...args] = positionals;
  const command = COMMANDS.find((c) => c === name) as CommandName | undefined;
  if (values.help || !name) {
    io.out(usage(command));
    return name && !command ? EXIT_USAGE : 0;
  }
  if (!command) {
    io.err(`memdash: no command "${name}"\n\n${usage()}`);
    return EXIT_USAGE;
  }
  // Settings are read from the environment on first use, so the flags go there before any lib/ module reads them.
  if (values.kubeconfig) process.env.KUBECONFIG = values.kubeconfig;
  // with MEMDASH_CLUSTERS, --context picks the cluster of that context (pickCluster); without it, as kubectl's
  if (values.context && !process.env.MEMDASH_CLUSTERS) process.env.MEMDASH_KUBE_CONTEXT = values.context;
  if (values.all && command !== 'health') {
    io.err(`memdash: --all is for health only\n\n${usage(command)}`);
    return EXIT_USAGE;
  }
  // Without a store of its own the terminal must not create ./data/memdash.sqlite: it then has no history.
  if (!process.env.DATABASE_URL && !process.env.MEMDASH_HISTORY_PATH && !existsSync('data/memdash.sqlite'))
    process.env.MEMDASH_HISTORY_PATH = ':memory:';
  const { runCommand } = await import('./commands.ts');
  try {
    const flags = { json: values.json, namespace: values.namespace, all: values.all };
    return await runCommand(command, args, { ...flags, cluster: values.cluster, context: values.context }, io);
  } catch (err) {
    const { failureOf } = await import('@/lib/errors');
    const failure = failureOf(err);
    if (values.json) io.out(`${JSON.stringify(failure.toBody())}\n`);
    io.err(`memdash ${command}: ${failure.message}\n`);
    if (failure.code === 'invalid-name' || failure.code === 'bad-request') return EXIT_USAGE;
    return failure.code === 'not-found' ? EXIT_NOT_FOUND : EXIT_FAILED;
  } finally {
    const { closeHistoryDb } = await import('@/lib/history');
    await closeHistoryDb();
  }
}
