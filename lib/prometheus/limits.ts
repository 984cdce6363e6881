// What one read of Prometheus may cost memdash, whichever reader serves it: how many bytes its answer may send, how
// long the whole read may take, what stops it (the request's signal), and how deeply its JSON may nest. Prometheus is
// untrusted like everything else memdash reads: an answer past a limit is refused with a LimitError saying which, in
// the place of what it was asked for, never a crash. No I/O here (the readers apply it; read-limits.ts fills it in
// from the settings).

export interface ReadLimits {
  /** The most bytes the answer's body may send. */
  maxBytes: number;
  /** The setting `maxBytes` comes from, for the message. */
  maxBytesSetting: string;
  /** The most the whole read may take, from sending the query to the answer's last byte. */
  deadlineMs: number;
  /** The setting `deadlineMs` comes from, for the message. */
  deadlineSetting: string;
  /** Stops the read: the request it serves has ended (the browser left). */
  signal?: AbortSignal;
}

// Prometheus's answers nest five deep at most ({"data":{"result":[{"values":[[…]]}]}}); far deeper is not an answer.
export const MAX_DEPTH = 32;

export class LimitError extends Error {
  override name = 'LimitError';
  readonly kind: 'too-large' | 'too-deep' | 'too-many-points' | 'deadline';

  constructor(kind: LimitError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

export function tooLarge(limits: Pick<ReadLimits, 'maxBytes' | 'maxBytesSetting'>): LimitError {
  return new LimitError('too-large', `Prometheus answered more than ${megabytes(limits.maxBytes)} MB (${limits.maxBytesSetting})`);
}

export function tooDeep(): LimitError {
  return new LimitError('too-deep', `Prometheus answered JSON too deeply nested (over ${MAX_DEPTH} levels)`);
}

export function pastDeadline(limits: Pick<ReadLimits, 'deadlineMs' | 'deadlineSetting'>): LimitError {
  return new LimitError('deadline', `Prometheus took longer than ${limits.deadlineMs / 1000} s (${limits.deadlineSetting}) to answer`);
}

export function tooManyPoints(max: number): LimitError {
  return new LimitError('too-many-points', `Prometheus answered a series with more points than the window's ${max} steps`);
}

/** A count of the body's bytes as they arrive, refusing the first past `limits.maxBytes`. */
export class ByteBudget {
  private read = 0;
  private readonly limits: Pick<ReadLimits, 'maxBytes' | 'maxBytesSetting'>;

  constructor(limits: Pick<ReadLimits, 'maxBytes' | 'maxBytesSetting'>) {
    this.limits = limits;
  }

  /** Counts `n` more bytes; throws once the answer is past its limit. */
  spend(n: number): void {
    this.read += n;
    if (this.read > this.limits.maxBytes) throw tooLarge(this.limits);
  }

  /** Whether `n` more bytes would still fit (a chunk's or a body's announced size, before any of it is read). */
  fits(n: number): boolean {
    return this.read + n <= this.limits.maxBytes;
  }
}

/**
 * Throws when the JSON in `bytes` nests deeper than MAX_DEPTH (strings skipped): run before a JSON.parse of a whole
 * answer, which would build every level of a hostile nesting before any check could see it.
 */
export function checkDepth(bytes: Uint8Array): void {
  let depth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === 34) {
      for (i++; i < bytes.length && bytes[i] !== 34; i++) if (bytes[i] === 92) i++;
    } else if (c === 91 || c === 123) {
      if (++depth > MAX_DEPTH) throw tooDeep();
    } else if (c === 93 || c === 125) depth--;
  }
}

function megabytes(bytes: number): string {
  return String(Math.round((bytes / (1 << 20)) * 10) / 10);
}
