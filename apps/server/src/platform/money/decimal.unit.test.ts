import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitsNumeric, isPositive, money, plainDecimal, toDecimalString } from './decimal.ts';

describe('the money type', () => {
  it('adds exactly where a float does not, and answers the shortest decimal string', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toDecimalString(money('0.1').plus(money('0.2')))).toBe('0.3');
    expect(toDecimalString(money('9999999999999999.9999').plus('0.0001'))).toBe('10000000000000000');
    expect(toDecimalString(money('1500.0000'))).toBe('1500');
    expect(toDecimalString(money('-0.00001'))).toBe('0');
  });

  it('rounds half away from zero at 4 places, as PostgreSQL rounds numeric', () => {
    expect(toDecimalString(money('1.00005'))).toBe('1.0001');
    expect(toDecimalString(money('-1.00005'))).toBe('-1.0001');
    expect(toDecimalString(money('2.50004'))).toBe('2.5');
  });

  it('reads only decimal strings', () => {
    for (const bad of ['', '1e3', 'NaN', 'Infinity', '1,5', '0x10', '1.']) expect(() => money(bad)).toThrow('invalid_input_format');
    expect(isPositive('0.0001')).toBe(true);
    expect(isPositive('0.0000')).toBe(false);
    expect(isPositive('-5')).toBe(false);
  });

  it('knows what numeric(20,4) holds', () => {
    expect(fitsNumeric(money('9999999999999999.9999'))).toBe(true);
    expect(fitsNumeric(money('10000000000000000'))).toBe(false);
    expect(fitsNumeric(money('1.23456'))).toBe(false);
  });

  it('writes stored numerics as the same value Money reads, for any numeric(20,4)', () => {
    const numeric = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 16n - 1n }), fc.integer({ min: 0, max: 9999 }))
      .map(([neg, whole, frac]) => `${neg && (whole > 0n || frac > 0) ? '-' : ''}${whole}.${String(frac).padStart(4, '0')}`);
    fc.assert(
      fc.property(numeric, (stored) => {
        expect(plainDecimal(stored)).toBe(toDecimalString(money(stored)));
      }),
    );
    expect(plainDecimal(null)).toBeNull();
  });
});
