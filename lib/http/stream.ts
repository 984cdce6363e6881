import 'server-only';
import { breathe } from '@/lib/history/reads';

// A large answer (the diff of two big tables as CSV or JSON) written a slice at a time, letting other requests run
// between slices: one JSON.stringify of 100,000 rows would hold the server for as long as it takes.

const PIECES_PER_SLICE = 500;

/** A body that writes `pieces` in order, PIECES_PER_SLICE at a time, yielding to other requests between slices. */
export function slicedBody(pieces: Iterator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await breathe();
      let text = '';
      for (let i = 0; i < PIECES_PER_SLICE; i++) {
        const next = pieces.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += next.value;
      }
      controller.enqueue(encoder.encode(text));
    },
  });
}

/** `value` as JSON pieces, its arrays one element per piece (what slicedBody writes in slices). */
export function* jsonPieces(value: unknown): Generator<string> {
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      yield* jsonPieces(value[i]);
    }
    yield ']';
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    yield '{';
    let first = true;
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined) continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* jsonPieces(v);
    }
    yield '}';
  } else {
    yield JSON.stringify(value) ?? 'null';
  }
}

/** Lines joined with newlines, ending with one, as pieces. */
export function* linePieces(lines: Iterable<string>): Generator<string> {
  for (const line of lines) yield `${line}\n`;
}
