import 'server-only';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

// A plain POST of a form to Prometheus, over node:http. Not fetch: inside Next.js's server the patched fetch adds a
// large share of the query's own time to a 28-day answer, most of a chart's cost (bench/history.ts compares a chart
// with Prometheus's own query_range: docs/benchmarks.md).

export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

export interface FormAnswer {
  status: number;
  /** The parsed body, or null when it is not JSON. */
  json: unknown;
}

/**
 * Sends `form` as a POST to Prometheus's API, over http or https as the URL says; `onAnswer` gets the response. The
 * caller adds its listeners (errors, timeouts) at once: the request emits nothing before the next tick.
 */
export function sendForm(url: URL, form: URLSearchParams, onAnswer: (res: IncomingMessage) => void, signal?: AbortSignal): ClientRequest {
  const body = form.toString();
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers = {
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': Buffer.byteLength(body),
    accept: 'application/json',
  };
  const req = send(url, { method: 'POST', headers, signal }, onAnswer);
  req.end(body);
  return req;
}

/** A POST of a form, its answer read whole and parsed as JSON. */
export function postForm(url: URL, form: URLSearchParams, timeoutMs: number, signal?: AbortSignal): Promise<FormAnswer> {
  return new Promise((resolve, reject) => {
    const req = sendForm(url, form, (res) => readJson(res).then((json) => resolve({ status: res.statusCode ?? 0, json }), reject), signal);
    const timer = setTimeout(() => req.destroy(new TimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
  });
}

function readJson(res: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('error', reject);
    res.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(null);
      }
    });
  });
}
