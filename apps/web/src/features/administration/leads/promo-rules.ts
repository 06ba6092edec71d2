import type { LeadChannel, PromoCode, PromoInput, PromoSegment } from '@nusa/contracts';

export type DiscountType = 'percent' | 'amount';

/** The promo form's values: one discount value whose meaning the type gives; the period as calendar days. */
export interface PromoFormValues {
  code: string;
  description: string;
  active: boolean;
  startsOn: string | null;
  endsOn: string | null;
  channels: LeadChannel[];
  segments: PromoSegment[];
  discountType: DiscountType;
  /** A decimal string (the number input's string mode), never a float. */
  discountValue: string | null;
}

export const emptyPromoForm = (): PromoFormValues => ({
  code: '',
  description: '',
  active: true,
  startsOn: null,
  endsOn: null,
  channels: [],
  segments: [],
  discountType: 'percent',
  discountValue: null,
});

export function promoFormOf(p: PromoCode): PromoFormValues {
  const percent = p.discountPercent !== null;
  return {
    code: p.code,
    description: p.description,
    active: p.active === 'Y',
    startsOn: p.startsOn,
    endsOn: p.endsOn,
    channels: [...p.channels],
    segments: [...p.segments],
    discountType: percent ? 'percent' : 'amount',
    discountValue: trimZeros(percent ? p.discountPercent : p.discountAmount),
  };
}

/** "10.0000" → "10", "12.5000" → "12.5": the form shows what the user typed, not the column's scale. */
export function trimZeros(value: string | null): string | null {
  if (value === null) return null;
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** The contract's body: exactly one of percent or amount is set (promoInput). */
export function promoInputOf(v: PromoFormValues): PromoInput {
  const value = v.discountValue === null || v.discountValue === '' ? null : String(v.discountValue);
  return {
    code: v.code.trim(),
    description: v.description.trim(),
    active: v.active ? 'Y' : 'N',
    startsOn: v.startsOn,
    endsOn: v.endsOn,
    channels: v.channels,
    segments: v.segments,
    discountPercent: v.discountType === 'percent' ? value : null,
    discountAmount: v.discountType === 'amount' ? value : null,
  };
}

/** Why a discount value is refused before it reaches the server, or null when it is acceptable. */
export function discountProblem(type: DiscountType, value: string | null): 'required' | 'percentRange' | 'amountPositive' | null {
  if (value === null || value === '') return 'required';
  const n = Number(value);
  if (!Number.isFinite(n)) return type === 'percent' ? 'percentRange' : 'amountPositive';
  if (type === 'percent') return n > 0 && n <= 100 ? null : 'percentRange';
  return n > 0 ? null : 'amountPositive';
}

export type PromoState = 'active' | 'inactive' | 'scheduled' | 'expired';

/** Whether a visitor could use the code on `today` (YYYY-MM-DD, WIB), as the server's promo rules decide. */
export function promoState(p: Pick<PromoCode, 'active' | 'startsOn' | 'endsOn'>, today: string): PromoState {
  if (p.active !== 'Y') return 'inactive';
  if (p.startsOn !== null && p.startsOn > today) return 'scheduled';
  if (p.endsOn !== null && p.endsOn < today) return 'expired';
  return 'active';
}

export const PROMO_STATE_COLORS: Record<PromoState, string> = { active: 'green', inactive: 'default', scheduled: 'blue', expired: 'orange' };

/** Today's calendar day in Indonesia (WIB), where promo periods are counted. */
export const todayInJakarta = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** "10%" / "12,5%" or a Rupiah amount; numbers are id-ID whatever the UI language (spec 9). */
export function formatDiscount(p: Pick<PromoCode, 'discountPercent' | 'discountAmount'>, rupiah: (amount: string) => string): string {
  if (p.discountPercent !== null) return `${trimZeros(p.discountPercent)!.replace('.', ',')}%`;
  return rupiah(p.discountAmount ?? '0');
}
