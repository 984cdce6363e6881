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
