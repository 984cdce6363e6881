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
