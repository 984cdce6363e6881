import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A file each hostile value tries to create: a test that finds it has run an attacker's command. */
export const canary = join(mkdtempSync(join(tmpdir(), 'memdash-shell-')), 'ran');

// What an attacker puts in an owner name, a namespace or a row key: shell syntax of every kind, and
// strings that are harmless in a shell but are no Kubernetes name.
export const HOSTILE = [
  `x"; touch ${canary}; echo "`,
  `x'; touch ${canary}; echo '`,
  `$(touch ${canary})`,
  `\`touch ${canary}\``,
  `a\ntouch ${canary}\n`,
  `a; touch ${canary}`,
  `a && touch ${canary}`,
  `a | touch ${canary}`,
  `$'\\x41'`,
  `-n`,
  `~root`,
  `*`,
  `a b\tc`,
  `'`,
  `''`,
  `\\`,
  '',
];

/**
 * The words a real POSIX shell (dash, then bash) reads from each of `lines`, one per NUL-terminated printf field.
 * One shell for all the lines: a shell per value made the test a race against its timeout on a loaded machine. Each
 * line's end mark is a command of its own, so a line that ends in a comment still ends; an operator's `$KC` is left
 * out of its environment, so that the runbook's unquoted `$KC` adds no words.
 */
export function wordsInShell(shell: string, lines: string[]): string[][] {
  const script = lines.map((line) => `printf '%s\\0' ${line}\nprintf '\\001\\0'`).join('\n');
  const env = { ...process.env };
  delete env.KC;
  const fields = execFileSync(shell, ['-c', script], { encoding: 'utf8', env }).split('\0').slice(0, -1);
  const words: string[][] = [];
  let line: string[] = [];
  for (const field of fields) {
    if (field !== '\x01') line.push(field);
    else {
      words.push(line);
      line = [];
    }
  }
  return words;
}
