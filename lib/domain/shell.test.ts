import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canary, HOSTILE } from './__fixtures__/hostile';
import { shellQuote, shellWords } from './shell';

/** The words a real POSIX shell (dash, then bash) reads from `line`, one per NUL-terminated printf field. */
function wordsInShell(shell: string, line: string): string[] {
  const out = execFileSync(shell, ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('shellQuote', () => {
  for (const shell of ['/bin/sh', '/bin/bash']) {
    it(`gives ${shell} back each hostile value as one word, running nothing`, () => {
      for (const value of HOSTILE) {
        expect(wordsInShell(shell, shellQuote(value))).toEqual([value]);
      }
      expect(wordsInShell(shell, shellWords(HOSTILE))).toEqual(HOSTILE);
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
