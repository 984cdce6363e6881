import { describe, expect, it } from 'vitest';
import { assertSameOrigin } from './same-origin';

const request = (headers: Record<string, string>) => new Request('http://memdash.test/api/webhook/probe', { method: 'POST', headers });

describe('assertSameOrigin', () => {
  it("passes memdash's own page", () => {
    expect(() => assertSameOrigin(request({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' }))).not.toThrow();
  });

  it('refuses another site, a missing Origin, and a malformed one with a 403', () => {
    const refused: Array<Record<string, string>> = [{ host: '127.0.0.1:3000', origin: 'https://evil.example' }, { host: '127.0.0.1:3000' }, { host: 'a', origin: 'not a url' }];
    for (const headers of refused) {
      expect(() => assertSameOrigin(request(headers))).toThrow(expect.objectContaining({ code: 'forbidden', status: 403 }));
    }
  });
});
