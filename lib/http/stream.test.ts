import { describe, expect, it } from 'vitest';
import { jsonPieces, linePieces, slicedBody } from './stream';

describe('slicedBody', () => {
  it('writes JSON that parses back to the value', async () => {
    const value = { a: [1, 'two', null, { b: [true, false], c: 'x"y' }], d: 1.5, e: undefined, f: { g: [] } };
    const text = await new Response(slicedBody(jsonPieces(value))).text();
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('writes lines in order, across slices', async () => {
    const lines = Array.from({ length: 2500 }, (_, i) => `line ${i}`);
    const text = await new Response(slicedBody(linePieces(lines))).text();
    expect(text).toBe(`${lines.join('\n')}\n`);
  });
});
