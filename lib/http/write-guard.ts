import 'server-only';
import type { KubeConfig } from '@kubernetes/client-node';
import type { z } from 'zod';
import { AppError, failureOf, redacted, type ErrorCode } from '@/lib/errors';
import { readText } from '@/lib/http/body';
import { MAX_JSON_BODY_BYTES } from '@/lib/http/limits';
import { historyDb } from '@/lib/history';
import { recordAudit, recordRefusedCredential, type AuditCredential, type AuditRecord } from '@/lib/history/audit';
import { countRefusal } from '@/lib/history/refusal-tally';
import { CLIENT_HEADER, SESSION_ID_HEADER, WRITE_TOKEN_HEADER } from '@/lib/auth/viewer';
import { sessionKeyOf } from '@/lib/auth/session';
import { openWriteToken, tokenToUse } from '@/lib/auth/write-token';
import { settings } from '@/lib/config';
import type { KubeClients } from '@/lib/k8s/client';
import { actorOf, secretsOf, writeClients, writeKubeConfig } from '@/lib/k8s/write-client';
import type { Cluster } from '@/lib/cluster/cluster';
import { clusterOf } from '@/lib/http/cluster';
import { claimWrite } from '@/lib/http/duplicate-writes';
import { assertSameOrigin } from '@/lib/http/origin';
import { personOfAsker, rightsOfAsker } from '@/lib/http/viewer';
import { parseOr } from '@/lib/http/params';
import { writeAttempts, writesRefusedBeforeCredential } from '@/lib/metrics/metrics';
import { KUBECONFIG_FIELD, type WriteCredential } from '@/lib/write-credential';

// The one guard every write route passes. Usage, in a route file:
//
//   export const POST = guardedWrite({
//     action: 'snapshot.run',                                   // the audit record's action
//     body: z.object({ ... }),                                  // validated (names included) before any call
//     target: (body) => `${ns}/cronjob/${name}`,                // the audit record's target
//     run: async ({ body, k, actor, now, signal }) => ({ status: 201, json: { job }, target: `${ns}/job/${job}` }),
//   });
//
// In order: POST only (405); memdash's own origin, Sec-Fetch-Site same-origin when sent (403); signed in, as the
// sign-in gate says (401); JSON only (415);
// the body's schema (400); a write credential (401, with no cluster call): the one pasted, else with
// MEMDASH_WRITE_AS_USER=on the signed-in person's own ID token (credentialToUse); the clients built for this request
// from it (a bad kubeconfig is refused, 400, before anything connects); who it is (SelfSubjectReview: a credential the
// cluster does not accept is a 401 here, before the action); the action; the cluster's refusal passed on with its
// status and message (401/403/404/409/422). Every attempt with a credential leaves its audit record, whatever
// happened, dated when the attempt began (so a timeline puts a step before what it caused); none holds a secret. One
// refused before a credential was read is counted per action and reason instead, and one client's credentials the
// cluster refused (401) fold into one record a minute (audit()). A spec with `duplicateWithinMs` refuses, 409, the
// same action on the same target by the same person while one runs or within that moment of its start, nothing else
// pressed between (lib/http/duplicate-writes.ts): a double-click is one write, and its second press has an audit
// record saying "Duplicate refused", since the log keeps every attempt with a credential.
// `guardedCheck` is the same front half without the audit record, for routes that ask but never write (/api/access).

export interface WriteContext<B> {
  /** The cluster the route's segments name: the one written to, whose API server the credential must name. */
  cluster: Cluster;
  body: B;
  /** Clients acting with the operator's write credential, for this request only. */
  k: KubeClients;
  kc: KubeConfig;
  /** Who the credential is (SelfSubjectReview), or "unknown" when the cluster accepted it but would not say. */
  actor: string;
  /** Where the credential came from: pasted in the tab, or the signed-in person's own ID token. */
  credential: CredentialSource;
  now: Date;
  /** Aborts when the browser goes away (the clients of a write ignore it: a write runs to its end). */
  signal: AbortSignal;
}

export interface WriteResult<R> {
  status?: number;
  json: R;
  /** The audit record's target when the action names it better than the request did (the Job it created). */
  target?: string;
  /** One line for the audit record: what the cluster answered. */
  detail?: string;
  /** The audit outcome when the action itself judged it (default success). */
  outcome?: AuditRecord['outcome'];
}

