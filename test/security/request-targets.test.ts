// Issue 31, item 9: a path that is not valid percent-encoding was a 500 without the security headers, and a request
// target in absolute form (what a client sends a forward proxy) was answered with a redirect to the host it names.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { expectSecurityHeaders, port, send } from './http';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
}

/** One request written byte for byte on a socket: node:http would not send an absolute-form target. */
function rawRequest(head: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port(), '127.0.0.1', () => socket.write(head));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [statusLine = '', ...lines] = received.split('\r\n\r\n')[0]!.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
  });
}

describe('a path that is not valid percent-encoding', () => {
  it.each([
    '/c/local/pods/shop/%C0%AE', // an overlong UTF-8 "."
    '/c/local/workloads/%ZZ/x',
    '/c/local/api/pods/%E0%A4%A/x/explanation', // a UTF-8 sequence cut short
    '/c/local/api/snapshot/runs/%25ZZ', // valid, but "%ZZ" once decoded
    '/c/local/snapshot/runs/%25ZZ',
  ])('%s is a 400 or 404 with the security headers', async (path) => {
    const answer = await send('GET', path);
    expect({ path, status: answer.status }).toEqual({ path, status: expect.toSatisfy((s: number) => s === 400 || s === 404) });
    expectSecurityHeaders(path, answer);
    expect(answer.body).not.toMatch(/URIError|at decodeURIComponent/);
  });
});

describe('a request target in absolute form', () => {
  it.each([
    ['memdash in Host', () => `127.0.0.1:${port()}`],
    ['the other host in Host too', () => 'evil.example'],
  ])('is refused, never redirected to the host it names (%s)', async (_, host) => {
    const answer = await rawRequest(`GET http://evil.example/x HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.headers.location).toBeUndefined();
    expectSecurityHeaders('http://evil.example/x', answer);
  });

  it('leaves a path that starts with two slashes on memdash', async () => {
    const answer = await rawRequest(`GET //evil.example/x HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\nConnection: close\r\n\r\n`);
    const location = answer.headers.location;
    if (location !== undefined) expect(new URL(location, `http://127.0.0.1:${port()}`).host).toBe(`127.0.0.1:${port()}`);
    expect(answer.status).not.toBe(500);
  });
});
