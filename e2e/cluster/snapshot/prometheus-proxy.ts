// The Prometheus the snapshot job talks to: the local Prometheus behind a switch. `prometheus-fails` answers as an
// unavailable Prometheus does (503, status error); `too-few-rows` passes on the series of one namespace only (the
// alphabetically first), as a Prometheus that lost most of its targets would. The dashboard's own Prometheus URL
// is not behind it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSwitches } from '../lib/switches.ts';

interface Series {
  metric: Record<string, string>;
}

export function startPrometheusProxy(upstream: string): Promise<string> {
  const server = createServer((req, res) => void forward(upstream, req, res));
  return new Promise((resolveUrl) =>
    server.listen(0, '127.0.0.1', () => resolveUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

async function forward(upstream: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const mode = readSwitches().snapshot;
  if (mode === 'prometheus-fails') {
    return send(res, 503, { status: 'error', errorType: 'unavailable', error: 'harness switch: snapshot prometheus-fails' });
  }
  try {
    const answer = await fetch(`${upstream}${req.url ?? '/'}`, { signal: AbortSignal.timeout(110_000) });
    const body = (await answer.json()) as { data?: { result?: Series[] } };
    if (mode === 'too-few-rows' && Array.isArray(body.data?.result)) body.data.result = oneNamespace(body.data.result);
    send(res, answer.status, body);
  } catch (error) {
    send(res, 502, { status: 'error', errorType: 'unavailable', error: (error as Error).message });
  }
}

function oneNamespace(result: Series[]): Series[] {
  const first = result.map((s) => s.metric.namespace ?? '').sort()[0];
  return result.filter((s) => s.metric.namespace === first);
}

function send(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
