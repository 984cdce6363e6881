// Answers kept for a second after they went out, for identical reads that come just after (see collapse.ts). Pure:
// the clock and the bounds are given, and it holds nothing past them.
import type { OutgoingHttpHeaders } from 'node:http';

export interface KeptAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

interface Entry {
  answer: KeptAnswer;
  until: number;
}

export class KeptAnswers {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly keepMs: number,
    private readonly maxBytes: number,
    private readonly now: () => number,
  ) {}

  /** The answer kept under `key`, if it is younger than the keeping time. */
  get(key: string): KeptAnswer | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until > this.now()) return entry.answer;
    this.drop(key, entry);
    return null;
  }

  /** Keeps `answer` for the keeping time; the oldest kept answers go first when the bytes would exceed the bound. */
  keep(key: string, answer: KeptAnswer): void {
    if (answer.body.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { answer, until: this.now() + this.keepMs });
    this.bytes += answer.body.length;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, e);
    }
  }

  /** Drops what has expired: entries are in the order they were kept, and all are kept for the same time. */
  sweep(): void {
    const now = this.now();
    for (const [k, e] of this.entries) {
      if (e.until > now) break;
      this.drop(k, e);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get keptBytes(): number {
    return this.bytes;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.answer.body.length;
  }
}
