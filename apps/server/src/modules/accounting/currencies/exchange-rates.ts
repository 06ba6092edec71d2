import { and, asc, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { isPositiveDecimal, trimDecimal, type EXCHANGE_RATE_SORT, type ExchangeRate, type SortValue } from '@nusa/contracts';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { writeXlsx } from '../../../platform/files/xlsx.ts';
import { containsPattern, yn } from '../../../platform/records/query.ts';
import { currencies, exchangeRates } from './schema.ts';

const MODULE = 'accounting.exchange-rate';
const EXPORT_ROW_LIMIT = 50_000;
const fromC = alias(currencies, 'from_currency');
const toC = alias(currencies, 'to_currency');

const columns = {
  id: exchangeRates.id,
  from: fromC.code,
  to: toC.code,
  rateDate: exchangeRates.rateDate,
  rate: exchangeRates.rate,
  active: exchangeRates.active,
};
type Row = { id: string; from: string; to: string; rateDate: string; rate: string; active: boolean };
const toRate = (r: Row): ExchangeRate => ({
  rateId: r.id,
  fromCurrency: r.from,
  toCurrency: r.to,
  rateDate: r.rateDate,
  rate: trimDecimal(r.rate),
  active: yn(r.active),
});

const base = (tx: Tx) =>
  tx
    .select(columns)
    .from(exchangeRates)
    .innerJoin(fromC, and(eq(fromC.tenantId, exchangeRates.tenantId), eq(fromC.id, exchangeRates.fromCurrencyId)))
    .innerJoin(toC, and(eq(toC.tenantId, exchangeRates.tenantId), eq(toC.id, exchangeRates.toCurrencyId)));

type RateSort = SortValue<(typeof EXCHANGE_RATE_SORT)[number]>;
export interface RateFilter {
  keyword?: string;
  fromCurrency?: string;
  toCurrency?: string;
  from?: string;
  to?: string;
  sort?: RateSort;
}

function conditions(f: RateFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.keyword) where.push(or(sql`${fromC.code} ILIKE ${containsPattern(f.keyword)}`, sql`${toC.code} ILIKE ${containsPattern(f.keyword)}`));
  if (f.fromCurrency) where.push(eq(fromC.code, f.fromCurrency));
  if (f.toCurrency) where.push(eq(toC.code, f.toCurrency));
  if (f.from) where.push(gte(exchangeRates.rateDate, f.from));
  if (f.to) where.push(lte(exchangeRates.rateDate, f.to));
  return where.length ? and(...where) : undefined;
}
const SORT_COLUMNS = {
  pair: caseless(sql`${fromC.code} || '/' || ${toC.code}`),
  date: exchangeRates.rateDate,
  rate: exchangeRates.rate,
  active: exchangeRates.active,
};
/** Newest date first, then by pair, unless the caller sorts. */
const order = (sort?: RateSort) => listOrder(sort, SORT_COLUMNS, [desc(exchangeRates.rateDate), asc(fromC.code), asc(toC.code)], exchangeRates.id);

export async function listExchangeRates(tx: Tx, f: RateFilter & { page: number; limit: number }) {
  const where = conditions(f);
  const rows = await base(tx)
    .where(where)
    .orderBy(...order(f.sort))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const total = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(exchangeRates)
    .innerJoin(fromC, and(eq(fromC.tenantId, exchangeRates.tenantId), eq(fromC.id, exchangeRates.fromCurrencyId)))
    .innerJoin(toC, and(eq(toC.tenantId, exchangeRates.tenantId), eq(toC.id, exchangeRates.toCurrencyId)))
    .where(where);
  return { items: rows.map(toRate), total: total[0].n };
}

export async function getExchangeRate(tx: Tx, id: string): Promise<ExchangeRate> {
  const rows = await base(tx).where(eq(exchangeRates.id, id));
  if (!rows[0]) throw new AppError('param_not_found', [id]);
  return toRate(rows[0]);
}

export interface RateInput {
  fromCurrency: string;
  toCurrency: string;
  rateDate: string;
  rate: string;
}

