// The local API server's audit log (e2e/cluster/lib/audit.ts) as a test's oracle: what calls a write made, by whom,
// and that a refused one made none. The cluster says it, not memdash's own audit records or a look after a pause.
//
//   const window = auditWindow();          // before the attempt
//   ... the attempt ...
//   const calls = await window.calls();    // every call the API server logged since, once a barrier shows it wrote them
//   expect(writesBy(calls, 'operator')).toEqual([{ verb: 'create', resource: 'batch/jobs', ... }]);
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { api, isNotFound } from '../e2e/cluster/lib/api.ts';
import { auditLogFile } from '../e2e/cluster/lib/audit.ts';

/** One request as the API server logged it. */
export interface Call {
  user: string;
  verb: string;
  /** group/resource[/subresource], the core group as '' (`/pods`); a non-resource URL as itself */
  resource: string;
  namespace?: string;
  name?: string;
  code: number;
  /** sent with ?dryRun=All: answered as if done, nothing stored (the webhook probe is one) */
  dryRun?: true;
}

/** A call with the time the API server logged its answer (its record's stageTimestamp), for a test that dates what it did. */
export interface TimedCall extends Call {
  at: string;
}

/** The verbs that change what the cluster holds. */
export const WRITE_VERBS = ['create', 'update', 'patch', 'delete', 'deletecollection'] as const;
/** Created to ask a question, never stored: who am I, may I. */
const REVIEWS = new Set([
  'selfsubjectreviews',
  'selfsubjectaccessreviews',
  'subjectaccessreviews',
  'localsubjectaccessreviews',
  'tokenreviews',
]);

/** A request the API server did not authenticate is logged with no user: named so here. */
export const UNAUTHENTICATED = '(unauthenticated)';

interface LogRecord {
  auditID: string;
  stage: string;
  verb: string;
  requestURI: string;
  user?: { username?: string };
  objectRef?: { resource?: string; subresource?: string; apiGroup?: string; namespace?: string; name?: string };
  responseStatus?: { code?: number };
  stageTimestamp?: string;
}

export interface AuditWindow {
  /** Every call logged since the window opened, in the log's order; waits until a barrier call is in the log. */
  calls(): Promise<Call[]>;
  /** The same calls, each with the time the API server logged it. */
  timedCalls(): Promise<TimedCall[]>;
}

/** Opens a window on the audit log at its end now; fails naming the file when the API server writes none. */
export function auditWindow(): AuditWindow {
  const file = auditLogFile();
  if (!existsSync(file))
    throw new Error(`precondition failed: no audit log at ${file} (run npm run cluster:up: it restarts an API server started without it)`);
  const start = statSync(file);
  const records = async (): Promise<LogRecord[]> => {
    const barrier = await writeBarrier();
    const deadline = Date.now() + 15_000;
    for (;;) {
      const since = readSince(file, start.ino, start.size);
      const at = since.findIndex((r) => r.objectRef?.name === barrier);
      if (at >= 0) return answered(since.slice(0, at));
      if (Date.now() > deadline) throw new Error(`the audit log ${file} did not show the barrier call ${barrier} within 15 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return {
    calls: async () => (await records()).map(callOf),
    timedCalls: async () => (await records()).map((r) => ({ ...callOf(r), at: new Date(r.stageTimestamp ?? 0).toISOString() })),
  };
}

/**
 * A GET of a ConfigMap that does not exist, by a name no one else uses: sent after the attempt answered, so once it is
 * in the log the calls the attempt made are too (each request writes its record as it ends: --audit-log-mode=blocking).
 */
async function writeBarrier(): Promise<string> {
  const name = `memdash-audit-barrier-${randomUUID()}`;
  await api()
    .call('GET', `/api/v1/namespaces/default/configmaps/${name}`)
    .then(
      () => {
        throw new Error(`the barrier ConfigMap ${name} exists`);
      },
      (error: unknown) => {
        if (!isNotFound(error)) throw error;
      },
    );
  return name;
}

/** The records written since `offset` of the file that had inode `ino` (rotated since: that file's rest, then the new one). */
function readSince(file: string, ino: number, offset: number): LogRecord[] {
  const now = statSync(file);
  if (now.ino === ino) return parse(readFrom(file, offset));
  const rotated = readdirSync(dirname(file))
    .map((name) => join(dirname(file), name))
    .find((path) => path !== file && basename(path).startsWith('audit-') && statSync(path).ino === ino);
  return parse((rotated ? readFrom(rotated, offset) : '') + readFrom(file, 0));
}

function readFrom(path: string, offset: number): string {
  const fd = openSync(path, 'r');
  try {
    const size = statSync(path).size;
    const buffer = Buffer.alloc(Math.max(0, size - offset));
    readSync(fd, buffer, 0, buffer.length, offset);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Whole lines only: the last may still be being written. */
function parse(text: string): LogRecord[] {
  const lines = text.split('\n');
  lines.pop();
  return lines.filter(Boolean).map((line) => JSON.parse(line) as LogRecord);
}

/** One record per request: its ResponseComplete one, or its ResponseStarted one while a watch still runs. */
function answered(records: LogRecord[]): LogRecord[] {
  const complete = new Set(records.filter((r) => r.stage === 'ResponseComplete').map((r) => r.auditID));
  return records.filter((r) => r.stage === 'ResponseComplete' || (r.stage === 'ResponseStarted' && !complete.has(r.auditID)));
}

function callOf(r: LogRecord): Call {
  const o = r.objectRef;
  const resource = o?.resource ? [o.apiGroup ?? '', o.resource, ...(o.subresource ? [o.subresource] : [])].join('/') : r.requestURI;
  return {
    user: r.user?.username || UNAUTHENTICATED,
    verb: r.verb,
    resource,
    ...(o?.namespace ? { namespace: o.namespace } : {}),
    ...(o?.name ? { name: o.name } : {}),
    code: r.responseStatus?.code ?? 0,
    ...(/[?&]dryRun=All(&|$)/.test(r.requestURI) ? { dryRun: true as const } : {}),
  };
}

/** Whether a call asks the cluster to change what it holds (a review is created to ask, never stored). */
export const isWrite = (call: Call): boolean =>
  (WRITE_VERBS as readonly string[]).includes(call.verb) && !REVIEWS.has(call.resource.split('/')[1] ?? '');

/** The write calls of these users, in order, as verb + resource + namespace + name + answer. */
export const writesBy = <C extends Call>(calls: C[], ...users: string[]): C[] => calls.filter((c) => users.includes(c.user) && isWrite(c));

/** Every call of these users, reads too. */
export const callsBy = <C extends Call>(calls: C[], ...users: string[]): C[] => calls.filter((c) => users.includes(c.user));
