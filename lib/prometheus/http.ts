import 'server-only';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ByteBudget, checkDepth, pastDeadline, type ReadLimits } from './limits';

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

/**
 * A POST of a form, its answer read whole and parsed as JSON, within `limits` (its bytes, its deadline, its stop): past
 * one, the read fails with a LimitError. `timeoutMs`, when sooner than the deadline, fails it with a TimeoutError.
 */
export function postForm(url: URL, form: URLSearchParams, timeoutMs: number, limits: ReadLimits): Promise<FormAnswer> {
  return new Promise((resolve, reject) => {
    if (limits.signal?.aborted) return reject(limits.signal.reason); // stopped already: nothing is sent
    const req = sendForm(
      url,
      form,
      (res) =>
        readJson(res, limits).then(
          (json) => resolve({ status: res.statusCode ?? 0, json }),
          (err: unknown) => {
            reject(err);
            req.destroy(); // the rest of the answer is not read
          },
        ),
      limits.signal,
    );
    const late = timeoutMs <= limits.deadlineMs ? new TimeoutError(`no answer within ${timeoutMs} ms`) : pastDeadline(limits);
    const timer = setTimeout(() => req.destroy(late), Math.min(timeoutMs, limits.deadlineMs));
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
  });
}

/** The body, counted as it arrives (the first byte past the limit fails the read), its depth checked, then parsed. */
function readJson(res: IncomingMessage, limits: ReadLimits): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const budget = new ByteBudget(limits);
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => {
      try {
        budget.spend(chunk.length);
        chunks.push(chunk);
      } catch (err) {
        chunks.length = 0;
        reject(err);
      }
    });
    res.on('error', reject);
    res.on('end', () => {
      const body = Buffer.concat(chunks);
      try {
        checkDepth(body);
      } catch (err) {
        return reject(err);
      }
      try {
        resolve(JSON.parse(body.toString('utf8')));
      } catch {
        resolve(null);
      }
    });
  });
}
