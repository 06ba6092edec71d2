import { UNLIMITED, type CoaAccount, type documentHeaderInput, type documentLineInput } from '@nusa/contracts';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { Money, money, toDecimalString } from '../../../platform/money/decimal.ts';
import { assertMayUse, assertMayUseAll } from '../../configuration/policies/service.ts';
import { getRole } from '../../configuration/users/service.ts';
import { getCashBank } from '../cash-banks/service.ts';
import { coaByIds } from '../coa/service.ts';
import { bookCurrency, lookupExchangeRate, requireActiveCurrency } from '../currencies/service.ts';
import { partnerCodesByIds } from '../partners/service.ts';
import { getProduct } from '../products/service.ts';
import type { DocumentUser } from './user.ts';

export type HeaderInput = z.output<typeof documentHeaderInput>;
export type LineInput = z.output<typeof documentLineInput>;

const present = <T>(values: (T | null | undefined)[]) => [...new Set(values.filter((v): v is T => v !== null && v !== undefined))];

/**
 * Spec 6: the records a document picks (partners, cash bank, products, G/L accounts) must be allowed by the OU
 * policies the user works under. Unknown ids are refused with their own not-found code.
 */
export async function assertPolicies(
  tx: Tx,
  user: DocumentUser,
  header: HeaderInput,
  lines: LineInput[],
  known?: Map<string, CoaAccount>,
): Promise<Map<string, CoaAccount>> {
  const partnerIds = present([header.partnerId, ...lines.map((l) => l.partnerId)]);
  const partnerCodes = await partnerCodesByIds(tx, partnerIds);
  for (const id of partnerIds) {
    const code = partnerCodes.get(id);
    if (!code) throw new AppError('partner_not_found', [id]);
    await assertMayUse(tx, user.userId, 'partners', code);
  }
  if (header.cashBankId) await assertMayUse(tx, user.userId, 'cashBanks', (await getCashBank(tx, header.cashBankId)).cashBankCode);
  for (const id of present(lines.map((l) => l.productId))) await assertMayUse(tx, user.userId, 'products', (await getProduct(tx, id)).productCode);
  const coaIds = present(lines.map((l) => l.coaId));
  const coas = known && coaIds.every((id) => known.has(id)) ? known : await coaByIds(tx, coaIds);
  // One policy query for all accounts; refusals in the order of old per-account checks (a refused account before an unknown one wins).
  const coaCodes: string[] = [];
  const unknown = coaIds.find((id) => {
    const coa = coas.get(id);
    if (coa) coaCodes.push(coa.coaCode);
    return !coa;
  });
  await assertMayUseAll(tx, user.userId, 'glActivities', coaCodes);
  if (unknown) throw new AppError('coa_not_found', [unknown]);
  return coas;
}

const within = (value: Money, min: string | number, max: string | number) =>
  (Number(min) === UNLIMITED || value.gte(money(String(min)))) && (Number(max) === UNLIMITED || value.lte(money(String(max))));

const limitText = (min: string | number, max: string | number, unit: string) =>
  `${Number(min) === UNLIMITED ? '-' : `${min}${unit}`} – ${Number(max) === UNLIMITED ? '-' : `${max}${unit}`}`;

/** Spec 3/6: a line's discount stays within the active role's limits (percent and amount; -1 unlimited). */
export async function assertDiscounts(tx: Tx, user: DocumentUser, lines: LineInput[]): Promise<void> {
  if (!lines.some((l) => l.discountPercent !== null || l.discountAmount !== null)) return;
  const role = await getRole(tx, user.roleId);
  lines.forEach((l, i) => {
    if (l.discountPercent !== null && !within(money(l.discountPercent), role.minDiscountPercent, role.maxDiscountPercent)) {
      throw new AppError('document_discount_out_of_limit', [i + 1, limitText(role.minDiscountPercent, role.maxDiscountPercent, '%')]);
    }
    if (l.discountAmount !== null && !within(money(l.discountAmount), role.minDiscountAmount, role.maxDiscountAmount)) {
      throw new AppError('document_discount_out_of_limit', [i + 1, limitText(role.minDiscountAmount, role.maxDiscountAmount, '')]);
    }
  });
}

