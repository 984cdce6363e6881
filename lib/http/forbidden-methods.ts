import 'server-only';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { SERVED_METHODS, securityHeaders } from './headers';

// TRACE, TRACK and CONNECT cannot even become a fetch Request (the Fetch standard forbids them), so Next throws while
// building one, before proxy.ts or a route runs, and answers 500 with a stack in the log. They are answered here,
// as the server hands over the request, with the 405 every other method memdash does not serve gets from proxy.ts.
const UNREQUESTABLE = new Set(['TRACE', 'TRACK', 'CONNECT']);

let installed = false;

export function answerUnrequestableMethods(): void {
  if (installed) return;
  installed = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      if (UNREQUESTABLE.has(request.method ?? '')) {
        refuse(request, response);
        return true;
      }
    }
    return (emit as (this: Server, ...rest: unknown[]) => boolean).call(this, event, ...args);
  } as typeof Server.prototype.emit;
}

function refuse(request: IncomingMessage, response: ServerResponse): void {
  const body = JSON.stringify({ error: { code: 'method-not-allowed', message: `memdash does not answer ${request.method}` } });
  response.statusCode = 405;
  for (const { key, value } of securityHeaders()) response.setHeader(key, value);
  response.setHeader('allow', SERVED_METHODS.join(', '));
  response.setHeader('cache-control', 'no-store');
  response.setHeader('content-type', 'application/json');
  response.end(body);
  request.resume();
}
