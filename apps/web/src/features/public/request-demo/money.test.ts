import { describe, expect, it } from 'vitest';
import { formatFor } from '../../../app/format.ts';
import { packagePrice, priceLines } from './money.ts';

// Intl puts a no-break space between "Rp" and the number.
const plain = (s: string | undefined) => s?.replace(/\u00a0/g, ' ');

describe('priceLines', () => {
  it('shows price, discount as a deduction and the amount to pay, in the interface language', () => {
    const quote = { price: '3500000.0000', discount: '350000.0000', amount: '3150000.0000' };
    const id = priceLines(quote, formatFor('id'));
    const en = priceLines(quote, formatFor('en'));
    expect([id, en].map((l) => ({ price: plain(l.price), discount: plain(l.discount), amount: plain(l.amount) }))).toEqual([
      { price: 'Rp 3.500.000', discount: '−Rp 350.000', amount: 'Rp 3.150.000' },
      { price: 'Rp 3,500,000', discount: '−Rp 350,000', amount: 'Rp 3,150,000' },
    ]);
  });

  it('has no discount line without a discount', () => {
    expect(priceLines({ price: '1500000.0000', discount: '0.0000', amount: '1500000.0000' }, formatFor('id')).discount).toBeUndefined();
  });

  it('lists the package prices of the contracts', () => {
    expect(plain(packagePrice('starter', formatFor('id')))).toBe('Rp 1.500.000');
    expect(plain(packagePrice('enterprise', formatFor('en')))).toBe('Rp 7,500,000');
  });
});
