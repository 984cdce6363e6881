// Every schema a request is checked against before any call: route params, search params, bodies. A bad name is an
// `invalid-name` (400) and never reaches the API server; any other bad parameter is a `bad-request` (400).
// No 'server-only': it does no I/O, and pages parse their search params with the same schemas.
import { z } from 'zod';
import { AppError, type ErrorCode } from '@/lib/errors';
import { MAX_JSON_BODY_BYTES } from '@/lib/http/limits';
import { CHART_RANGES, NAME_FRAGMENT, VERDICT_CODES, isIncidentId, podOrder, type ChartRange, type PodOrder } from '@/lib/domain';
import { namespaceName, objectName, podRef, type PodRef } from '@/lib/k8s/names';

/** Search params as Next hands them to a page, or as a route reads them from the URL. */
export type RawSearch = Record<string, string | string[] | undefined>;

/** The one wording of zod's issues in an error message: `path: problem; path: problem`, `whole` for the input itself. */
export function issuesText(error: z.ZodError, whole: string): string {
  return error.issues.map((i) => `${i.path.join('.') || whole}: ${i.message}`).join('; ');
}

/**
 * Parses `raw` or throws an AppError with `code`, its message `<what> (<issues>)`; an issue with the whole input (a
 * body's unknown key) is named `whole`.
 */
export function parseOr<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  code: ErrorCode,
  what: string,
  whole = 'the parameters',
): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new AppError(code, `${what} (${issuesText(parsed.error, whole)})`);
}

/** The first value of each search param, trimmed; empty ones count as absent. */
export function firstValues(raw: RawSearch): Record<string, string | undefined> {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, first(v)]));
}

/** The search params of a route's request URL. */
export function searchOf(request: Request): RawSearch {
  return Object.fromEntries(new URL(request.url).searchParams);
}

// A part of a name typed into a filter: lower-case letters, digits, "-" and "." (not a whole valid name).
const nameFragment = (what: string) => z.string().max(253).regex(NAME_FRAGMENT, `${what} is lower-case letters, digits, "-" and "."`);

/** A pod by namespace and name: /pods/{namespace}/{pod} and its explanation. */
export function parsePodRef(params: { namespace?: unknown; name?: unknown }): PodRef {
  return parseOr(podRef, params, 'invalid-name', 'Not a valid Kubernetes name');
}

export const workloadRef = z.object({ namespace: namespaceName, workload: objectName });

/** A workload by namespace and name: /workloads/{namespace}/{workload} and its memory. */
export function parseWorkloadRef(params: unknown): z.output<typeof workloadRef> {
  return parseOr(workloadRef, params, 'invalid-name', 'Not a valid workload');
}

const chartRange = z.object({ range: z.enum(CHART_RANGES).optional() });

/** A workload chart's ?range= (24h, 7d, 28d); absent for the snapshot's window. */
export function parseChartRange(raw: RawSearch): ChartRange | undefined {
  return parseOr(chartRange, { range: firstValues(raw).range }, 'bad-request', 'Bad chart range').range;
}

const podFilter = z.object({
  namespace: namespaceName.optional(),
  name: nameFragment('a name fragment').optional(),
});
/** The most pods one answer lists. */
export const MAX_POD_LIMIT = 2000;
const podLimit = z.object({ limit: z.coerce.number().int().min(1).max(MAX_POD_LIMIT) });

/** The pod filters of /pods and GET /api/pods: a namespace, a name fragment and how many to answer at most. */
export function parsePodSearch(raw: RawSearch, defaultLimit = 200): { namespace?: string; name?: string; limit: number } {
  const values = firstValues(raw);
  const filter = parseOr(podFilter, { namespace: values.namespace, name: values.name?.toLowerCase() }, 'invalid-name', 'Bad filter');
  const { limit } = parseOr(podLimit, { limit: values.limit ?? defaultLimit }, 'bad-request', 'Bad filter');
  return { ...filter, limit };
}

const verdictFilter = z.object({ verdict: z.enum(['differs', ...VERDICT_CODES]).optional() });

/** /pods?verdict=: a verdict code, or "differs"; absent for every pod. */
export function parseVerdictFilter(raw: RawSearch): z.output<typeof verdictFilter>['verdict'] {
  return parseOr(verdictFilter, { verdict: firstValues(raw).verdict }, 'bad-request', 'Bad verdict filter').verdict;
}

/** /pods?sort=&direction=: an unknown order is no error, just the plain order (a stale bookmark still lists the pods). */
export function parsePodOrder(raw: RawSearch): PodOrder {
  const { sort, direction } = firstValues(raw);
  return podOrder(sort, direction);
}

const diffParams = z.object({
  from: z.coerce.number().int().positive().optional(),
  to: z.coerce.number().int().positive().optional(),
  namespace: namespaceName.optional(),
  workload: nameFragment('a workload name fragment').optional(),
  format: z.enum(['json', 'csv']).default('json'),
  /** /table/diff's page (DIFF_PAGE_ROWS of each kind per page). */
  page: z.coerce.number().int().positive().max(1_000_000).default(1),
});
export type DiffParams = z.output<typeof diffParams>;

