import 'server-only';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { HttpAnswer } from './http-answer';
import { ByteBudget, pastDeadline, type ReadLimits } from './limits';

// A POST of a form to Prometheus whose answer is read into one buffer of this request's own, again and again, and
// handed on as views of it. node:http gives every read of the socket a new 64 KiB buffer: reading a preview's
// gigabytes that way made V8 collect its whole heap every few dozen megabytes (external memory it must account for),
// which inside the server cost more than the reading itself (bench/preview.ts). What reads the body must copy what it
// keeps: the next read overwrites the buffer.

const READ_BYTES = 256 << 10;

export interface BytesOptions {
  idleTimeoutMs: number;
  /** The read's bytes, deadline and stop (limits.ts). */
  limits: ReadLimits;
  /** Called once, when the answer's first bytes arrive: Prometheus has computed it and is sending it. */
  onAnswering?: () => void;
}

/** Thrown when Prometheus sends nothing for idleTimeoutMs. */
export class SilenceError extends Error {
  override name = 'SilenceError';
}

/** POSTs `form` to `url` (http or https, credentials in the URL sent as Basic); the answer's status once it is read. */
export function postFormBytes(
  url: URL,
  form: URLSearchParams,
  onBody: (bytes: Uint8Array) => void,
  options: BytesOptions,
): Promise<number> {
  const { idleTimeoutMs, limits } = options;
  const { signal } = limits;
  let onAnswering = options.onAnswering;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason); // stopped already: nothing is sent
    const answer = new HttpAnswer(onBody, new ByteBudget(limits));
    const buffer = Buffer.allocUnsafeSlow(READ_BYTES);
    let settled = false;
    // the whole read's deadline, cleared as it settles (a timer left running would hold the request it serves)
    const deadline = setTimeout(() => settle(pastDeadline(limits)), limits.deadlineMs);
    const settle = (err: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      socket.destroy();
      if (err === null) resolve(answer.status);
      else reject(err);
    };
    const onread = {
      buffer,
      callback: (n: number) => {
        if (settled) return false;
        onAnswering?.();
        onAnswering = undefined;
        try {
          answer.push(buffer.subarray(0, n));
          if (answer.done) settle(null);
        } catch (err) {
          settle(err);
        }
        return !settled;
      },
    };
    const socket = openSocket(url, onread);
    socket.setTimeout(idleTimeoutMs, () => settle(new SilenceError()));
    socket.on('error', (err) => settle(err));
    socket.on('close', () => {
      try {
        answer.close();
        settle(null);
      } catch (err) {
        settle(err);
      }
    });
    // The stop is followed here, destroyed on the next tick: a stop that comes from inside this answer's own reading
    // (a progress callback) fails the read through settle, out of the reader's stack.
    if (signal) {
      const stop = () => process.nextTick(() => settle(signal.reason));
      signal.addEventListener('abort', stop, { once: true });
      socket.on('close', () => signal.removeEventListener('abort', stop));
    }
    socket.write(requestBytes(url, form.toString()));
  });
}

function openSocket(url: URL, onread: { buffer: Buffer; callback: (n: number) => boolean }): Socket {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1'); // an IPv6 address without its brackets
  if (url.protocol === 'https:') {
    const port = Number(url.port || 443);
    // tls.connect reads into a buffer of its own as net.connect does (Node 15+); @types/node leaves it out
    const options: ConnectionOptions & { onread: typeof onread } = { host, port, servername: isIP(host) ? undefined : host, onread };
    return tlsConnect(options);
  }
  return netConnect({ host, port: Number(url.port || 80), onread });
}

/** The request: one connection each (closed once the answer is read), no compression asked for. */
function requestBytes(url: URL, body: string): string {
  const lines = [
    `POST ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    'Content-Type: application/x-www-form-urlencoded',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Accept: application/json',
    'Connection: close',
  ];
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    lines.push(`Authorization: Basic ${Buffer.from(credentials).toString('base64')}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
