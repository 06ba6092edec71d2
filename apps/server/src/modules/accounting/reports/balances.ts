import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant.ts';
import { Money } from '../../../platform/money/decimal.ts';

/**
 * Balances of every account from the ledger's summaries (architecture §9): whole years from `ledger_year_balances`,
 * whole months from `period_balances`, and `ledger_entries` only for the days at the edges of a range that cuts
 * through a month. None of it grows with the years of history.
 */

export interface Movement {
  debit: Money;
  credit: Money;
}
export type Balances = Map<string, Money>;
export type Movements = Map<string, Movement>;

/** YYYYMM of a date, and the first and last day of its month (dates as YYYY-MM-DD). */
export const periodOfDate = (date: string) => Number(date.slice(0, 4)) * 100 + Number(date.slice(5, 7));
export const monthStart = (date: string) => `${date.slice(0, 8)}01`;
export function monthEnd(date: string): string {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  const last = new Date(new Date(0).setUTCFullYear(y, m, 0)).getUTCDate();
  return `${date.slice(0, 8)}${String(last).padStart(2, '0')}`;
}
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const nextPeriod = (p: number) => (p % 100 === 12 ? p + 89 : p + 1);
const previousPeriod = (p: number) => (p % 100 === 1 ? p - 89 : p - 1);

/** What a report reads: one OU or all (consolidated), some accounts or all. */
export interface Scope {
  ouId?: string;
  coaIds?: string[];
}

