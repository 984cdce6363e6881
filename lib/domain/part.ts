// The one shape of "this part failed, the rest works": a webhook panel's read, a chart, an imported file, the
// history behind an explanation. Types and constructors only, so pages, routes and the browser share it.
import type { ErrorCode } from '@/lib/errors';

export interface PartError {
  code: ErrorCode;
  message: string;
}

/** A part's value, or why it failed (and, for a read, the permission it needs). */
export type Part<T> = { ok: true; value: T } | { ok: false; error: PartError; needs?: string };

export function partOk<T>(value: T): Part<T> {
  return { ok: true, value };
}

export function partFailed<T = never>(code: ErrorCode, message: string): Part<T> {
  return { ok: false, error: { code, message } };
}

/**
 * A part as the routes that answered before Part existed still answer it, so their JSON does not change: the
 * value's fields beside `ok: true`, or `ok: false` with a `problem`.
 */
export type FlatPart<T extends object> = ({ ok: true } & T) | { ok: false; problem: string };

export function flatPartOf<T extends object>(part: Part<T>): FlatPart<T> {
  return part.ok ? { ok: true, ...part.value } : { ok: false, problem: part.error.message };
}

/** The part back from its flat JSON; the code is not on the wire, only the problem's words. */
export function partOfFlat<T extends object>(flat: FlatPart<T>): Part<T> {
  if (!flat.ok) return partFailed('cluster-error', flat.problem);
  const { ok: _ok, ...value } = flat;
  return partOk(value as unknown as T);
}
