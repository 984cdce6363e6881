// Raw HTTP to the server under test: fetch cannot send a Host header of its own choosing, an attacker can.
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { expect, inject } from 'vitest';

export const port = () => inject('memdashPort');
export const own = () => `127.0.0.1:${port()}`;
export const ownOrigin = () => `http://${own()}`;

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body as sent, before any decoding (a gzip answer stays compressed). */
  bytes: Buffer;
  ms: number;
}

/** One request with exactly these headers (Host included); resolves when the answer is read whole. */
export function send(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  return sendTo(port(), method, path, headers, body);
}

/** `send` to a server of the test's own on `to` (its Host is that server's). */
export function sendTo(
  to: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: to, method, path, headers: { host: `127.0.0.1:${to}`, ...headers }, setHost: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        // The body is joined when first read, not on arrival: joining a diff of 17 MB would hold this process, and
        // with it the health checks it is timing at that moment.
        res.on('end', () => {
          let body: string | undefined;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            ms: performance.now() - started,
            get bytes() {
              return Buffer.concat(chunks);
            },
            get body() {
              return (body ??= Buffer.concat(chunks).toString('utf8'));
            },
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A POST from memdash's own page, as the browser sends it. */
export function postFromOwnPage(path: string, body: unknown, extra: Record<string, string> = {}): Promise<Answer> {
  return send(
    'POST',
    path,
    { origin: ownOrigin(), 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', ...extra },
    JSON.stringify(body),
  );
}

/** The headers of a POST from the page of the server on `to`, as the browser sends them. */
export function ownPageHeaders(to: number): Record<string, string> {
  return { origin: `http://127.0.0.1:${to}`, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
}

/** A GET to the server on `to` whose client hangs up after `ms`, as a page closed at once. */
export function hangUpOn(to: number, path: string, ms: number): void {
  const req = httpRequest({ host: '127.0.0.1', port: to, path, headers: { host: `127.0.0.1:${to}` }, setHost: false });
  req.on('error', () => undefined);
  req.end();
  setTimeout(() => req.destroy(), ms);
}

/** Everything the server has written to its stdout and stderr so far. */
export function serverLog(): string {
  return readFileSync(inject('memdashLog'), 'utf8');
}

export function json<T>(answer: Answer): T {
  return JSON.parse(answer.body) as T;
}

/** The headers every answer carries (lib/http/headers.ts), `path` named in a failure. */
export function expectSecurityHeaders(path: string, answer: Pick<Answer, 'headers'>): void {
  const csp = String(answer.headers['content-security-policy'] ?? '');
  expect({ path, csp }).toEqual({ path, csp: expect.stringContaining("frame-ancestors 'none'") });
  expect({ path, frame: answer.headers['x-frame-options'] }).toEqual({ path, frame: 'DENY' });
  expect({ path, sniff: answer.headers['x-content-type-options'] }).toEqual({ path, sniff: 'nosniff' });
  expect({ path, referrer: answer.headers['referrer-policy'] }).toEqual({ path, referrer: 'same-origin' });
}
