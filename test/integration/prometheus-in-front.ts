// A server in front of the local cluster's Prometheus, for the ways it fails that cannot be produced by the real one
// on demand (refusing, silent, garbage) and for a real Prometheus answering slowly, chunk by chunk.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function fakePrometheus(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; server: Server }> {
  const server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The address of a Prometheus that is down: a port that listened a moment ago and where nothing listens now. */
export async function closedPrometheus(): Promise<string> {
  const { url, server } = await fakePrometheus(() => undefined);
  await new Promise((r) => server.close(r));
  return url;
}

/** The request passed on to the real Prometheus; with `pauseMs`, its answer trickles back chunk by chunk. */
export function forward(upstream: string, req: IncomingMessage, res: ServerResponse, pauseMs = 0): void {
  const target = new URL(req.url ?? '/', upstream);
  const out = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    if (pauseMs === 0) return void answer.pipe(res);
    answer.on('data', (chunk: Buffer) => {
      res.write(chunk);
      answer.pause();
      setTimeout(() => answer.resume(), pauseMs);
    });
    answer.on('end', () => res.end());
  });
  out.on('error', () => res.destroy());
  res.on('close', () => out.destroy());
  req.pipe(out);
}

/** The real Prometheus behind a delay of `delayMs` per request and `pauseMs` per chunk, counting what it is asked. */
export async function slowedPrometheus(upstream: string, delayMs: number, pauseMs: number) {
  const counts = { started: 0, open: 0 };
  const { url, server } = await fakePrometheus((req, res) => {
    counts.started++;
    counts.open++;
    res.on('close', () => counts.open--);
    setTimeout(() => forward(upstream, req, res, pauseMs), delayMs);
  });
  return { url, server, counts };
}
