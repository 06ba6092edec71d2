import { LEAD_PACKAGES, type LeadPackage } from '@nusa/contracts';
import { formatRupiah as rupiah } from '../../../app/format.ts';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A decimal money string of the API ("1350000.0000") as "Rp 1.350.000"; formatted from the string, never a float. */
export function formatRupiah(amount: string): string {
  const value = amount.trim();
  if (!DECIMAL.test(value)) throw new Error(`not a decimal amount: ${amount}`);
  return rupiah(value);
}

const isZero = (amount: string) => /^-?0+(\.0+)?$/.test(amount.trim());

export interface PriceLines {
  price: string;
  /** The discount as a negative amount ("−Rp 150.000"), or undefined without one. */
  discount?: string;
  amount: string;
}

/** What a summary shows: the package price, the discount when there is one, and the amount to pay. */
export function priceLines(q: { price: string; discount: string; amount: string }): PriceLines {
  return {
    price: formatRupiah(q.price),
    discount: isZero(q.discount) ? undefined : `−${formatRupiah(q.discount)}`,
    amount: formatRupiah(q.amount),
  };
}

/** The list price of a package, before any promo. */
export const packagePrice = (pkg: LeadPackage) => formatRupiah(LEAD_PACKAGES[pkg]);
