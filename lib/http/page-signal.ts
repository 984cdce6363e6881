import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

// A page, unlike a route handler, gets no Request and so no request.signal. The server around Next
// (lib/server/before-next.ts) hands each request over inside `withRequestSignal`, as Next keeps its own request
// stores, so a page can pass the signal on to its reads as a value: a browser that leaves stops them. One store for
// the process: instrumentation and each page are bundled apart, each with its own copy of this module.
const KEY = Symbol.for('memdash.request-signal');
type WithSignal = typeof globalThis & { [KEY]?: AsyncLocalStorage<AbortSignal> };

function store(): AsyncLocalStorage<AbortSignal> {
  const g = globalThis as WithSignal;
  return (g[KEY] ??= new AsyncLocalStorage());
}

/** Runs `handOver` (Next's handling of one request) with the signal that fires when that request's client leaves. */
export function withRequestSignal<R>(signal: AbortSignal, handOver: () => R): R {
  return store().run(signal, handOver);
}

/** The signal of the request this page renders for; none outside a request handed over by the server (a test). */
export function pageSignal(): AbortSignal | undefined {
  return store().getStore();
}
