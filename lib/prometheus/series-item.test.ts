import { describe, expect, it } from 'vitest';
import { SeriesShapeError, parseSeriesItem, sampleValue } from './series-item';

describe('sampleValue (as the job’s float() reads a sample)', () => {
  it('reads what Prometheus writes', () => {
    expect(sampleValue('123456789')).toBe(123456789);
    expect(sampleValue('1.5e+09')).toBe(1.5e9);
    expect(sampleValue('+Inf')).toBe(Infinity);
    expect(sampleValue('-Inf')).toBe(-Infinity);
    expect(sampleValue('NaN')).toBeNaN();
  });
  it('refuses what float() refuses', () => {
    for (const text of ['', '0x10', 'abc', '12MiB']) expect(() => sampleValue(text)).toThrow(/not a number/);
  });
});

describe('parseSeriesItem', () => {
  it('reads the labels and the values of a series as Prometheus writes it', () => {
    const series = parseSeriesItem(
      '{"metric":{"pod":"a-0","values":"x","odd":"\\"values\\":[1"},"values":[[1700000000,"10"],[1700000300.5,"2.5e+01"],[1700000600,"NaN"]]}',
    );
    expect(series.metric).toEqual({ pod: 'a-0', values: 'x', odd: '"values":[1' });
    expect([...series.values]).toEqual([10, 25, NaN]);
    expect([series.first, series.last]).toEqual([1700000000, 1700000600]);
  });

  it("keeps the first and last sample's times in whole seconds, however they are written", () => {
    const s = parseSeriesItem('{"metric":{},"values":[[1.7e9,"1"],[1700000300.9,"2"],[1700000601,"3"]]}');
    expect([s.first, s.last]).toEqual([1700000000, 1700000601]);
    const spaced = parseSeriesItem('{ "values": [ [5, "1"] , [ 7 ,"2"] ], "metric": {} }');
    expect([spaced.first, spaced.last]).toEqual([5, 7]);
  });

  it('reads long numbers as float() rounds them', () => {
    expect([...parseSeriesItem('{"metric":{},"values":[[1,"12345678901234567"],[2,"007"],[3,"1.0"]]}').values]).toEqual([
      12345678901234568, 7, 1,
    ]);
  });

  it('reads whitespace, keys in any order, and no values', () => {
    expect([...parseSeriesItem('{ "values": [ [1, "1"] , [2,"2"] ], "metric": {} }').values]).toEqual([1, 2]);
    expect(parseSeriesItem('{"metric":{},"values":[]}').values.length).toBe(0);
  });

  it('refuses anything else', () => {
    for (const text of [
      '{"metric":{}}',
      '{"metric":{},"values":[[1,2]]}',
      '{"metric":{},"values":[["1","2"]]}',
      '{"metric":{},"values":[[1,"2",3]]}',
      '{"metric":{"a":1},"values":[]}',
      '{"metric":{},"values":[],"extra":1}',
      '{"metric":{},"values":[[1,"2"]',
      '{"metric":{},"values":[[1,"x"]]}',
    ]) {
      expect(() => parseSeriesItem(text), text).toThrow(SeriesShapeError);
    }
  });
});
