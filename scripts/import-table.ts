// Imports tables the runbook saved (`kubectl get configmap memory-requests -o json > memory-requests-<date>.json`)
// into a running memdash's history, one version a file:
//   node scripts/import-table.ts [--url http://127.0.0.1:3000] (--token-file FILE | --kubeconfig FILE) [--at 2026-10-06T04:15:00Z] FILE...
// An import is a write: it takes the write credential (prd-write), which must be allowed to patch the table. The
// credential is read here, on the operator's machine, and sent as the browser sends it: a token as a Bearer header,
// a kubeconfig's text in the body (memdash refuses one that names files or runs commands).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { writeRequestInit, type WriteCredential } from '../lib/write-credential.ts';

const USAGE = 'usage: node scripts/import-table.ts [--url URL] (--token-file FILE | --kubeconfig FILE) [--at TIME] FILE...';

interface Args {
  url: string;
  at?: string;
  tokenFile?: string;
  kubeconfig?: string;
  files: string[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { url: process.env.MEMDASH_URL ?? 'http://127.0.0.1:3000', files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--url') args.url = argv[++i] ?? '';
    else if (arg === '--at') args.at = argv[++i];
    else if (arg === '--token-file') args.tokenFile = argv[++i];
    else if (arg === '--kubeconfig') args.kubeconfig = argv[++i];
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}\n${USAGE}`);
    else args.files.push(arg);
  }
  if (args.files.length === 0) throw new Error(USAGE);
  return args;
}

/** The write credential from the operator's own file: a token file's first line, or a kubeconfig's text. */
function credentialOf(args: Args): WriteCredential {
  if (args.tokenFile && args.kubeconfig) throw new Error(`give --token-file or --kubeconfig, not both\n${USAGE}`);
  if (args.kubeconfig)
    return { kind: 'kubeconfig', fileName: basename(args.kubeconfig), kubeconfig: readFileSync(args.kubeconfig, 'utf8') };
  if (!args.tokenFile) throw new Error(`an import is a write: give the write credential with --token-file or --kubeconfig\n${USAGE}`);
  const token = readFileSync(args.tokenFile, 'utf8').trim();
  if (!token || /\s/.test(token)) throw new Error(`${args.tokenFile} does not hold one token on one line`);
  return { kind: 'token', token };
}

async function importFile(url: URL, credential: WriteCredential, file: string, at: string | undefined): Promise<boolean> {
  const body = { fileName: basename(file), content: readFileSync(file, 'utf8'), ...(at ? { takenAt: at } : {}) };
  const init = writeRequestInit(body, credential);
  // the route answers only memdash's own pages: this client says it comes from the server it talks to
  const response = await fetch(new URL('/api/history/imports', url), {
    method: 'POST',
    body: init.body,
    headers: { ...init.headers, origin: url.origin },
  });
  const answer = (await response.json().catch(() => ({}))) as {
    error?: { message?: string };
    message?: string;
    takenAt?: string;
    rows?: number;
    created?: boolean;
  };
  if (!response.ok) {
    console.error(`${file}: refused (${response.status}): ${answer.error?.message ?? answer.message ?? response.statusText}`);
    return false;
  }
  console.log(`${file}: ${answer.created ? 'imported' : 'already imported'} as the table of ${answer.takenAt}, ${answer.rows} rows`);
  return true;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const credential = credentialOf(args);
  const url = new URL(args.url);
  let ok = true;
  for (const file of args.files) ok = (await importFile(url, credential, file, args.at)) && ok;
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
