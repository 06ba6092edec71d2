import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Currency, CURRENCY_SORT, SortValue } from '@nusa/contracts';
import { caseless } from '../../../platform/db/list-order.ts';
import { preparedQuery, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { recordKit } from '../../../platform/records/kit.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { defineSheet } from '../../../platform/records/sheet.ts';
import { yn } from '../../../platform/records/query.ts';
import { currencies, exchangeRates } from './schema.ts';

/** Answers the name of a record type that still uses the record, or undefined. */
export type InUse = (tx: Tx, id: string) => Promise<string | undefined>;

type Row = typeof currencies.$inferSelect;
const toCurrency = (r: Row): Currency => ({
  currencyId: r.id,
  currencyCode: r.code,
  currencyName: r.name,
  symbol: r.symbol,
  decimals: r.decimals,
  book: yn(r.isBook),
  active: yn(r.active),
});

type CurrencySort = SortValue<(typeof CURRENCY_SORT)[number]>;

/** The currency sheet: the export writes it, the import reads it back (the book-currency column for reading only). */
export const CURRENCY_SHEET = defineSheet<Currency>()({
  name: { id: 'Mata Uang', en: 'Currencies' },
  fields: {
    currencyCode: { id: 'Kode', en: 'Code', value: (r) => r.currencyCode },
    currencyName: { id: 'Nama', en: 'Name', width: 30, value: (r) => r.currencyName },
    symbol: { id: 'Simbol', en: 'Symbol', value: (r) => r.symbol },
    decimals: { id: 'Desimal', en: 'Decimals', value: (r) => r.decimals },
    book: { id: 'Mata Uang Buku', en: 'Book Currency', width: 16, value: (r) => r.book, exportOnly: true },
    active: { id: 'Aktif', en: 'Active', value: (r) => r.active },
  },
});

const kit = recordKit({
  table: currencies,
  module: 'accounting.currency',
  entity: 'currency',
  errors: { notFound: 'currency_not_found', codeTaken: 'currency_code_already_exists' },
  // ISO codes are upper case (the contract uppercases them): matched exactly, on the (tenant, code) index.
  codeMatch: (code) => eq(currencies.code, code.toUpperCase()),
  lockCode: 'currency-code',
  sort: {
    columns: {
      code: caseless(currencies.code),
      name: caseless(currencies.name),
      symbol: caseless(currencies.symbol),
      decimals: currencies.decimals,
      active: currencies.active,
    },
    // Book currency first, then by code, unless the caller sorts.
    fallback: [desc(currencies.isBook), asc(currencies.code)],
  },
  toRecords: (_tx, rows) => rows.map(toCurrency),
  idOf: (r) => r.currencyId,
  codeOf: (r) => r.currencyCode,
  usedBy: async (tx, r) => {
    const rate = await tx
      .select({ id: exchangeRates.id })
      .from(exchangeRates)
      .where(or(eq(exchangeRates.fromCurrencyId, r.currencyId), eq(exchangeRates.toCurrencyId, r.currencyId)))
      .limit(1);
    return rate[0] ? 'exchange_rates' : undefined;
  },
  sheet: CURRENCY_SHEET,
});

export const listCurrencies = (tx: Tx, f: { page: number; limit: number; keyword?: string; sort?: CurrencySort }) => kit.list(tx, f);

export const getCurrency = (tx: Tx, id: string): Promise<Currency> => kit.get(tx, id);

/** The currency of a code (other modules validate their currency through this). */
export const findCurrencyByCode = (tx: Tx, code: string): Promise<Currency | undefined> => kit.findByCode(tx, code);

/** An active currency by id, or currency_not_found (for records that pick a currency). */
export async function requireActiveCurrency(tx: Tx, id: string): Promise<Currency> {
  const rows = await tx
    .select()
    .from(currencies)
    .where(and(eq(currencies.id, id), eq(currencies.active, true)));
  if (!rows[0]) throw new AppError('currency_not_found', [id]);
  return toCurrency(rows[0]);
}

/** The tenant's book (base) currency. */
export async function bookCurrency(tx: Tx): Promise<Currency | undefined> {
  // Every document's checks read it: prepared once per connection.
  const rows = await preparedQuery(tx, 'nusa_book_currency', (tx, name) =>
    tx.select().from(currencies).where(eq(currencies.isBook, true)).prepare(name),
  ).execute();
  return rows[0] ? toCurrency(rows[0]) : undefined;
}

export interface CurrencyInput {
  currencyCode: string;
  currencyName: string;
  symbol: string;
  decimals: number;
}

const fields = (input: CurrencyInput) => ({ name: input.currencyName, symbol: input.symbol, decimals: input.decimals });

export const createCurrency = (tx: Tx, actor: Actor, input: CurrencyInput, opts: { book?: boolean } = {}): Promise<Currency> =>
  kit.create(tx, actor, input.currencyCode, { ...fields(input), isBook: opts.book ?? false });

/** The book currency keeps its code and stays active (and is never deleted). */
const assertNotBook = (c: Currency) => {
  if (c.book === 'Y') throw new AppError('currency_book_cannot_be_changed', [c.currencyCode]);
};

export async function updateCurrency(tx: Tx, actor: Actor, id: string, input: CurrencyInput): Promise<Currency> {
  const before = await kit.get(tx, id);
  if (input.currencyCode !== before.currencyCode) assertNotBook(before);
  return kit.update(tx, actor, id, input.currencyCode, fields(input));
}

export async function setCurrencyActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<Currency> {
  if (active === 'N') assertNotBook(await kit.get(tx, id));
  return kit.setActive(tx, actor, id, active);
}

/**
 * Marks an active currency as the book currency of a tenant that has none (a trial prepared before its preparation
 * seeded IDR); refused once one is set, as documents already hold their book amounts in it. Idempotent for the book
 * currency itself; two marks at once are serialised, so the second names the first's currency.
 */
export async function setBookCurrency(tx: Tx, actor: Actor, id: string): Promise<Currency> {
  await lockUniqueKey(tx, 'book-currency');
  const current = await bookCurrency(tx);
  if (current?.currencyId === id) return current;
  if (current) throw new AppError('currency_book_already_set', [current.currencyCode]);
  const before = await requireActiveCurrency(tx, id);
  await tx.update(currencies).set({ isBook: true }).where(eq(currencies.id, id));
  const after = { ...before, book: 'Y' as const };
  await writeAudit(tx, actor, { module: 'accounting.currency', action: 'update', entity: 'currency', entityId: id, before, after });
  return after;
}

/** Refused for the book currency and for a currency that exchange rates or other records (`inUse`) still use. */
export async function deleteCurrency(tx: Tx, actor: Actor, id: string, inUse: InUse[] = []): Promise<void> {
  assertNotBook(await kit.get(tx, id));
  await kit.remove(tx, actor, id, inUse);
}

export const exportCurrencies = (tx: Tx, keyword: string | undefined, lang: 'id' | 'en', sort?: CurrencySort): Promise<Buffer> =>
  kit.exportXlsx(tx, { keyword, sort }, lang);

/** Currencies by id (for modules that show the currencies they reference), keyed by id. */
export async function currenciesByIds(tx: Tx, ids: string[]): Promise<Map<string, Currency>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(currencies)
    .where(inArray(currencies.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, toCurrency(r)]));
}

/** The rate of a currency pair on a date, for documents in another currency than the book's. */
export { lookupExchangeRate } from './exchange-rates.ts';

export { seedReferenceCurrencies } from './seed.ts';
