// Reading a large JSON answer as it arrives: the items of one array (the series API's data, a query's data.result)
// are handed out one at a time as text, each parsed by JSON.parse and then dropped, so an answer of thousands of
// series is never held whole. Everything outside that array is small (status, resultType, warnings, an error) and
// is parsed at the end with the array left empty. No I/O here. (The preview's query_range answers are read as bytes
// instead: matrix-bytes.ts.) What a hostile answer could make it hold is bounded: the text outside the items, and
// each item, by their lengths; the nesting outside and inside an item by MAX_DEPTH.

import { MAX_DEPTH, tooDeep } from './limits';

// Outside the items, a Prometheus answer is a few hundred bytes; more than this is not the answer we asked for.
const MAX_OUTSIDE_CHARS = 1 << 20;
// A series of 11,000 points is under 400 KB, a series' labels far less; an item this large is neither.
const MAX_ITEM_CHARS = 1 << 20;
interface Frame {
  kind: 'object' | 'array';
  /** The key this container is the value of, when its parent is an object. */
  key: string | null;
}

export class JsonItemsError extends Error {
  override name = 'JsonItemsError';
}

export class JsonArrayItems {
  private readonly outside: string[] = [];
  private outsideChars = 0;
  private readonly stack: Frame[] = [];
  private inString = false;
  private escaped = false;
  private stringRaw = '';
  private lastString: string | null = null;
  private pendingKey: string | null = null;
  private inItems = false;
  private itemDepth = 0;
  private item: string[] = [];
  private itemChars = 0;

  private readonly path: readonly string[];
  private readonly onItem: (text: string) => void;

  /** `path`: the keys leading to the array, e.g. ['data', 'result']; `onItem` gets each item's JSON text. */
  constructor(path: readonly string[], onItem: (text: string) => void) {
    // fields set here rather than as parameter properties: Node runs this file as erasable TypeScript for the bench
    this.path = path;
    this.onItem = onItem;
  }

  push(chunk: string): void {
    let i = 0;
    while (i < chunk.length) i = this.inItems ? this.scanItems(chunk, i) : this.scanOutside(chunk, i);
  }

  /** The document with the array emptied, parsed; throws JsonItemsError when it is not JSON. */
  end(): unknown {
    if (this.inItems || this.inString || this.stack.length > 0) throw new JsonItemsError('the answer ended in the middle of its JSON');
    try {
      return JSON.parse(this.outside.join(''));
    } catch {
      throw new JsonItemsError('the answer is not JSON');
    }
  }

  private keep(text: string): void {
    this.outsideChars += text.length;
    if (this.outsideChars > MAX_OUTSIDE_CHARS)
      throw new JsonItemsError(`more than ${MAX_OUTSIDE_CHARS} characters outside ${this.path.join('.')}`);
    this.outside.push(text);
  }

  private scanOutside(chunk: string, from: number): number {
    for (let i = from; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (this.inString) {
        this.stringRaw += c;
        if (this.escaped) this.escaped = false;
        else if (c === '\\') this.escaped = true;
        else if (c === '"') this.closeString();
        continue;
      }
      if (c === '"') {
        this.inString = true;
        this.stringRaw = '"';
      } else if (c === ':') this.pendingKey = this.lastString;
      else if (c === ',') this.pendingKey = null;
      else if (c === '{' || c === '[') {
        if (this.stack.length >= MAX_DEPTH) throw tooDeep();
        const parent = this.stack.at(-1);
        this.stack.push({ kind: c === '{' ? 'object' : 'array', key: parent?.kind === 'object' ? this.pendingKey : null });
        this.pendingKey = null;
        if (c === '[' && this.atPath()) {
          this.keep(chunk.slice(from, i + 1));
          this.inItems = true;
          this.itemDepth = 0;
          return i + 1;
        }
      } else if (c === '}' || c === ']') this.stack.pop();
    }
    this.keep(chunk.slice(from));
    return chunk.length;
  }

  private closeString(): void {
    this.inString = false;
    try {
      this.lastString = JSON.parse(this.stringRaw) as string;
    } catch {
      throw new JsonItemsError('the answer is not JSON (a bad string)');
    }
  }

  private atPath(): boolean {
    if (this.stack.length !== this.path.length + 1) return false;
    for (let k = 0; k < this.path.length; k++) if (this.stack[k + 1]!.key !== this.path[k]) return false;
    return true;
  }

  // The hot loop: only quotes, escapes and brackets matter, to find where each item ends.
  private scanItems(chunk: string, from: number): number {
    let start = from;
    let depth = this.itemDepth;
    let inString = this.inString;
    let escaped = this.escaped;
    for (let i = from; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92) escaped = true;
        else if (c === 34) inString = false;
        continue;
      }
      if (c === 34) inString = true;
      else if (c === 123 || c === 91) {
        if (++depth + this.stack.length > MAX_DEPTH) throw tooDeep();
      } else if (c === 125 || c === 93) {
        if (depth === 0) {
          // the array's own closing bracket
          this.emit(chunk.slice(start, i));
          Object.assign(this, { inString, escaped, itemDepth: 0, inItems: false });
          this.stack.pop();
          this.keep(']');
          return i + 1;
        }
        depth--;
      } else if (c === 44 && depth === 0) {
        this.emit(chunk.slice(start, i));
        start = i + 1;
      }
    }
    this.itemPiece(chunk.slice(start));
    this.itemDepth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return chunk.length;
  }

  private itemPiece(text: string): void {
    if (text.length === 0) return;
    this.item.push(text);
    this.itemChars += text.length;
    if (this.itemChars > MAX_ITEM_CHARS) throw new JsonItemsError(`an item of ${this.path.join('.')} is over ${MAX_ITEM_CHARS} characters`);
  }

  private emit(last: string): void {
    this.itemPiece(last);
    const text = this.item.length === 1 ? this.item[0]! : this.item.join('');
    this.item = [];
    this.itemChars = 0;
    if (text.trim().length > 0) this.onItem(text);
  }
}
