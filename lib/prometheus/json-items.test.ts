import { describe, expect, it } from 'vitest';
import { JsonArrayItems, JsonItemsError } from './json-items';

function read(text: string, path: string[], chunkSize: number): { items: unknown[]; rest: unknown } {
  const items: unknown[] = [];
  const parser = new JsonArrayItems(path, (item) => items.push(JSON.parse(item)));
  for (let i = 0; i < text.length; i += chunkSize) parser.push(text.slice(i, i + chunkSize));
  return { items, rest: parser.end() };
}

const matrix = {
  status: 'success',
  data: {
    resultType: 'matrix',
    result: [
      {
        metric: { pod: 'a-0', odd: 'x"],{[\\' },
        values: [
          [1, '10'],
          [2, '20'],
        ],
      },
      { metric: { pod: 'b-0' }, values: [[1, 'NaN']] },
    ],
  },
  warnings: ['w'],
};

describe('JsonArrayItems', () => {
  it.each([1, 2, 7, 1000])('hands out each item of data.result and the rest without it (chunks of %i)', (size) => {
    const { items, rest } = read(JSON.stringify(matrix), ['data', 'result'], size);
    expect(items).toEqual(matrix.data.result);
    expect(rest).toEqual({ ...matrix, data: { resultType: 'matrix', result: [] } });
  });

  it('reads whitespace and an empty array', () => {
    expect(read(JSON.stringify(matrix, null, 2), ['data', 'result'], 5).items).toEqual(matrix.data.result);
    expect(read('{"status":"success","data":{"result":[]}}', ['data', 'result'], 3).items).toEqual([]);
  });

  it('reads the series API (data is the array) and an error answer (no array)', () => {
    expect(read('{"status":"success","data":[{"pod":"a-0"},{"pod":"b-1"}]}', ['data'], 4).items).toEqual([{ pod: 'a-0' }, { pod: 'b-1' }]);
    const error = { status: 'error', errorType: 'bad_data', error: 'parse error' };
    expect(read(JSON.stringify(error), ['data', 'result'], 4)).toEqual({ items: [], rest: error });
  });

  it('does not take a "result" key elsewhere for the array', () => {
    const text = '{"other":{"result":[1,2]},"data":{"result":[{"a":1}]}}';
    expect(read(text, ['data', 'result'], 3).items).toEqual([{ a: 1 }]);
  });

  it('throws on garbage and on a cut answer', () => {
    expect(() => read('<html>502 Bad Gateway</html>', ['data', 'result'], 4)).toThrow(JsonItemsError);
    expect(() => read('{"status":"success","data":{"result":[{"a":1},', ['data', 'result'], 4)).toThrow(/middle/);
    expect(() => read('', ['data', 'result'], 4)).toThrow(JsonItemsError);
  });
});
