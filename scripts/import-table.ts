// Imports tables the runbook saved (`kubectl get configmap memory-requests -o json > memory-requests-<date>.json`)
// into a running memdash's history, one snapshot a file:
//   node scripts/import-table.ts [--url http://127.0.0.1:3000] [--at 2026-10-06T04:15:00Z] FILE...
// It posts to memdash's import route, as the upload on /table/snapshots does, so the server validates and stores it.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface Args {
  url: string;
  at?: string;
  files: string[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { url: process.env.MEMDASH_URL ?? 'http://127.0.0.1:3000', files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--url') args.url = argv[++i] ?? '';
    else if (arg === '--at') args.at = argv[++i];
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else args.files.push(arg);
  }
  if (args.files.length === 0) throw new Error('usage: node scripts/import-table.ts [--url URL] [--at TIME] FILE...');
  return args;
}

async function importFile(url: URL, file: string, at: string | undefined): Promise<boolean> {
  const body = JSON.stringify({ fileName: basename(file), content: readFileSync(file, 'utf8'), ...(at ? { takenAt: at } : {}) });
  // the route answers only memdash's own pages: this client says it comes from the server it talks to
  const response = await fetch(new URL('/api/history/imports', url), {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', origin: url.origin },
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
  console.log(`${file}: ${answer.created ? 'imported' : 'already recorded'} as the table of ${answer.takenAt}, ${answer.rows} rows`);
  return true;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const url = new URL(args.url);
  let ok = true;
  for (const file of args.files) ok = (await importFile(url, file, args.at)) && ok;
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
