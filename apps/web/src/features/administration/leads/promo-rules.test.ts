import { describe, expect, it } from 'vitest';
import { promoInput, type PromoCode } from '@nusa/contracts';
import { discountProblem, emptyPromoForm, formatDiscount, promoFormOf, promoInputOf, promoState, todayInJakarta, trimZeros } from './promo-rules.ts';

const promo = (over: Partial<PromoCode> = {}): PromoCode => ({
  promoId: 'id',
  code: 'NUSA10',
  description: 'Diskon',
  active: 'Y',
  startsOn: null,
  endsOn: null,
  channels: [],
  segments: [],
  discountPercent: '10.0000',
  discountAmount: null,
  ...over,
});

describe('promo form ↔ contract body', () => {
  it('sends exactly one of percent or amount, by the chosen type', () => {
    const base = { ...emptyPromoForm(), code: ' HEMAT ', description: ' d ', discountValue: '12.5' };
    expect(promoInputOf(base)).toMatchObject({ code: 'HEMAT', description: 'd', active: 'Y', discountPercent: '12.5', discountAmount: null });
    expect(promoInputOf({ ...base, discountType: 'amount', discountValue: '500000', active: false })).toMatchObject({
      active: 'N',
      discountPercent: null,
      discountAmount: '500000',
    });
  });

  it('produces a body the contract accepts, and reads a promo back into the same form', () => {
    const form = {
      ...emptyPromoForm(),
      code: 'WEB-25',
      discountType: 'amount' as const,
      discountValue: '250000',
      startsOn: '2026-12-01',
      endsOn: '2026-12-31',
      channels: ['web' as const],
      segments: ['micro' as const, 'small' as const],
    };
    const body = promoInputOf(form);
    expect(promoInput.parse(body)).toEqual(body);
    const saved = promo({ ...body, promoId: 'x', discountAmount: '250000.0000' });
    expect(promoFormOf(saved)).toEqual(form);
  });

  it('shows stored decimals without the column scale', () => {
    expect(trimZeros('10.0000')).toBe('10');
    expect(trimZeros('12.5000')).toBe('12.5');
    expect(trimZeros('500000')).toBe('500000');
    expect(trimZeros(null)).toBeNull();
  });
});

describe('discount checks before the server', () => {
  it('needs a value, a percent above 0 up to 100, an amount above 0', () => {
    expect(discountProblem('percent', null)).toBe('required');
    expect(discountProblem('percent', '')).toBe('required');
    expect(discountProblem('percent', '0')).toBe('percentRange');
    expect(discountProblem('percent', '100.01')).toBe('percentRange');
    expect(discountProblem('percent', '100')).toBeNull();
    expect(discountProblem('percent', '0.5')).toBeNull();
    expect(discountProblem('amount', '0')).toBe('amountPositive');
    expect(discountProblem('amount', '-5')).toBe('amountPositive');
    expect(discountProblem('amount', '1000000')).toBeNull();
  });
});

describe('promo state on a day', () => {
  it('is inactive when switched off, scheduled before its start, expired after its end, else active (ends inclusive)', () => {
    expect(promoState(promo({ active: 'N' }), '2026-11-21')).toBe('inactive');
    expect(promoState(promo({ startsOn: '2026-11-22' }), '2026-11-21')).toBe('scheduled');
    expect(promoState(promo({ startsOn: '2026-11-21', endsOn: '2026-11-21' }), '2026-11-21')).toBe('active');
    expect(promoState(promo({ endsOn: '2026-11-20' }), '2026-11-21')).toBe('expired');
    expect(promoState(promo(), '2026-11-21')).toBe('active');
  });

  it('counts days in Jakarta time', () => {
    expect(todayInJakarta(new Date('2026-11-21T16:59:59Z'))).toBe('2026-11-21');
    expect(todayInJakarta(new Date('2026-11-21T17:00:00Z'))).toBe('2026-11-22');
  });

  it('shows a percent with an id-ID decimal comma, an amount in Rupiah', () => {
    expect(formatDiscount(promo({ discountPercent: '12.5000' }), () => 'x')).toBe('12,5%');
    expect(formatDiscount(promo({ discountPercent: null, discountAmount: '500000.0000' }), (a) => `Rp ${a}`)).toBe('Rp 500000.0000');
  });
});
