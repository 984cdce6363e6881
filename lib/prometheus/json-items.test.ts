import { describe, expect, it } from 'vitest';
import { JsonArrayItems, JsonItemsError } from './json-items';
import { parseSeriesItem } from './series-item';

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

describe('JsonArrayItems with onSeries (query_range series read as they arrive)', () => {
  function readSeries(text: string, size: number) {
    const out: Array<{ metric: Record<string, string>; values: number[] }> = [];
    const texts: string[] = [];
    // an item cut just at its start is read the slow way: both ways must give the same
    const parser = new JsonArrayItems(
      ['data', 'result'],
      (t) => {
        texts.push(t);
        const s = parseSeriesItem(t);
        out.push({ metric: s.metric, values: [...s.values] });
      },
      (s) => out.push({ metric: s.metric, values: [...s.values] }),
    );
    for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size));
    parser.end();
    return { out, texts };
  }
  const answer = JSON.stringify({
    status: 'success',
    data: {
      resultType: 'matrix',
      result: [
        {
          metric: { pod: 'a-0', odd: '"values":[]}' },
          values: [
            [1700000000, '10'],
            [1700000300.5, '2.5e+01'],
            [1700000600, 'NaN'],
          ],
        },
        { metric: {}, values: [] },
        { metric: { pod: 'b-0' }, values: [[1, '+Inf']] },
      ],
    },
  });

  it.each([1, 2, 3, 9, 10, 11, 64, 100_000])('reads every value whatever the chunks (%i)', (size) => {
    const { out, texts } = readSeries(answer, size);
    if (size > answer.length) expect(texts).toEqual([]);
    expect(out).toEqual([
      { metric: { pod: 'a-0', odd: '"values":[]}' }, values: [10, 25, NaN] },
      { metric: {}, values: [] },
      { metric: { pod: 'b-0' }, values: [Infinity] },
    ]);
  });

  it('reads every value wherever one cut falls, the next series in the same chunk as the cut key', () => {
    const expected = [
      { metric: { pod: 'a-0', odd: '"values":[]}' }, values: [10, 25, NaN] },
      { metric: {}, values: [] },
      { metric: { pod: 'b-0' }, values: [Infinity] },
    ];
    // each series' first and last sample's time, whole seconds; NaN without samples
    const expectedTimes = [
      [1700000000, 1700000600],
      [NaN, NaN],
      [1, 1],
    ];
    for (let cut = 1; cut < answer.length; cut++) {
      const out: Array<{ metric: Record<string, string>; values: number[] }> = [];
      const parser = new JsonArrayItems(
        ['data', 'result'],
        (item) => {
          const s = parseSeriesItem(item);
          out.push({ metric: s.metric, values: [...s.values] });
          times.push([s.first, s.last]);
        },
        (s) => {
          out.push({ metric: s.metric, values: [...s.values] });
          times.push([s.first, s.last]);
        },
      );
      const times: Array<[number, number]> = [];
      parser.push(answer.slice(0, cut));
      parser.push(answer.slice(cut));
      parser.end();
      expect(out, `cut at ${cut}`).toEqual(expected);
      expect(times, `times, cut at ${cut}`).toEqual(expectedTimes);
    }
  });

  it('leaves an item written otherwise to onItem', () => {
    const { out, texts } = readSeries('{"status":"success","data":{"result":[{ "metric": {}, "values": [[1, "2"]] }]}}', 5);
    expect(out).toEqual([{ metric: {}, values: [2] }]);
    expect(texts).toHaveLength(1);
  });

  it('refuses a series that is not one', () => {
    for (const bad of [
      '[{"metric":{},"values":[[1,2]]}]',
      '[{"metric":{"a":1},"values":[]}]',
      '[{"metric":{},"values":[[1,"2"]],"x":1}]',
      '[{"metric":{},"values":[[1,"2"]}]',
    ]) {
      expect(() => readSeries(`{"status":"success","data":{"result":${bad}}}`, 4), bad).toThrow();
    }
  });
});