/** The document's currency (the book currency when none is chosen) and its rate to the book currency on the date. */
export async function currencyAndRate(tx: Tx, currencyId: string | null, date: string): Promise<{ currencyId: string; currencyCode: string; rate: Money }> {
  const book = await bookCurrency(tx);
  if (!book) throw new AppError('currency_not_found', ['book']);
  if (!currencyId || currencyId === book.currencyId) return { currencyId: book.currencyId, currencyCode: book.currencyCode, rate: new Money(1) };
  const currency = await requireActiveCurrency(tx, currencyId);
  const found = await lookupExchangeRate(tx, currency.currencyCode, book.currencyCode, date);
  return { currencyId: currency.currencyId, currencyCode: currency.currencyCode, rate: money(found.rate) };
}

const book = (value: Money, rate: Money) => value.times(rate).toDecimalPlaces(4);
const orZero = (v: string | null) => (v === null ? new Money(0) : money(v));

/**
 * Ledger lines that balance in the document's currency balance in the book currency too: each line is converted on
 * its own, so they may miss by rounding (at most 0.00005 a line); the difference goes to the line with the largest
 * book amount, where it is smallest relative to the amount (the ledger's ledgerLinesOf does the same at posting).
 */
function balanceBookAmounts(rows: { bookDebit: string; bookCredit: string }[], debit: Money, credit: Money) {
  if (!debit.eq(credit) || debit.isZero()) return;
  const difference = rows.reduce((s, r) => s.plus(r.bookDebit).minus(r.bookCredit), new Money(0));
  if (difference.isZero()) return;
  const size = (r: { bookDebit: string; bookCredit: string }) => Money.max(money(r.bookDebit), money(r.bookCredit));
  const largest = rows.reduce((a, b) => (size(b).gt(size(a)) ? b : a));
  if (money(largest.bookDebit).gt(0)) largest.bookDebit = toDecimalString(money(largest.bookDebit).minus(difference));
  else largest.bookCredit = toDecimalString(money(largest.bookCredit).plus(difference));
}

/**
 * Totals are the server's: ledger lines total the larger of their debits and credits (a journal's size; cash in
 * and out carry one side); trade lines total quantity × price less discounts, plus tax. Book amounts at the rate.
 */
export function computeAmounts(header: HeaderInput, lines: LineInput[], rate: Money) {
  let debit = new Money(0);
  let credit = new Money(0);
  let trade = new Money(0);
  const rows = lines.map((l, i) => {
    const d = money(l.debit);
    const c = money(l.credit);
    debit = debit.plus(d);
    credit = credit.plus(c);
    if (l.quantity !== null && l.unitPrice !== null) {
      const gross = money(l.quantity).times(money(l.unitPrice));
      trade = trade.plus(gross.minus(gross.times(orZero(l.discountPercent)).dividedBy(100)).minus(orZero(l.discountAmount)));
    }
    return {
      lineNo: i + 1,
      coaId: l.coaId,
      ouId: l.ouId,
      segmentId: l.segmentId,
      partnerId: l.partnerId,
      productId: l.productId,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discountPercent: l.discountPercent,
      discountAmount: l.discountAmount,
      taxCode: l.taxCode,
      debit: toDecimalString(d),
      credit: toDecimalString(c),
      bookDebit: toDecimalString(book(d, rate)),
      bookCredit: toDecimalString(book(c, rate)),
      memo: l.memo,
    };
  });
  balanceBookAmounts(rows, debit, credit);
  const ledger = Money.max(debit, credit);
  const total = ledger.gt(0) ? ledger : trade.plus(money(header.taxAmount)).toDecimalPlaces(4);
  return {
    lines: rows,
    totalAmount: toDecimalString(total),
    totalBookAmount: toDecimalString(book(total, rate)),
    taxAmount: toDecimalString(money(header.taxAmount)),
  };
}
