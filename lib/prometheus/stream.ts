import 'server-only';
import { StringDecoder } from 'node:string_decoder';
import { PrometheusError, asPrometheusLimit } from './client';
import { sendForm } from './http';
import { HttpAnswerError } from './http-answer';
import { SilenceError, postFormBytes } from './http-bytes';
import { JsonArrayItems, JsonItemsError } from './json-items';
import { ByteBudget, LimitError, pastDeadline, type ReadLimits } from './limits';
import { MatrixBytes } from './matrix-bytes';
import { SeriesShapeError, type ParsedSeries } from './parsed-series';

// A POST to Prometheus whose answer is read as it arrives: the items of one array as text (postItems), or a
// query_range answer's series as bytes (postSeries); the rest of the answer is returned parsed. The timeout is for
// silence, not for the whole answer: a 28-day read may take minutes and still be healthy, but a Prometheus that sends
// nothing for that long is slow or stuck. Every read is also held to its limits (limits.ts): its bytes, a deadline for
// the whole of it, and its signal, which stops it when the request it serves ends.

export interface StreamedAnswer {
  status: number;
  /** The answer without the array's items. */
  rest: unknown;
}

export interface StreamOptions {
  idleTimeoutMs: number;
  limits: ReadLimits;
  /** Which setting the timeout comes from, for the message. */
  timeoutSetting: string;
  /** Called once, when the answer's first bytes arrive (postSeries only). */
  onAnswering?: () => void;
  /** The most points a series may have: the window's steps (postSeries only). */
  maxPoints?: number;
}

/** The items of the array at `path` (e.g. the series API's ['data']), each as its JSON text to `onItem`. */
export function postItems(
  url: URL,
  form: URLSearchParams,
  path: readonly string[],
  onItem: (text: string) => void,
  options: StreamOptions,
): Promise<StreamedAnswer> {
  const items = new JsonArrayItems(path, onItem);
  return postStreamed(url, form, options, items);
}

/**
 * A query_range answer, its series (data.result) read as bytes as they arrive: the body is never decoded to text, and
 * is read into one buffer of its own (lib/prometheus/http-bytes.ts), not a new one per read.
 */
export async function postSeries(
  url: URL,
  form: URLSearchParams,
  onSeries: (series: ParsedSeries) => void,
  options: StreamOptions,
): Promise<StreamedAnswer> {
  const { signal } = options.limits;
  const bytes = new MatrixBytes(onSeries, { maxPoints: options.maxPoints ?? Infinity });
  try {
    const status = await postFormBytes(url, form, (chunk) => bytes.push(chunk), options);
    return { status, rest: bytes.end() };
  } catch (err) {
    // once stopped, whichever part of the read reports first, the failure is the stop
    throw signal?.aborted ? abortError(signal) : asPrometheusError(err, url, options);
  }
}

/** The answer's text read by `items` as it arrives, over node:http. */
function postStreamed(url: URL, form: URLSearchParams, options: StreamOptions, items: JsonArrayItems): Promise<StreamedAnswer> {
  const { idleTimeoutMs, limits } = options;
  const { signal } = limits;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal)); // stopped already: nothing is sent
    // once stopped, whichever of the request and the response reports first, the failure is the stop
    const fail = (err: unknown) => reject(signal?.aborted ? abortError(signal) : asPrometheusError(err, url, options));
    const req = sendForm(url, form, (res) => {
      // The first thing wrong with the answer is its failure; the rest of it is not read.
      let broken = false;
      const budget = new ByteBudget(limits);
      const text = new StringDecoder('utf8');
      res.on('data', (chunk: Buffer) => {
        if (broken) return;
        try {
          budget.spend(chunk.length);
          items.push(text.write(chunk));
        } catch (err) {
          broken = true;
          fail(err);
          req.destroy();
        }
      });
      res.on('error', fail);
      res.on('end', () => {
        if (broken) return;
        try {
          items.push(text.end());
          resolve({ status: res.statusCode ?? 0, rest: items.end() });
        } catch (err) {
          fail(err);
        }
      });
    });
    req.setTimeout(idleTimeoutMs, () => req.destroy(new SilenceError()));
    // the whole read's deadline, cleared as it closes (a timer left running would hold the request it serves)
    const deadline = setTimeout(() => req.destroy(pastDeadline(limits)), limits.deadlineMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('error', fail);
    // The stop is followed here rather than handed to http.request: a stop that came from inside this answer's own
    // parsing (a progress callback) once surfaced from Node's own handling as an uncaught AbortError. Destroyed on the
    // next tick, out of the parser's stack, the request fails through the listener above.
    if (signal) {
      const stop = () => process.nextTick(() => req.destroy(abortError(signal)));
      signal.addEventListener('abort', stop, { once: true });
      req.on('close', () => signal.removeEventListener('abort', stop));
    }
  });
}

function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error('The Prometheus read was stopped', { cause: signal.reason }), { name: 'AbortError' });
}

function asPrometheusError(err: unknown, url: URL, options: StreamOptions): unknown {
  if (err instanceof PrometheusError) return err;
  if (err instanceof LimitError) return asPrometheusLimit(err);
  if (err instanceof Error && err.name === 'AbortError') return err;
  if (err instanceof SilenceError) {
    return new PrometheusError(
      'timeout',
      `Prometheus sent nothing for ${options.idleTimeoutMs / 1000} s (${options.timeoutSetting}): it is too slow or stuck.`,
    );
  }
  if (err instanceof JsonItemsError || err instanceof SeriesShapeError || err instanceof HttpAnswerError || err instanceof SyntaxError) {
    return new PrometheusError(
      'garbage',
      `Prometheus at ${url.origin} answered something that is not a Prometheus answer: ${err.message}.`,
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  return new PrometheusError('unreachable', `Prometheus cannot be reached at ${url.origin}: ${message}`);
}
