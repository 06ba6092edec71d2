import type { ReportRangeQuery, TrialBalance, TrialBalanceFigures } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { Money, toDecimalString } from '../../../platform/money/decimal.ts';
import { balancesBefore, movementsBetween } from './balances.ts';
import { chartLines, loadChart, type Figures } from './chart.ts';
import { reportOu, resolveRange } from './range.ts';

export interface AccountFigures {
  opening: Money;
  debit: Money;
  credit: Money;
  closing: Money;
}

const zero = () => new Money(0);
export const ACCOUNT_FIGURES: Figures<AccountFigures> = {
  zero: () => ({ opening: zero(), debit: zero(), credit: zero(), closing: zero() }),
  add: (a, b) => ({ opening: a.opening.plus(b.opening), debit: a.debit.plus(b.debit), credit: a.credit.plus(b.credit), closing: a.closing.plus(b.closing) }),
  empty: (f) => f.opening.isZero() && f.debit.isZero() && f.credit.isZero(),
};

export const figuresText = (f: AccountFigures): TrialBalanceFigures => ({
  opening: toDecimalString(f.opening),
  debit: toDecimalString(f.debit),
  credit: toDecimalString(f.credit),
  closing: toDecimalString(f.closing),
});

/** Opening, debit, credit and closing of each account over [from, to] (closing = opening + debit - credit). */
export async function accountFigures(tx: Tx, from: string, to: string, scope: { ouId?: string; coaIds?: string[] }) {
  const [opening, movements] = await Promise.all([balancesBefore(tx, from, scope), movementsBetween(tx, from, to, scope)]);
  return (coaId: string): AccountFigures => {
    const o = opening.get(coaId) ?? zero();
    const m = movements.get(coaId) ?? { debit: zero(), credit: zero() };
    return { opening: o, debit: m.debit, credit: m.credit, closing: o.plus(m.debit).minus(m.credit) };
  };
}

export async function trialBalance(tx: Tx, q: ReportRangeQuery): Promise<TrialBalance> {
  const range = resolveRange(q);
  const ou = await reportOu(tx, q.ouId);
  const figuresOf = await accountFigures(tx, range.from, range.to, { ouId: q.ouId });
  const { lines, total } = chartLines(await loadChart(tx), ['asset', 'liability', 'equity', 'revenue', 'cost'], figuresOf, ACCOUNT_FIGURES);
  return { range, ou, lines: lines.map(({ figures, ...line }) => ({ ...line, ...figuresText(figures) })), totals: figuresText(total) };
}
