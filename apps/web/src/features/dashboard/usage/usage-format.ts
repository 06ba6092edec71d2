import { formatNumber } from '../../../app/format.ts';

/**
 * Money of the book currency in id-ID, whatever the UI language (spec 9): Rupiah as "Rp 1.250.000" without
 * decimals from a thousand up, with up to two below it (AI calls cost cents of a Rupiah each).
 */
export function formatMoney(amount: string | number, code: string): string {
  const value = Number(amount);
  return new Intl.NumberFormat('id-ID', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: Math.abs(value) >= 1000 ? 0 : 2,
    minimumFractionDigits: 0,
  }).format(value);
}

/** Short money for chart axes: 1,2 jt / 350 rb style is Indonesian only, so compact id-ID notation for both languages. */
export const formatMoneyShort = (value: number) => new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 }).format(value);

export { formatNumber };
