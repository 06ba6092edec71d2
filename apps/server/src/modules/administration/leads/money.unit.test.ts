import { describe, expect, it } from 'vitest';
import { discountOf, fromUnits, minus, toUnits, wholeOf } from './money.ts';

describe('money on numeric(20,4) strings', () => {
  it('round-trips decimals exactly', () => {
    for (const v of ['0.0000', '1500000.0000', '-12.3400', '99999999999999.9999']) expect(fromUnits(toUnits(v))).toBe(v);
    expect(fromUnits(toUnits('10'))).toBe('10.0000');
    expect(fromUnits(toUnits('0.1') + toUnits('0.2'))).toBe('0.3000');
    expect(() => toUnits('1e3')).toThrow();
    expect(() => toUnits('1.23456')).toThrow();
  });

  it('takes a percent rounded half up to whole rupiah, or a fixed amount capped at the price', () => {
    expect(discountOf('3500000.0000', { discountPercent: '10.0000', discountAmount: null })).toBe('350000.0000');
    expect(discountOf('1500001.0000', { discountPercent: '12.5000', discountAmount: null })).toBe('187500.0000');
    expect(discountOf('1500005.0000', { discountPercent: '10.0000', discountAmount: null })).toBe('150001.0000');
    expect(discountOf('1500000.0000', { discountPercent: null, discountAmount: '2000000.0000' })).toBe('1500000.0000');
    expect(discountOf('1500000.0000', undefined)).toBe('0.0000');
    expect(minus('3500000.0000', '350000.0000')).toBe('3150000.0000');
    expect(wholeOf('3150000.0000')).toBe('3150000');
  });
});