export interface WriteSpec<B, R> {
  action: string;
  /** The body's schema; a function of the cluster for a body that names one of its facts (the drill's typed name). */
  body: z.ZodType<B> | ((cluster: Cluster) => z.ZodType<B>);
  /** The audit record's target, named in the cluster written to. */
  target: (body: B, cluster: Cluster) => string;
  run: (context: WriteContext<B>) => Promise<WriteResult<R>>;
  /**
   * A step that only reads (the probe) may run with no credential at all, with memdash's read credential: recorded
   * as asked by nobody in particular. A credential that is sent is still checked, and refused when the cluster does
   * not accept it.
   */
  withoutCredential?: (context: Pick<WriteContext<B>, 'cluster' | 'body' | 'now' | 'signal'>) => Promise<WriteResult<R>>;
  /** Refuse the same write by the same person on the same target while it runs and this long after it began. */
  duplicateWithinMs?: number;
}

export type CredentialSource = AuditCredential;

/** The audit record's actor of a read-only step run with no write credential. */
export const NO_CREDENTIAL_ACTOR = '(no write credential)';

type Segments = { params: Promise<Record<string, string | string[] | undefined>> };

export function guardedWrite<B, R>(spec: WriteSpec<B, R>): (request: Request, segments?: Segments) => Promise<Response> {
  return async (request, segments) => {
    // the attempt's time: the audit record's and the action's, so that the step comes before what it caused
    const began = new Date();
    const record: Omit<AuditRecord, 'at'> = {
      actor: 'unknown',
      signedIn: signedInPerson(request),
      action: spec.action,
      target: '(not read)',
      outcome: 'refused',
      detail: null,
    };
    const secrets: string[] = [];
    // Until a credential is read, the attempt is anyone's: it is counted, not recorded (audit()).
    let credentialRead = false;
    let refusedFor: ErrorCode = 'internal';
    let release: (wentThrough: boolean) => void = () => {};
    const once = () => {
      if (spec.duplicateWithinMs !== undefined)
        release = claimWrite({ ...record, signedIn: record.signedIn ?? null }, spec.duplicateWithinMs, began.getTime());
    };
    try {
      const cluster = clusterOf((await segments?.params) ?? {});
      record.cluster = cluster.name;
      const admitted = await admit(request, schemaIn(spec.body, cluster));
      secrets.push(...pastedSecrets(admitted.credential));
      credentialRead = admitted.credential !== null;
      record.target = spec.target(admitted.body, cluster);
      if (!admitted.credential && spec.withoutCredential) {
        credentialRead = true; // it runs, so it is recorded like any step
        record.actor = NO_CREDENTIAL_ACTOR;
        once();
        return finish(record, await spec.withoutCredential({ cluster, body: admitted.body, now: began, signal: request.signal }));
      }
      const { credential, source } = await credentialToUse(request, cluster, admitted.credential);
      if (source === 'session') secrets.push(...pastedSecrets(credential)); // the person's ID token
      credentialRead = true;
      record.credential = source;
      // A write, once started, runs to its end even if the browser leaves: an override stopped between removing the
      // data and creating the Job would leave the table empty. Only the per-call timeout applies.
      const { k, kc } = clientsOf(cluster, credential);
      secrets.push(...secretsOf(kc));
      record.actor = await actorFor(k, source);
      once();
      const context = { cluster, body: admitted.body, k, kc, actor: record.actor, credential: source, now: began, signal: request.signal };
      return finish(record, await spec.run(context));
    } catch (err) {
      const error = writeFailure(err, secrets);
      record.outcome = error.status >= 500 ? 'failure' : 'refused';
      record.detail = error.message;
      refusedFor = error.code;
      return Response.json(error.toBody(), { status: error.status });
    } finally {
      release(record.outcome === 'success');
      const how: AuditHow = !credentialRead
        ? { refusedBeforeCredential: refusedFor }
        : refusedFor === 'unauthorized'
          ? { foldFor: request.headers.get(CLIENT_HEADER) ?? 'unknown' }
          : {};
      await audit({ ...record, detail: record.detail === null ? null : redacted(record.detail, secrets) }, how, began);
    }
  };
}

/**
 * Who is signed in, as the sign-in gate put it in the request (lib/auth/viewer.ts); null without sign-in. With sign-in
 * on, the gate has refused a request without a session before it got here.
 */
function signedInPerson(request: Request): string | null {
  return personOfAsker(request.headers);
}

