import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canary, HOSTILE } from './__fixtures__/hostile';
import { shellQuote, shellWords } from './shell';

/**
 * The words a real POSIX shell (dash, then bash) reads from each of `lines`, one per NUL-terminated printf field.
 * One shell for all the lines: a shell per value made the test a race against its timeout on a loaded machine.
 */
function wordsInShell(shell: string, lines: string[]): string[][] {
  const script = lines.map((line) => `printf '%s\\0' ${line}; printf '\\001\\0'`).join('\n');
  const fields = execFileSync(shell, ['-c', script], { encoding: 'utf8' }).split('\0').slice(0, -1);
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

describe('shellQuote', () => {
  for (const shell of ['/bin/sh', '/bin/bash']) {
    it(`gives ${shell} back each hostile value as one word, running nothing`, () => {
      const lines = [...HOSTILE.map(shellQuote), shellWords(HOSTILE)];
      expect(wordsInShell(shell, lines)).toEqual([...HOSTILE.map((value) => [value]), HOSTILE]);
      expect(existsSync(canary)).toBe(false);
    });
  }

  it('leaves plain Kubernetes names readable', () => {
    expect(shellQuote('kyverno-prd')).toBe('kyverno-prd');
    expect(shellQuote('shop_web_')).toBe('shop_web_');
    expect(shellQuote('app.kubernetes.io/component=admission-controller')).toBe('app.kubernetes.io/component=admission-controller');
    expect(shellQuote('a b')).toBe(`'a b'`);
  });
});
