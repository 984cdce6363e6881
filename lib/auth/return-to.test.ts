import { describe, expect, it } from 'vitest';
import { MAX_RETURN_TO, returnPath } from './return-to';

const PUBLIC = 'https://memdash.example.internal';

describe('the place to come back to after sign-in (next)', () => {
  it("keeps a path of memdash's own, with its query, as the browser would read it", () => {
    expect(returnPath('/pods', PUBLIC)).toBe('/pods');
    expect(returnPath('/pods/shop/web-6d4f9-abcde?tab=history&range=24h', PUBLIC)).toBe('/pods/shop/web-6d4f9-abcde?tab=history&range=24h');
    expect(returnPath('/table/diff?from=3&to=5', 'http://127.0.0.1:3000')).toBe('/table/diff?from=3&to=5');
    expect(returnPath('/', PUBLIC)).toBe('/');
    // a fragment is the browser's own: never sent, never kept
    expect(returnPath('/pods#top', PUBLIC)).toBe('/pods');
  });

  it('sends every form that a browser reads as another host home', () => {
    const hostile = [
      '//evil.example',
      '//evil.example/pods',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example', // as %09 arrives once the query is decoded
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\t\\evil.example',
      '/.//evil.example', // the dot segment goes, and `//evil.example` is left
      '/%2e//evil.example',
      '/x/..//evil.example',
      'https://evil.example/pods',
      'http://memdash.example.internal/pods', // memdash's host, but another scheme: another origin
      'https://memdash.example.internal:8443/pods', // another port
      'https://user@memdash.example.internal/pods',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'evil.example',
      '',
      ' /pods',
    ];
    for (const next of hostile) expect({ next, to: returnPath(next, PUBLIC) }).toEqual({ next, to: '/' });
  });

  it('never hands back a control character, a raw backslash or a space: the URL parser encodes or drops them', () => {
    for (const next of ['/pods\n', '/pods?q=a\nb', '/po\tds', '/pods?q=a b', '/pods\\shop', '/pods?q=<x>"']) {
      const to = returnPath(next, PUBLIC);
      expect({ next, to }).toEqual({ next, to: expect.stringMatching(/^\/[\x21-\x7e]*$/) });
      expect(to).not.toMatch(/[\\<>"]/);
      // and it is still memdash's own page when read back against any origin
      expect(new URL(to, 'https://other.example').host).toBe('other.example');
    }
    expect(returnPath('/po\tds', PUBLIC)).toBe('/pods');
  });

  it('sends a place longer than the sign-in keeps home, rather than a cut one', () => {
    expect(returnPath(`/pods?q=${'a'.repeat(MAX_RETURN_TO)}`, PUBLIC)).toBe('/');
  });

  it('reads a public URL with a path as its origin only', () => {
    expect(returnPath('/pods', 'https://memdash.example.internal/ignored/')).toBe('/pods');
  });
});
