import { describe, expect, it } from 'vitest';
import { formatCapacity, formatMemory, parseMemory } from './quantity';

describe('parseMemory', () => {
  it.each([
    ['512Mi', 536_870_912],
    ['1Gi', 1_073_741_824],
    ['1.5Gi', 1_610_612_736],
    ['2048Ki', 2_097_152],
    ['500M', 500_000_000],
    ['1e9', 1_000_000_000],
    ['1E9', 1_000_000_000],
    ['5e-1', 1],
    ['12e+2', 1_200],
    ['1k', 1_000],
    ['1G', 1_000_000_000],
    ['1Ti', 2 ** 40],
    ['134217728', 134_217_728],
    ['+64Mi', 67_108_864],
    ['.5Ki', 512],
    ['2.Mi', 2_097_152],
    ['0', 0],
    ['-0', 0],
  ])('reads %s as %d bytes', (quantity, bytes) => {
    expect(parseMemory(quantity)).toBe(bytes);
  });

  it('rounds a fraction of a byte up, as Quantity.Value() does', () => {
    expect(parseMemory('100m')).toBe(1);
    expect(parseMemory('1500m')).toBe(2);
    expect(parseMemory('2000m')).toBe(2);
  });

  it('is exact where a double would not be', () => {
    // 1.1Gi is 1181116006.4 bytes: computed exactly, then rounded up, never off by a double's error.
    expect(parseMemory('1.1Gi')).toBe(Math.ceil((11 * 2 ** 30) / 10));
    expect(parseMemory('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each(['', 'Mi', '512MB', '512mi', '512 Mi', ' 512Mi', '1K', '1e', '1.2.3', 'abcMi', '0x10', '1e1000', 'Infinity', '1E3Mi'])(
    'refuses %j',
    (quantity) => {
      expect(parseMemory(quantity)).toBeNull();
    },
  );

  it('refuses a negative quantity: no memory size is negative', () => {
    expect(parseMemory('-5Mi')).toBeNull();
  });

  it('reads the E suffix as exa, and E followed by digits as an exponent', () => {
    expect(parseMemory('1E')).toBe(1e18);
    expect(parseMemory('1E3')).toBe(1_000);
  });
});

describe('formatMemory', () => {
  // one unit, the table's: whole Mi rounded up, so "61.0Mi" and "0B" never stand beside a row's "44Mi"
  it.each([
    [536_870_912, '512Mi'], // 512 × 2^20
    [536_870_913, '513Mi'], // a byte over: rounded up, as the snapshot writes a row
    [1_073_741_824, '1024Mi'],
    [1_610_612_736, '1536Mi'],
    [500_000_000, '477Mi'], // 500M = 476.837…Mi
    [64_000_000, '62Mi'], // 64M = 61.035…Mi
    [1_048_575, '1Mi'],
    [512, '1Mi'],
    [0, '0Mi'],
    [2 ** 40, '1048576Mi'],
  ])('shows %d bytes as %s', (bytes, shown) => {
    expect(formatMemory(bytes)).toBe(shown);
  });

  it('round-trips every whole-Mi value it writes', () => {
    for (const quantity of ['512Mi', '1.5Gi', '1.25Gi', '900Mi', '3Gi', '0']) {
      const bytes = parseMemory(quantity);
      expect(bytes).not.toBeNull();
      expect(parseMemory(formatMemory(bytes ?? 0))).toBe(bytes);
    }
  });
});

describe('formatCapacity', () => {
  it('keeps Mi where a capacity compares with requests, and goes to Gi and Ti above', () => {
    const cases: Array<[string, string]> = [
      ['2200Mi', '2200Mi'],
      ['2200M', '2099Mi'],
      ['99Gi', '101376Mi'],
      ['100Gi', '100Gi'],
      ['512Gi', '512Gi'],
      ['67108864Mi', '64Ti'],
      ['67108864Ki', '65536Mi'],
      ['64Ti', '64Ti'],
      ['1.5Ti', '1.5Ti'],
      ['1099511627775', '1023Gi'],
    ];
    for (const [quantity, shown] of cases) expect(formatCapacity(parseMemory(quantity)!), quantity).toBe(shown);
  });
});