const coaIn = (s: Scope) =>
  s.coaIds
    ? sql`AND coa_id IN (${sql.join(
        s.coaIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
const ouKeyIs = (s: Scope) => sql`${s.ouId ? sql`AND ou_key = ${s.ouId}::uuid` : sql``} ${coaIn(s)}`;
const ouIdIs = (s: Scope) => sql`${s.ouId ? sql`AND ou_id = ${s.ouId}::uuid` : sql``} ${coaIn(s)}`;

async function sumBy(tx: Tx, query: SQL): Promise<Balances> {
  const rows = await tx.execute<{ coa_id: string; amount: string }>(query);
  const out: Balances = new Map();
  for (const r of rows.rows) out.set(r.coa_id, (out.get(r.coa_id) ?? new Money(0)).plus(r.amount));
  return out;
}

const dayCount = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000 + 1;

/** Days [a, b] of one month, read from the fewer ledger lines: those days, or the month's period balance less the days outside. */
interface MonthPart {
  period?: number;
  plus: [string, string][];
  minus: [string, string][];
}
function monthPart(a: string, b: string): MonthPart {
  const [first, last] = [monthStart(a), monthEnd(a)];
  const inside = dayCount(a, b);
  if (inside <= dayCount(first, last) - inside) return { plus: [[a, b]], minus: [] };
  const minus: [string, string][] = [];
  if (a > first) minus.push([first, addDays(a, -1)]);
  if (b < last) minus.push([addDays(b, 1), last]);
  return { period: periodOfDate(a), plus: [], minus };
}

const entriesNet = (a: string, b: string, scope: Scope, sign: 1 | -1) => sql`SELECT coa_id, (${sign} * sum(book_amount))::text AS amount FROM ledger_entries
  WHERE period = ${periodOfDate(a)} AND entry_date BETWEEN ${a}::date AND ${b}::date ${ouIdIs(scope)} GROUP BY coa_id`;

/**
 * Each account's balance (debit - credit) of every line dated before `date`: the year rows at the end of the year
 * before (or, for an account without postings since, its total), the months of this year before the date's month,
 * and the date's month before the date (its lines, or its period balance less the lines from the date on).
 */
export async function balancesBefore(tx: Tx, date: string, scope: Scope = {}): Promise<Balances> {
  const year = Number(date.slice(0, 4));
  const period = periodOfDate(date);
  const parts: SQL[] = [
    sql`SELECT coa_id, sum(balance)::text AS amount FROM ledger_year_balances WHERE year = ${year - 1} ${ouKeyIs(scope)} GROUP BY coa_id`,
    sql`SELECT coa_id, sum(balance)::text AS amount FROM ledger_account_totals WHERE last_year < ${year - 1} ${ouKeyIs(scope)} GROUP BY coa_id`,
  ];
  const month = date === monthStart(date) ? undefined : monthPart(monthStart(date), addDays(date, -1));
  const lastPeriod = month?.period ?? period - 1;
  if (lastPeriod >= year * 100 + 1) {
    parts.push(sql`SELECT coa_id, sum(debit - credit)::text AS amount FROM period_balances
      WHERE period BETWEEN ${year * 100 + 1} AND ${lastPeriod} ${ouKeyIs(scope)} GROUP BY coa_id`);
  }
  for (const [a, b] of month?.plus ?? []) parts.push(entriesNet(a, b, scope, 1));
  for (const [a, b] of month?.minus ?? []) parts.push(entriesNet(a, b, scope, -1));
  return sumBy(tx, sql.join(parts, sql` UNION ALL `));
}

/**
 * The pieces of [from, to]: whole months (`periods`, plus an edge month read as its period balance) from period
 * balances, and edge days added (`plus`) or taken off (`minus`) from the ledger lines, whichever reads fewer days.
 */
export function splitRange(
  from: string,
  to: string,
): { periods: [number, number] | null; extra: number[]; plus: [string, string][]; minus: [string, string][] } {
  const pf = periodOfDate(from);
  const pt = periodOfDate(to);
  const edges: MonthPart[] = [];
  if (pf === pt) {
    if (from === monthStart(from) && to === monthEnd(to)) return { periods: [pf, pf], extra: [], plus: [], minus: [] };
    edges.push(monthPart(from, to));
  } else {
    if (from !== monthStart(from)) edges.push(monthPart(from, monthEnd(from)));
    if (to !== monthEnd(to)) edges.push(monthPart(monthStart(to), to));
  }
  const firstWhole = from === monthStart(from) ? pf : nextPeriod(pf);
  const lastWhole = to === monthEnd(to) ? pt : previousPeriod(pt);
  return {
    periods: pf !== pt && firstWhole <= lastWhole ? [firstWhole, lastWhole] : null,
    extra: edges.flatMap((e) => (e.period ? [e.period] : [])),
    plus: edges.flatMap((e) => e.plus),
    minus: edges.flatMap((e) => e.minus),
  };
}

/** Each account's debits and credits of the lines dated from `from` to `to`, both included. */
export async function movementsBetween(tx: Tx, from: string, to: string, scope: Scope = {}): Promise<Movements> {
  const { periods, extra, plus, minus } = splitRange(from, to);
  const parts: SQL[] = [];
  if (periods) {
    parts.push(sql`SELECT coa_id, sum(debit)::text AS debit, sum(credit)::text AS credit FROM period_balances
      WHERE period BETWEEN ${periods[0]} AND ${periods[1]} ${ouKeyIs(scope)} GROUP BY coa_id`);
  }
  if (extra.length) {
    parts.push(sql`SELECT coa_id, sum(debit)::text AS debit, sum(credit)::text AS credit FROM period_balances
      WHERE period IN (${sql.join(
        extra.map((p) => sql`${p}`),
        sql`, `,
      )}) ${ouKeyIs(scope)} GROUP BY coa_id`);
  }
  for (const [[a, b], sign] of [...plus.map((d) => [d, 1] as const), ...minus.map((d) => [d, -1] as const)]) {
    parts.push(sql`SELECT coa_id, (${sign} * sum(greatest(book_amount, 0)))::text AS debit, (${sign} * sum(greatest(-book_amount, 0)))::text AS credit
      FROM ledger_entries WHERE period = ${periodOfDate(a)} AND entry_date BETWEEN ${a}::date AND ${b}::date ${ouIdIs(scope)} GROUP BY coa_id`);
  }
  const out: Movements = new Map();
  if (parts.length === 0) return out;
  const rows = await tx.execute<{ coa_id: string; debit: string; credit: string }>(sql.join(parts, sql` UNION ALL `));
  for (const r of rows.rows) {
    const m = out.get(r.coa_id) ?? { debit: new Money(0), credit: new Money(0) };
    out.set(r.coa_id, { debit: m.debit.plus(r.debit), credit: m.credit.plus(r.credit) });
  }
  return out;
}
