import { describe, expect, it } from 'vitest';
import { formatRupiah, packagePrice, priceLines } from './money.ts';

// Intl puts a no-break space between "Rp" and the number.
const plain = (s: string | undefined) => s?.replace(/\u00a0/g, ' ');

describe('formatRupiah', () => {
  it.each([
    ['1500000.0000', 'Rp 1.500.000'],
    ['1350000', 'Rp 1.350.000'],
    ['0.0000', 'Rp 0'],
    ['999.5000', 'Rp 999,5'],
    ['1234567.2500', 'Rp 1.234.567,25'],
    // Beyond a double's exact integers: formatted from the string, not rounded through a float.
    ['90071992547409931.0000', 'Rp 90.071.992.547.409.931'],
  ])('%s → %s', (amount, shown) => {
    expect(plain(formatRupiah(amount))).toBe(shown);
  });

  it('refuses what is not a decimal amount', () => {
    expect(() => formatRupiah('1,5')).toThrow();
    expect(() => formatRupiah('')).toThrow();
  });
});

describe('priceLines', () => {
  it('shows price, discount as a deduction and the amount to pay', () => {
    const lines = priceLines({ price: '3500000.0000', discount: '350000.0000', amount: '3150000.0000' });
    expect({ price: plain(lines.price), discount: plain(lines.discount), amount: plain(lines.amount) }).toEqual({
      price: 'Rp 3.500.000',
      discount: '−Rp 350.000',
      amount: 'Rp 3.150.000',
    });
  });

  it('has no discount line without a discount', () => {
    expect(priceLines({ price: '1500000.0000', discount: '0.0000', amount: '1500000.0000' }).discount).toBeUndefined();
  });

  it('lists the package prices of the contracts', () => {
    expect(plain(packagePrice('starter'))).toBe('Rp 1.500.000');
    expect(plain(packagePrice('enterprise'))).toBe('Rp 7.500.000');
  });
});
