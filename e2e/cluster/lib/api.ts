// The API server over HTTPS for the harness's long-running stand-ins (Kyverno, the snapshot runner): one request
// helper and a small list-then-watch loop. kubectl is enough for one-shot commands; daemons need watches.
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { kubeconfigPath } from './paths.ts';
import { pki } from './pki.ts';
import { readState } from './state.ts';

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export interface Api {
  /** `accept`: another representation, e.g. a list of metadata only (PartialObjectMetadataList). */
  call<T = any>(method: string, path: string, body?: unknown, contentType?: string, accept?: string): Promise<T>;
  /** Lists `path`, then follows its watch; `onItems` gets every object after each change. Returns stop(). */
  informer<T extends KubeObject>(path: string, onItems: (items: T[]) => void, onError?: (error: Error) => void): () => void;
}

export interface KubeObject {
  metadata: { name: string; namespace?: string; uid?: string; resourceVersion?: string };
}

export const adminToken = (): string => readFileSync(kubeconfigPath('admin'), 'utf8').match(/token: (\S+)/)?.[1] ?? '';

export function api(token: string = adminToken()): Api {
  const port = readState()?.ports.apiserver;
  if (!port) throw new Error('no local cluster state: run npm run cluster:up');
  const ca = readFileSync(pki('ca.crt'));
  const options = (method: string, path: string, headers: Record<string, string>) => ({
    host: '127.0.0.1',
    port,
    path,
    method,
    ca,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...headers },
  });

  const call = <T>(
    method: string,
    path: string,
    body?: unknown,
    contentType = 'application/json',
    accept = 'application/json',
  ): Promise<T> =>
    new Promise((resolveBody, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(options(method, path, { accept, ...(payload ? { 'content-type': contentType } : {}) }), (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolveBody((text ? JSON.parse(text) : {}) as T);
          reject(new ApiError(status, messageOf(text) ?? `HTTP ${status} from ${method} ${path}`));
        });
      });
      req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
      req.on('error', reject);
      req.end(payload);
    });

  /** Resolves when the watch ends (server timeout, an ERROR event such as 410 Gone, or a broken connection). */
  const watch = (path: string, onEvent: (type: string, object: any) => void, signal: { stop: boolean; abort?: () => void }) =>
    new Promise<void>((done) => {
      const req = request(options('GET', path, {}), (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return done();
        }
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
            const line = buffer.slice(0, nl);
            buffer = buffer.slice(nl + 1);
            if (!line.trim()) continue;
            const event = JSON.parse(line) as { type: string; object: any };
            if (event.type === 'ERROR') {
              req.destroy();
              return done();
            }
            onEvent(event.type, event.object);
          }
        });
        res.on('end', () => done());
        res.on('error', () => done());
      });
      signal.abort = () => req.destroy();
      req.on('error', () => done());
      req.end();
    });

  const informer = <T extends KubeObject>(path: string, onItems: (items: T[]) => void, onError?: (error: Error) => void) => {
    const signal: { stop: boolean; abort?: () => void } = { stop: false };
    const sep = path.includes('?') ? '&' : '?';
    void (async () => {
      while (!signal.stop) {
        try {
          const list = await call<{ items: T[]; metadata: { resourceVersion: string } }>('GET', path);
          const items = new Map(list.items.map((i) => [keyOf(i), i]));
          onItems([...items.values()]);
          await watch(
            `${path}${sep}watch=1&resourceVersion=${list.metadata.resourceVersion}`,
            (type, object: T) => {
              if (type === 'DELETED') items.delete(keyOf(object));
              else if (type === 'ADDED' || type === 'MODIFIED') items.set(keyOf(object), object);
              else return;
              onItems([...items.values()]);
            },
            signal,
          );
        } catch (error) {
          onError?.(error as Error);
        }
        if (!signal.stop) await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    return () => {
      signal.stop = true;
      signal.abort?.();
    };
  };

  return { call, informer } as Api;
}

const keyOf = (o: KubeObject) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`;

function messageOf(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { message?: string }).message;
  } catch {
    return text.trim() || undefined;
  }
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
