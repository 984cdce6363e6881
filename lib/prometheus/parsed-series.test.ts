import { describe, expect, it } from 'vitest';
import { sampleValue } from './parsed-series';

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
