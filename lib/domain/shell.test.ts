import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canary, HOSTILE, wordsInShell } from './__fixtures__/hostile';
import { shellQuote, shellWords } from './shell';

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
