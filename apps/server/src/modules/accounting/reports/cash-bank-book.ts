import type { CashBank, CashBankBook, ReportRangeQuery } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { listCashBanks } from '../cash-banks/service.ts';
import { ACCOUNT_FIGURES, accountFigures, figuresText } from './trial-balance.ts';
import { reportOu, resolveRange } from './range.ts';

async function allCashBanks(tx: Tx): Promise<CashBank[]> {
  const out: CashBank[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await listCashBanks(tx, { page, limit: 100 });
    out.push(...items);
    if (out.length >= total || items.length === 0) return out;
  }
}

/** Per cash bank, the figures of its account (a COA serves one cash bank, spec 5): opening, in (debit), out (credit), closing. */
export async function cashBankBook(tx: Tx, q: ReportRangeQuery): Promise<CashBankBook> {
  const range = resolveRange(q);
  const ou = await reportOu(tx, q.ouId);
  const cashBanks = await allCashBanks(tx);
  const figuresOf = cashBanks.length ? await accountFigures(tx, range.from, range.to, { ouId: q.ouId, coaIds: cashBanks.map((c) => c.coaId) }) : undefined;
  let totals = ACCOUNT_FIGURES.zero();
  const lines = cashBanks.map((c) => {
    const f = figuresOf!(c.coaId);
    totals = ACCOUNT_FIGURES.add(totals, f);
    return {
      cashBankId: c.cashBankId,
      cashBankCode: c.cashBankCode,
      cashBankName: c.cashBankName,
      type: c.type,
      coaId: c.coaId,
      coaCode: c.coaCode,
      currencyCode: c.currencyCode,
      ...figuresText(f),
    };
  });
  return { range, ou, cashBanks: lines, totals: figuresText(totals) };
}