/** from ≠ to, both existing active currencies, rate > 0, one rate per pair and date. */
async function resolve(tx: Tx, input: RateInput, exceptId?: string) {
  if (input.fromCurrency === input.toCurrency) throw new AppError('exchange_rate_same_currency');
  if (!isPositiveDecimal(input.rate)) throw new AppError('exchange_rate_must_be_positive');
  const ids: string[] = [];
  for (const code of [input.fromCurrency, input.toCurrency]) {
    const rows = await tx
      .select({ id: currencies.id })
      .from(currencies)
      .where(and(eq(currencies.code, code), eq(currencies.active, true)));
    if (!rows[0]) throw new AppError('currency_not_found', [code]);
    ids.push(rows[0].id);
  }
  const [fromCurrencyId, toCurrencyId] = ids;
  await lockUniqueKey(tx, `exchange-rate:${fromCurrencyId}:${toCurrencyId}:${input.rateDate}`);
  const same = await tx
    .select({ id: exchangeRates.id })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.fromCurrencyId, fromCurrencyId), eq(exchangeRates.toCurrencyId, toCurrencyId), eq(exchangeRates.rateDate, input.rateDate)));
  if (same.some((r) => r.id !== exceptId)) throw new AppError('exchange_rate_already_exists', [input.fromCurrency, input.toCurrency, input.rateDate]);
  return { fromCurrencyId, toCurrencyId, rateDate: input.rateDate, rate: input.rate };
}

export async function createExchangeRate(tx: Tx, actor: Actor, input: RateInput): Promise<ExchangeRate> {
  const values = await resolve(tx, input);
  const id = uuidv7();
  await tx.insert(exchangeRates).values({ tenantId: actor.tenantId, id, ...values });
  const after = await getExchangeRate(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'exchange-rate', entityId: id, after });
  return after;
}

export async function updateExchangeRate(tx: Tx, actor: Actor, id: string, input: RateInput): Promise<ExchangeRate> {
  const before = await getExchangeRate(tx, id);
  const values = await resolve(tx, input, id);
  await tx.update(exchangeRates).set(values).where(eq(exchangeRates.id, id));
  const after = await getExchangeRate(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'exchange-rate', entityId: id, before, after });
  return after;
}

export async function setExchangeRateActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<ExchangeRate> {
  const before = await getExchangeRate(tx, id);
  await tx
    .update(exchangeRates)
    .set({ active: active === 'Y' })
    .where(eq(exchangeRates.id, id));
  const after = await getExchangeRate(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'exchange-rate', entityId: id, before, after });
  return after;
}

export async function deleteExchangeRate(tx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await getExchangeRate(tx, id);
  await tx.delete(exchangeRates).where(eq(exchangeRates.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'exchange-rate', entityId: id, before });
}

/** The rate valid on `date`: the active rate of the latest date on or before it; 1 between a currency and itself. */
export async function lookupExchangeRate(tx: Tx, from: string, to: string, date: string) {
  if (from === to) return { fromCurrency: from, toCurrency: to, rateDate: date, rate: '1' };
  const rows = await base(tx)
    .where(and(eq(fromC.code, from), eq(toC.code, to), eq(exchangeRates.active, true), lte(exchangeRates.rateDate, date)))
    .orderBy(desc(exchangeRates.rateDate))
    .limit(1);
  if (!rows[0]) throw new AppError('exchange_rate_not_found', [from, to, date]);
  return { fromCurrency: from, toCurrency: to, rateDate: rows[0].rateDate, rate: trimDecimal(rows[0].rate) };
}

const headers = {
  id: ['Dari', 'Ke', 'Tanggal', 'Kurs', 'Aktif'],
  en: ['From', 'To', 'Date', 'Rate', 'Active'],
};

/** The rates the list shows for the same filter (keyword, currencies, date range) and sort. */
export async function exportExchangeRates(tx: Tx, f: RateFilter, lang: 'id' | 'en'): Promise<Buffer> {
  const rows = (
    await base(tx)
      .where(conditions(f))
      .orderBy(...order(f.sort))
      .limit(EXPORT_ROW_LIMIT)
  ).map(toRate);
  const h = headers[lang];
  // The rate stays a text cell: an Excel number is a float and would round long rates.
  return writeXlsx<ExchangeRate>(
    lang === 'id' ? 'Kurs' : 'Exchange Rates',
    [
      { header: h[0], value: (r) => r.fromCurrency },
      { header: h[1], value: (r) => r.toCurrency },
      { header: h[2], value: (r) => r.rateDate },
      { header: h[3], width: 20, value: (r) => r.rate },
      { header: h[4], value: (r) => r.active },
    ],
    rows,
  );
}
