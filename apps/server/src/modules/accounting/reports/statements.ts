import type { BalanceSheet, BalanceSheetLine, ProfitLoss, ProfitLossLine, ReportRangeQuery } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { Money, toDecimalString } from '../../../platform/money/decimal.ts';
import { addDays, balancesBefore, movementsBetween, type Movements } from './balances.ts';
import { accountIdsOf, chartLines, loadChart, type ChartLine, type Figures } from './chart.ts';
import { previousRange, reportOu, resolveRange } from './range.ts';

const zero = () => new Money(0);
const text = (m: Money) => toDecimalString(m);

interface Compared {
  amount: Money;
  previous: Money;
}
const COMPARED: Figures<Compared> = {
  zero: () => ({ amount: zero(), previous: zero() }),
  add: (a, b) => ({ amount: a.amount.plus(b.amount), previous: a.previous.plus(b.previous) }),
  empty: (f) => f.amount.isZero() && f.previous.isZero(),
};
const AMOUNT: Figures<Money> = { zero, add: (a, b) => a.plus(b), empty: (m) => m.isZero() };

/** Revenue counts credit - debit, cost debit - credit. */
const netOf = (m: Movements, coaId: string, side: 'credit' | 'debit') => {
  const x = m.get(coaId);
  if (!x) return zero();
  return side === 'credit' ? x.credit.minus(x.debit) : x.debit.minus(x.credit);
};

export async function profitLoss(tx: Tx, q: ReportRangeQuery & { compare: 'Y' | 'N' }): Promise<ProfitLoss> {
  const range = resolveRange(q);
  const before = q.compare === 'Y' ? previousRange(range) : null;
  const ou = await reportOu(tx, q.ouId);
  const chart = await loadChart(tx);
  const coaIds = accountIdsOf(chart, ['revenue', 'cost']);
  const scope = { ouId: q.ouId, coaIds };
  const now = coaIds.length ? await movementsBetween(tx, range.from, range.to, scope) : new Map();
  const then: Movements = before && coaIds.length ? await movementsBetween(tx, before.from, before.to, scope) : new Map();
  const section = (type: 'revenue' | 'cost') => {
    const side = type === 'revenue' ? 'credit' : 'debit';
    const { lines, total } = chartLines(chart, [type], (id) => ({ amount: netOf(now, id, side), previous: netOf(then, id, side) }), COMPARED);
    return {
      lines: lines.map(({ figures, ...line }): ProfitLossLine => ({ ...line, amount: text(figures.amount), previous: before ? text(figures.previous) : null })),
      total: text(total.amount),
      previousTotal: before ? text(total.previous) : null,
      sums: total,
    };
  };
  const { sums: revenue, ...revenueSection } = section('revenue');
  const { sums: cost, ...costSection } = section('cost');
  return {
    range,
    previousRange: before,
    ou,
    revenue: revenueSection,
    cost: costSection,
    netProfit: text(revenue.amount.minus(cost.amount)),
    previousNetProfit: before ? text(revenue.previous.minus(cost.previous)) : null,
  };
}

/**
 * Assets, liabilities and equity as of a date (every line up to and including it). Equity is the COA type `equity`
 * (the seeded group 3100 Ekuitas) plus two lines that make the sheet balance without a closing entry: the profit of
 * earlier years not yet closed to retained earnings (revenue and cost accounts' balance at the year's start) and the
 * current year's profit (their movements from 1 January to the date).
 */
export async function balanceSheet(tx: Tx, q: { date: string; ouId?: string }): Promise<BalanceSheet> {
  const ou = await reportOu(tx, q.ouId);
  const chart = await loadChart(tx);
  const balances = await balancesBefore(tx, addDays(q.date, 1), { ouId: q.ouId });
  const yearStart = `${q.date.slice(0, 4)}-01-01`;
  const profitAccounts = accountIdsOf(chart, ['revenue', 'cost']);
  const atYearStart = profitAccounts.length ? await balancesBefore(tx, yearStart, { ouId: q.ouId, coaIds: profitAccounts }) : new Map<string, Money>();
  const sum = (m: Map<string, Money>, ids: string[]) => ids.reduce((s, id) => s.plus(m.get(id) ?? 0), zero());
  // Revenue and cost balances are debit - credit; profit is their negation.
  const earlierYears = sum(atYearStart, profitAccounts).neg();
  const currentYear = sum(balances, profitAccounts).neg().minus(earlierYears);

  const section = (type: 'asset' | 'liability' | 'equity') => {
    const sign = type === 'asset' ? 1 : -1;
    const { lines, total } = chartLines(chart, [type], (id) => (balances.get(id) ?? zero()).times(sign), AMOUNT);
    return { lines, total };
  };
  const toLines = (lines: ChartLine<Money>[]) => lines.map(({ figures, ...line }): BalanceSheetLine => ({ ...line, amount: text(figures) }));
  const assets = section('asset');
  const liabilities = section('liability');
  const equity = section('equity');
  const profitLine = (kind: 'earnings' | 'profit', amount: Money): BalanceSheetLine => ({
    kind,
    level: 1,
    coaId: null,
    code: '',
    name: '',
    type: 'equity',
    hasSubAccounts: false,
    amount: text(amount),
  });
  const equityTotal = equity.total.plus(earlierYears).plus(currentYear);
  const liabilitiesAndEquity = liabilities.total.plus(equityTotal);
  return {
    date: q.date,
    ou,
    assets: { lines: toLines(assets.lines), total: text(assets.total) },
    liabilities: { lines: toLines(liabilities.lines), total: text(liabilities.total) },
    equity: { lines: [...toLines(equity.lines), profitLine('earnings', earlierYears), profitLine('profit', currentYear)], total: text(equityTotal) },
    liabilitiesAndEquity: text(liabilitiesAndEquity),
    difference: text(assets.total.minus(liabilitiesAndEquity)),
  };
}
