import { describe, expect, it } from 'vitest';
import { packRows, unpackRows } from './table-rows-sent';

describe('packRows / unpackRows', () => {
  it('sends well-formed rows as "key value" lines and reads them back', () => {
    const rows = [
      { key: 'shop_web_app', value: '300Mi' },
      { key: 'payments_api.v2_main', value: '0Mi' },
    ];
    expect(packRows(rows)).toBe('shop_web_app 300Mi\npayments_api.v2_main 0Mi');
    expect(unpackRows('shop_web_app 300Mi\npayments_api.v2_main 0Mi')).toEqual(rows);
  });

  it('sends no rows as an empty string, read back as none', () => {
    expect(packRows([])).toBe('');
    expect(unpackRows('')).toEqual([]);
  });
});