/** /table/diff and its export: two version ids (the last two when absent), filters and the export's format. */
export function parseDiffParams(raw: RawSearch): DiffParams {
  return parseOr(diffParams, firstValues(raw), 'bad-request', 'Bad diff parameters');
}

const previewParams = z.object({ format: z.enum(['ndjson', 'configmap']).default('ndjson') });

/** GET /api/snapshot/preview: the NDJSON stream (default) or the preview as a saved table file. */
export function parsePreviewParams(raw: RawSearch): z.output<typeof previewParams> {
  return parseOr(previewParams, firstValues(raw), 'bad-request', 'Bad preview parameters');
}

/** POST /api/history/imports, as the write guard reads it: a saved table file (its name and text) and its time. */
export const importBody = z.object({
  fileName: z.string().min(1).max(255),
  content: z.string().max(MAX_JSON_BODY_BYTES),
  takenAt: z.string().max(64).optional(),
});

/** A snapshot run's Job from the URL (Next has decoded it once: a second decoding would throw on "%" or read "%61" as "a"). */
export function parseJobName(raw: string): string {
  const parsed = objectName.safeParse(raw);
  if (!parsed.success) throw new AppError('invalid-name', `Not a Job name: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

const sinceParam = z.object({ since: z.iso.datetime({ offset: true, error: 'an RFC 3339 time, as 2026-10-06T10:00:00Z' }).optional() });

/** The break-glass's SINCE (?since=): when pods began to be admitted without Kyverno; absent: the recorded gap's start. */
export function parseSince(raw: RawSearch): string | undefined {
  return parseOr(sinceParam, firstValues(raw), 'bad-request', 'Bad since').since;
}

/** An incident's id from the URL: bg-<n> or drill-<n> (the record that opened it). */
export function parseIncidentId(raw: unknown): string {
  if (typeof raw !== 'string' || !isIncidentId(raw)) throw new AppError('bad-request', 'Not an incident id: bg-<number> or drill-<number>');
  return raw;
}

const exportFormat = z.object({ format: z.enum(['md', 'json']).default('md') });

/** An incident's export: ?format=md (the postmortem draft, the default) or json. */
export function parseIncidentExport(raw: RawSearch): 'md' | 'json' {
  return parseOr(exportFormat, firstValues(raw), 'bad-request', 'Bad format').format;
}

/** The most audit records one answer lists. */
export const MAX_AUDIT_LIMIT = 1000;

const auditSearch = z.object({
  action: z
    .string()
    .max(64)
    .regex(/^[a-z0-9.-]+$/, 'an action is written like snapshot.run')
    .optional(),
  outcome: z.enum(['success', 'failure', 'refused']).optional(),
  /** The page's cursor: the records older than this record (the `next` of the page before). */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_AUDIT_LIMIT).default(200),
});
export type AuditSearch = z.output<typeof auditSearch>;

/** /audit and GET /api/audit: ?action=&outcome= filter, ?before=<id>&limit= page the records. */
export function parseAuditSearch(raw: RawSearch): AuditSearch {
  return parseOr(auditSearch, firstValues(raw), 'bad-request', 'Bad filter');
}

/**
 * The table's resourceVersion as the page that offered a write showed it: the write's precondition. Opaque to
 * clients, but the API server's are decimal counters; anything else is refused before a call.
 */
export const shownResourceVersion = z
  .string({ error: "the table's resourceVersion as the page showed it" })
  .regex(/^[0-9]{1,20}$/, "the table's resourceVersion as the page showed it (digits)");

/** POST /api/table/override: the table's name typed, and the table's resourceVersion shown. */
export const overrideBody = z.object({ confirm: z.string().max(253), resourceVersion: shownResourceVersion }).strict();

const versionSource = z.object({ versionId: z.number().int().positive() }).strict();
const fileSource = z.object({ fileName: z.string().min(1).max(255), content: z.string().max(MAX_JSON_BODY_BYTES) }).strict();

/** POST /api/table/restore/diff: where the saved table comes from, a recorded version or a saved file. */
export const restoreSource = z.union([versionSource, fileSource]);
export type RestoreSourceBody = z.infer<typeof restoreSource>;

/** POST /api/table/restore: the same, and the resourceVersion of the table the diff was shown against. */
export const restoreBody = z.union([
  versionSource.extend({ resourceVersion: shownResourceVersion }),
  fileSource.extend({ resourceVersion: shownResourceVersion }),
]);
export type RestoreBody = z.infer<typeof restoreBody>;

/** The removal's delete of the owner-less registrations: nothing but the write credential. */
export const removalBody = z.object({}).strict();

/** The removal's CRD delete: the confirmation typed as the page shows it, with the count of CRDs it showed. */
export const crdDeleteBody = z
  .object({
    confirm: z
      .string()
      .max(64)
      .regex(/^delete \d{1,4} CRDs$/, 'type the confirmation as the page shows it: "delete <n> CRDs"'),
  })
  .strict();