/** The answer of an action that ran, and what its audit record says of it. */
function finish<R>(record: Omit<AuditRecord, 'at'>, result: WriteResult<R>): Response {
  record.target = result.target ?? record.target;
  record.outcome = result.outcome ?? 'success';
  record.detail = result.detail ?? null;
  return Response.json(result.json, { status: result.status ?? 200 });
}

export function guardedCheck<B, R>(
  spec: Pick<WriteSpec<B, R>, 'body' | 'run'>,
): (request: Request, segments?: Segments) => Promise<Response> {
  return async (request, segments) => {
    const secrets: string[] = [];
    try {
      const cluster = clusterOf((await segments?.params) ?? {});
      const admitted = await admit(request, schemaIn(spec.body, cluster));
      const { credential, source } = await credentialToUse(request, cluster, admitted.credential);
      secrets.push(...pastedSecrets(credential)); // pasted, or the person's ID token
      const { k, kc } = clientsOf(cluster, credential, request.signal);
      secrets.push(...secretsOf(kc));
      const actor = await actorFor(k, source);
      const result = await spec.run({
        cluster,
        body: admitted.body,
        k,
        kc,
        actor,
        credential: source,
        now: new Date(),
        signal: request.signal,
      });
      return Response.json(result.json, { status: result.status ?? 200 });
    } catch (err) {
      const error = writeFailure(err, secrets);
      return Response.json(error.toBody(), { status: error.status });
    }
  };
}

const schemaIn = <B>(body: WriteSpec<B, unknown>['body'], cluster: Cluster): z.ZodType<B> =>
  typeof body === 'function' ? body(cluster) : body;

interface Admitted<B> {
  body: B;
  credential: WriteCredential | null;
}

/** Every check that needs no cluster call, in the guard's order. */
async function admit<B>(request: Request, schema: z.ZodType<B>): Promise<Admitted<B>> {
  const { [KUBECONFIG_FIELD]: kubeconfig, ...rest } = await jsonObjectOf(request);
  return { body: parsedBody(schema, rest), credential: credentialOf(request, kubeconfig) };
}

/**
 * The guard's checks of a request up to its body, with no cluster call: POST only, memdash's own origin, JSON only,
 * its size, a JSON object. Also for a route that reads with a body and acts with no credential (the restore's diff).
 */
export async function jsonObjectOf(request: Request): Promise<Record<string, unknown>> {
  if (request.method !== 'POST') throw new AppError('method-not-allowed', `${request.method} is not allowed here: writes are POST only`);
  assertSameOrigin(request); // Host, Origin (scheme, host, port) and Sec-Fetch-Site
  rightsOfAsker(request.headers); // passed the sign-in gate (401 otherwise): before any credential is read
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new AppError(
      'unsupported-media-type',
      `Writes take JSON only (Content-Type application/json), not ${type || 'a body without a type'}`,
    );
  const text = await readText(request, MAX_JSON_BODY_BYTES);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('bad-request', 'The request body is not JSON');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new AppError('bad-request', 'The request body is not a JSON object');
  return json as Record<string, unknown>;
}

/** The body as the route's schema reads it, or a 400 naming each problem. */
export function parsedBody<B>(schema: z.ZodType<B>, json: Record<string, unknown>): B {
  return parseOr(schema, json, 'bad-request', 'Bad request', 'body');
}

function credentialOf(request: Request, kubeconfig: unknown): WriteCredential | null {
  const authorization = request.headers.get('authorization');
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1] ?? null;
  if (authorization && token === null) throw new AppError('bad-request', 'The Authorization header is not "Bearer <token>"');
  if (kubeconfig !== undefined && typeof kubeconfig !== 'string')
    throw new AppError('bad-request', `"${KUBECONFIG_FIELD}" is the kubeconfig file's text`);
  if (token && kubeconfig) throw new AppError('bad-request', 'Send a token or a kubeconfig, not both');
  if (token) return { kind: 'token', token };
  if (kubeconfig) return { kind: 'kubeconfig', fileName: 'The kubeconfig', kubeconfig };
  return null;
}

/**
 * The credential a write acts with: the one pasted, which always wins; else, with MEMDASH_WRITE_AS_USER=on, the
 * signed-in person's own ID token, as the gate passed it on still sealed. Without either: 401, with no cluster call.
 */
