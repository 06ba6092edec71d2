import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Currency, CURRENCY_SORT, SortValue } from '@nusa/contracts';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { writeXlsx } from '../../../platform/files/xlsx.ts';
import { currencies, exchangeRates } from './schema.ts';

const MODULE = 'erp.currency';
export const EXPORT_ROW_LIMIT = 50_000;

/** Answers the name of a record type that still uses the record, or undefined. */
export type InUse = (tx: Tx, id: string) => Promise<string | undefined>;

export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
export const yesNo = (b: boolean) => (b ? 'Y' : 'N') as 'Y' | 'N';

type Row = typeof currencies.$inferSelect;
const toCurrency = (r: Row): Currency => ({
  currencyId: r.id, currencyCode: r.code, currencyName: r.name, symbol: r.symbol, decimals: r.decimals, book: yesNo(r.isBook), active: yesNo(r.active),
});

const keywordOf = (keyword?: string): SQL | undefined =>
  keyword ? or(sql`${currencies.code} ILIKE ${likePattern(keyword)}`, sql`${currencies.name} ILIKE ${likePattern(keyword)}`) : undefined;
type CurrencySort = SortValue<(typeof CURRENCY_SORT)[number]>;
const SORT_COLUMNS = { code: caseless(currencies.code), name: caseless(currencies.name), symbol: caseless(currencies.symbol), decimals: currencies.decimals, active: currencies.active };
/** Book currency first, then by code, unless the caller sorts. */
const order = (sort?: CurrencySort) => listOrder(sort, SORT_COLUMNS, [desc(currencies.isBook), asc(currencies.code)], currencies.id);

export async function listCurrencies(tx: Tx, f: { page: number; limit: number; keyword?: string; sort?: CurrencySort }) {
  const where = keywordOf(f.keyword);
  const rows = await tx.select().from(currencies).where(where).orderBy(...order(f.sort)).limit(f.limit).offset((f.page - 1) * f.limit);
  const total = await tx.select({ n: sql<number>`count(*)::int` }).from(currencies).where(where);
  return { items: rows.map(toCurrency), total: total[0].n };
}

export async function getCurrency(tx: Tx, id: string): Promise<Currency> {
  const rows = await tx.select().from(currencies).where(eq(currencies.id, id));
  if (!rows[0]) throw new AppError('currency_not_found', [id]);
  return toCurrency(rows[0]);
}

/** The currency of a code (other modules validate their currency through this). */
export async function findCurrencyByCode(tx: Tx, code: string): Promise<Currency | undefined> {
  const rows = await tx.select().from(currencies).where(eq(currencies.code, code.toUpperCase()));
  return rows[0] ? toCurrency(rows[0]) : undefined;
}

/** An active currency by id, or currency_not_found (for records that pick a currency). */
export async function requireActiveCurrency(tx: Tx, id: string): Promise<Currency> {
  const rows = await tx.select().from(currencies).where(and(eq(currencies.id, id), eq(currencies.active, true)));
  if (!rows[0]) throw new AppError('currency_not_found', [id]);
  return toCurrency(rows[0]);
}

/** The tenant's book (base) currency. */
export async function bookCurrency(tx: Tx): Promise<Currency | undefined> {
  const rows = await tx.select().from(currencies).where(eq(currencies.isBook, true));
  return rows[0] ? toCurrency(rows[0]) : undefined;
}

export interface CurrencyInput { currencyCode: string; currencyName: string; symbol: string; decimals: number }

async function checkCodeFree(tx: Tx, code: string, exceptId?: string) {
  await lockUniqueKey(tx, `currency-code:${code}`);
  const rows = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code));
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('currency_code_already_exists', [code]);
}

export async function createCurrency(tx: Tx, actor: Actor, input: CurrencyInput, opts: { book?: boolean } = {}): Promise<Currency> {
  await checkCodeFree(tx, input.currencyCode);
  const id = uuidv7();
  await tx.insert(currencies).values({ tenantId: actor.tenantId, id, code: input.currencyCode, name: input.currencyName, symbol: input.symbol, decimals: input.decimals, isBook: opts.book ?? false });
  const after = await getCurrency(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'currency', entityId: id, after });
  return after;
}

export async function updateCurrency(tx: Tx, actor: Actor, id: string, input: CurrencyInput): Promise<Currency> {
  const before = await getCurrency(tx, id);
  if (before.book === 'Y' && input.currencyCode !== before.currencyCode) throw new AppError('currency_book_cannot_be_changed', [before.currencyCode]);
  await checkCodeFree(tx, input.currencyCode, id);
  await tx.update(currencies).set({ code: input.currencyCode, name: input.currencyName, symbol: input.symbol, decimals: input.decimals }).where(eq(currencies.id, id));
  const after = await getCurrency(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'currency', entityId: id, before, after });
  return after;
}

export async function setCurrencyActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<Currency> {
  const before = await getCurrency(tx, id);
  if (before.book === 'Y' && active === 'N') throw new AppError('currency_book_cannot_be_changed', [before.currencyCode]);
  await tx.update(currencies).set({ active: active === 'Y' }).where(eq(currencies.id, id));
  const after = await getCurrency(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'currency', entityId: id, before, after });
  return after;
}

/** Refused for the book currency and for a currency that exchange rates or other records (`inUse`) still use. */
export async function deleteCurrency(tx: Tx, actor: Actor, id: string, inUse: InUse[] = []): Promise<void> {
  const before = await getCurrency(tx, id);
  if (before.book === 'Y') throw new AppError('currency_book_cannot_be_changed', [before.currencyCode]);
  const rate = await tx.select({ id: exchangeRates.id }).from(exchangeRates)
    .where(or(eq(exchangeRates.fromCurrencyId, id), eq(exchangeRates.toCurrencyId, id))).limit(1);
  if (rate[0]) throw new AppError('used_by_another_table', ['exchange_rates']);
  for (const check of inUse) {
    const user = await check(tx, id);
    if (user) throw new AppError('used_by_another_table', [user]);
  }
  await tx.delete(currencies).where(eq(currencies.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'currency', entityId: id, before });
}

const headers = {
  id: ['Kode', 'Nama', 'Simbol', 'Desimal', 'Mata Uang Buku', 'Aktif'],
  en: ['Code', 'Name', 'Symbol', 'Decimals', 'Book Currency', 'Active'],
};

export async function exportCurrencies(tx: Tx, keyword: string | undefined, lang: 'id' | 'en', sort?: CurrencySort): Promise<Buffer> {
  const rows = (await tx.select().from(currencies).where(keywordOf(keyword)).orderBy(...order(sort)).limit(EXPORT_ROW_LIMIT)).map(toCurrency);
  const h = headers[lang];
  return writeXlsx<Currency>(lang === 'id' ? 'Mata Uang' : 'Currencies', [
    { header: h[0], value: (r) => r.currencyCode },
    { header: h[1], width: 30, value: (r) => r.currencyName },
    { header: h[2], value: (r) => r.symbol },
    { header: h[3], value: (r) => r.decimals },
    { header: h[4], width: 16, value: (r) => r.book },
    { header: h[5], value: (r) => r.active },
  ], rows);
}

/** Currencies by id (for modules that show the currencies they reference), keyed by id. */
export async function currenciesByIds(tx: Tx, ids: string[]): Promise<Map<string, Currency>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select().from(currencies).where(inArray(currencies.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, toCurrency(r)]));
}
