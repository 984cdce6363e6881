// The admission controller's HTTPS endpoint: the pod webhook answers with the policy's JSON patch (or, with the
// `kyverno deny` switch, a denial); Kyverno's other webhooks admit. Closing it makes the port refuse connections,
// which is what the API server sees of a crashed or stopped Kyverno.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pki } from '../lib/pki.ts';
import { patchFor, type Pod } from './mutation.ts';
import { HARNESS_PATH, POLICY, POLICY_PATH } from './names.ts';

export interface Review {
  at: string;
  namespace: string;
  name: string;
  dryRun: boolean;
  operations: number;
  denied: boolean;
}

export interface Admission {
  rows(): Record<string, string> | null;
  denying(): boolean;
  /** what the harness may read about the stand-in (GET /harness) */
  describe(): object;
  log(message: string): void;
}

const ALLOWING = new Set(['/policyvalidate', '/exceptionvalidate', '/celexception/validate', '/globalcontextvalidate']);

export class AdmissionServer {
  readonly reviews: Review[] = [];
  private server: Server | null = null;
  private readonly admission: Admission;

  constructor(admission: Admission) {
    this.admission = admission;
  }

  get serving(): boolean {
    return this.server !== null;
  }

  start(port: number): Promise<void> {
    if (this.server) return Promise.resolve();
    const server = createServer(
      { key: readFileSync(pki('webhook.key')), cert: readFileSync(pki('webhook.crt')) },
      (req, res) => void this.handle(req, res),
    );
    this.server = server;
    return new Promise((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolveListen());
    });
  }

  stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return Promise.resolve();
    return new Promise((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method === 'GET')
      return reply(res, path.startsWith('/health/') ? { ok: true } : path === HARNESS_PATH ? this.admission.describe() : null);
    const review = JSON.parse(await bodyOf(req)) as { request: AdmissionRequest };
    const request = review.request;
    if (path === POLICY_PATH) return reply(res, envelope(this.podResponse(request)));
    if (ALLOWING.has(path)) return reply(res, envelope({ uid: request.uid, allowed: true }));
    reply(res, null);
  }

  private podResponse(request: AdmissionRequest): object {
    const pod = request.object as Pod;
    const record = (operations: number, denied: boolean) => {
      this.reviews.push({
        at: new Date().toISOString(),
        namespace: request.namespace,
        name: pod.metadata.name ?? pod.metadata.generateName ?? '',
        dryRun: request.dryRun === true,
        operations,
        denied,
      });
      if (this.reviews.length > 200) this.reviews.shift();
    };
    if (this.admission.denying()) {
      record(0, true);
      this.admission.log(
        `denied pod ${request.namespace}/${pod.metadata.name ?? pod.metadata.generateName ?? ''}: harness switch "kyverno deny"`,
      );
      return {
        uid: request.uid,
        allowed: false,
        status: { code: 400, message: `policy ${POLICY}: mutation failed: denied by the harness switch "kyverno deny"` },
      };
    }
    const patch =
      request.operation === 'CREATE' && request.kind?.kind === 'Pod' ? patchFor(pod, request.namespace, this.admission.rows()) : [];
    record(patch.length, false);
    if (patch.length === 0) return { uid: request.uid, allowed: true };
    return { uid: request.uid, allowed: true, patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(patch)).toString('base64') };
  }
}

interface AdmissionRequest {
  uid: string;
  namespace: string;
  operation: string;
  dryRun?: boolean;
  kind?: { kind: string };
  object: { metadata: { name?: string; generateName?: string } };
}

const envelope = (response: object) => ({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response });

function reply(res: ServerResponse, body: object | null): void {
  res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body ?? { error: 'not found' }));
}

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolveBody(text));
    req.on('error', reject);
  });
}
