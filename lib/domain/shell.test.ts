import { describe, expect, it } from 'vitest';
import { shellWords, shellQuote } from './shell';

describe('shellQuote', () => {
  it('leaves plain Kubernetes names as they are', () => {
    expect(shellQuote('kyverno-admission-controller')).toBe('kyverno-admission-controller');
    expect(shellQuote('webhook.kyverno.io/managed-by=kyverno')).toBe('webhook.kyverno.io/managed-by=kyverno');
  });

  it('single-quotes anything a shell would read differently', () => {
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote('$(rm -rf /)')).toBe("'$(rm -rf /)'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('')).toBe("''");
  });

  it('joins a line word by word', () => {
    expect(shellWords(['kubectl', '-n', 'x;y', 'get', 'pods'])).toBe("kubectl -n 'x;y' get pods");
  });
});