async function credentialToUse(
  request: Request,
  cluster: Cluster,
  pasted: WriteCredential | null,
): Promise<{ credential: WriteCredential; source: CredentialSource }> {
  if (pasted) return { credential: pasted, source: 'pasted' };
  const s = settings();
  if (s.writeAsUser !== 'on') {
    throw new AppError(
      'unauthorized',
      'No write credential: paste a token or choose a kubeconfig (prd-write) to act. memdash never writes with its own.',
    );
  }
  if (!cluster.identity.writeAsUser) {
    throw new AppError(
      'unauthorized',
      `No write credential: cluster ${cluster.name}'s API server does not trust memdash's sign-in, so you cannot write there as yourself. Paste a token or choose a kubeconfig for ${cluster.name}.`,
    );
  }
  const now = new Date();
  const kept = await openWriteToken(request.headers.get(WRITE_TOKEN_HEADER) ?? undefined, sessionKeyOf(s.sessionKey!), now);
  const [sid, user] = [request.headers.get(SESSION_ID_HEADER), signedInPerson(request)];
  const use = tokenToUse(kept, sid && user ? { sid, user } : null, now);
  if (!use.ok) throw new AppError('unauthorized', use.message);
  return { credential: { kind: 'token', token: use.idToken }, source: 'session' };
}

/**
 * Who the credential is (actorOf). An ID token the cluster does not accept says where to look: the API server must
 * trust the provider memdash signs people in at, with its audience and claims.
 */
async function actorFor(k: KubeClients, source: CredentialSource): Promise<string> {
  try {
    return await actorOf(k);
  } catch (err) {
    if (source !== 'session' || !(err instanceof AppError) || err.code !== 'unauthorized') throw err;
    throw new AppError(
      'unauthorized',
      "The cluster did not accept your ID token to write as you: its API server must trust memdash's OpenID provider " +
        '(issuer, audience, claims; docs/sign-in.md). Paste a write credential meanwhile.',
    );
  }
}

function clientsOf(cluster: Cluster, credential: WriteCredential, signal?: AbortSignal): { k: KubeClients; kc: KubeConfig } {
  const kc = writeKubeConfig(cluster, credential);
  return { kc, k: writeClients(kc, signal) };
}

/** The pasted token as it came, before the write's KubeConfig holds it trimmed (secretsOf). */
function pastedSecrets(credential: WriteCredential | null): string[] {
  return credential?.kind === 'token' ? [credential.token] : [];
}

/** The cluster's answers as it gave them, except that a 401 is about the operator's credential, not memdash's. */
function writeFailure(err: unknown, secrets: readonly string[]): AppError {
  const error = failureOf(err, secrets);
  if (error.code === 'unauthorized' && error.message.startsWith("The cluster did not accept memdash's credential")) {
    return new AppError('unauthorized', redacted(error.message.replace("memdash's credential", 'the write credential'), secrets));
  }
  return new AppError(error.code, redacted(error.message, secrets));
}

/**
 * How an attempt is audited: one refused before any credential was read (`refusedBeforeCredential`, its error code)
 * is only counted, and one whose credential the cluster refused (401) is folded with its client's (`foldFor`) other
 * such refusals of the minute: anyone can send those as fast as they like, and one record each would push the records
 * of real writes out of the log. Any other attempt with a credential has a record of its own.
 */
type AuditHow = { refusedBeforeCredential?: ErrorCode; foldFor?: string };

async function audit(record: Omit<AuditRecord, 'at'>, how: AuditHow, began: Date): Promise<void> {
  writeAttempts.inc({ cluster: record.cluster ?? '', action: record.action, outcome: record.outcome });
  const at = began.toISOString();
  const { refusedBeforeCredential, foldFor } = how;
  try {
    if (refusedBeforeCredential) {
      writesRefusedBeforeCredential.inc({ action: record.action, reason: refusedBeforeCredential });
      // tallied and stored with the others of its window: the refusal is answered without waiting for the store
      const refusal = { action: record.action, reason: refusedBeforeCredential, at };
      countRefusal(await historyDb(), refusal).catch((err: unknown) => notStored(record, 'count', err));
    } else if (foldFor) await recordRefusedCredential(await historyDb(), foldFor, { ...record, at });
    else await recordAudit(await historyDb(), { ...record, at });
  } catch (err) {
    notStored(record, refusedBeforeCredential ? 'count' : 'record', err);
  }
}

// The write has happened (or not) either way; the server log says the record is missing, without the record.
function notStored(record: Omit<AuditRecord, 'at'>, what: 'count' | 'record', err: unknown): void {
  console.error(
    `memdash: the audit ${what} of ${record.action} on ${record.target} (${record.outcome}) was not stored:`,
    err instanceof Error ? err.message : err,
  );
}
