import type { LineInput } from './checks.ts';

/** A line that only books an account (journals, cash in/out): none of a trade line's product, quantity, price or tax. */
export function accountLine(l: Pick<LineInput, 'coaId' | 'ouId' | 'segmentId' | 'partnerId' | 'memo'>, side: { debit: string; credit: string }): LineInput {
  return {
    coaId: l.coaId,
    ouId: l.ouId,
    segmentId: l.segmentId,
    partnerId: l.partnerId,
    productId: null,
    quantity: null,
    unitPrice: null,
    discountPercent: null,
    discountAmount: null,
    taxCode: null,
    memo: l.memo,
    ...side,
  };
}
