import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RATE_PATTERN, exchangeRateInput, isPositiveDecimal, trimDecimal } from './currencies.ts';

const decimal = fc
  .tuple(
    fc.bigInt({ min: 0n, max: 10n ** 14n - 1n }),
    fc.option(fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 1, maxLength: 10 }), { nil: undefined }),
  )
  .map(([whole, fraction]) => (fraction === undefined ? `${whole}` : `${whole}.${fraction}`));

/** A decimal string as an integer scaled by 10^16, to compare values exactly (never as floats). */
const scaled = (s: string) => {
  const [w, f = ''] = s.split('.');
  return BigInt(w + f.padEnd(16, '0'));
};

describe('exchange rate decimals', () => {
  it('accepts plain decimal strings and refuses signs, exponents, commas and empty text', () => {
    fc.assert(
      fc.property(decimal, (d) => {
        expect(RATE_PATTERN.test(d)).toBe(true);
      }),
    );
    for (const bad of ['-1', '+1', '1e3', '1,5', '', '.5', '1.', '1.12345678901', '123456789012345']) expect(RATE_PATTERN.test(bad), bad).toBe(false);
  });

  it('is positive exactly when its value is above zero', () => {
    fc.assert(
      fc.property(decimal, (d) => {
        expect(isPositiveDecimal(d)).toBe(scaled(d) > 0n);
      }),
    );
    expect(isPositiveDecimal('0.0000')).toBe(false);
    expect(isPositiveDecimal('0.0000000001')).toBe(true);
  });

  it('trims trailing zeros without changing the value', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 6 }), (d, zeros) => {
        const padded = d.includes('.') ? d + '0'.repeat(zeros) : d;
        const trimmed = trimDecimal(padded);
        expect(trimmed).toBe(trimDecimal(d));
        expect(trimmed.endsWith('.')).toBe(false);
        if (trimmed.includes('.')) expect(trimmed.endsWith('0')).toBe(false);
        expect(scaled(trimmed)).toBe(scaled(padded));
      }),
    );
    expect(trimDecimal('16250.0000000000')).toBe('16250');
    expect(trimDecimal('100')).toBe('100');
    expect(trimDecimal('0.5000')).toBe('0.5');
  });

  it('upper-cases currency codes of an exchange rate input', () => {
    expect(exchangeRateInput.parse({ fromCurrency: 'usd', toCurrency: 'idr', rateDate: '2026-11-21', rate: '16250' })).toMatchObject({
      fromCurrency: 'USD',
      toCurrency: 'IDR',
    });
  });
});
