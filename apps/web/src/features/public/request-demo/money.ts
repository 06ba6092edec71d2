import { LEAD_PACKAGES, type LeadPackage } from '@nusa/contracts';
import type { Format } from '../../../app/format.ts';

const isZero = (amount: string) => /^-?0+(\.0+)?$/.test(amount.trim());

export interface PriceLines {
  price: string;
  /** The discount as a negative amount ("−Rp 150.000"), or undefined without one. */
  discount?: string;
  amount: string;
}

/** What a summary shows, in the interface language (`f`): the package price, the discount when there is one, the amount to pay. */
export function priceLines(q: { price: string; discount: string; amount: string }, f: Format): PriceLines {
  return {
    price: f.money(q.price),
    discount: isZero(q.discount) ? undefined : `−${f.money(q.discount)}`,
    amount: f.money(q.amount),
  };
}

/** The list price of a package, before any promo. */
export const packagePrice = (pkg: LeadPackage, f: Format) => f.money(LEAD_PACKAGES[pkg]);
