import type { Readable } from 'node:stream';
import { countryInput, currencyInput, exchangeRateInput, trimDecimal } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { importRecords, RowError, sameFields, upsertRecord, validated, type SheetColumns } from '../../../platform/files/sheet-import.ts';
import { importSheet } from '../../../platform/records/import.ts';
import { createCurrency, CURRENCY_SHEET, findCurrencyByCode, setCurrencyActive, updateCurrency } from './service.ts';
import { createExchangeRate, listExchangeRates, setExchangeRateActive, updateExchangeRate } from './exchange-rates.ts';
import { COUNTRY_SHEET, createCountry, findCountryByCode, setCountryActive, updateCountry } from './countries.ts';

/** Currencies from xlsx: upsert by ISO code through the currency service (the book currency keeps its rules). */
export function importCurrencies(tx: Tx, actor: Actor, file: Readable) {
  return importSheet(tx, file, CURRENCY_SHEET, {
    required: ['currencyCode', 'currencyName', 'symbol', 'decimals'],
    keyColumn: 'currencyCode',
    find: (code) => findCurrencyByCode(tx, code),
    columnOf: { currency_book_cannot_be_changed: 'active' },
    parse: (row) => ({
      input: validated(currencyInput, {
        currencyCode: row.text('currencyCode'),
        currencyName: row.text('currencyName'),
        symbol: row.text('symbol'),
        decimals: row.int('decimals'),
      }),
      active: row.flag('active'),
    }),
    codeOf: (input) => input.currencyCode,
    same: (c, input) => sameFields(c, input),
    create: (input) => createCurrency(tx, actor, input),
    update: (c, input) => updateCurrency(tx, actor, c.currencyId, input),
    setActive: (c, a) => setCurrencyActive(tx, actor, c.currencyId, a),
  });
}

/** The headings of the exchange-rate export. */
export const EXCHANGE_RATE_COLUMNS = {
  fromCurrency: { id: 'Dari', en: 'From' },
  toCurrency: { id: 'Ke', en: 'To' },
  rateDate: { id: 'Tanggal', en: 'Date' },
  rate: { id: 'Kurs', en: 'Rate' },
  active: { id: 'Aktif', en: 'Active' },
} satisfies SheetColumns<string>;

/** Exchange rates from xlsx: one per currency pair and date, upserted through the exchange-rate service. */
export function importExchangeRates(tx: Tx, actor: Actor, file: Readable) {
  return importRecords(tx, file, {
    columns: EXCHANGE_RATE_COLUMNS,
    required: ['fromCurrency', 'toCurrency', 'rateDate', 'rate'],
    keyColumn: 'rateDate',
    columnOf: (code) => {
      if (code === 'exchange_rate_same_currency') return 'toCurrency';
      if (code === 'exchange_rate_must_be_positive') return 'rate';
      return undefined;
    },
    parse: (row) => {
      const input = validated(exchangeRateInput, {
        fromCurrency: row.text('fromCurrency'),
        toCurrency: row.text('toCurrency'),
        rateDate: row.date('rateDate'),
        rate: row.text('rate'),
      });
      return { input: { ...input, rate: trimDecimal(input.rate) }, active: row.flag('active') };
    },
    keyOf: ({ input }) => `${input.fromCurrency}|${input.toCurrency}|${input.rateDate}`,
    duplicate: ({ input }) => new RowError('rateDate', 'exchange_rate_already_exists', [input.fromCurrency, input.toCurrency, input.rateDate]),
    save: async ({ input, active }, guard) => {
      // The service answers currency_not_found for a missing or inactive currency; here it is known which column.
      for (const column of ['fromCurrency', 'toCurrency'] as const) {
        if ((await findCurrencyByCode(tx, input[column]))?.active !== 'Y') throw new RowError(column, 'currency_not_found', [input[column]]);
      }
      const same = await listExchangeRates(tx, {
        fromCurrency: input.fromCurrency,
        toCurrency: input.toCurrency,
        from: input.rateDate,
        to: input.rateDate,
        page: 1,
        limit: 5,
      });
      return upsertRecord({
        guard,
        stored: same.items[0],
        active,
        same: (r) => sameFields(r, input),
        create: () => createExchangeRate(tx, actor, input),
        update: (r) => updateExchangeRate(tx, actor, r.rateId, input),
        setActive: (r, a) => setExchangeRateActive(tx, actor, r.rateId, a),
      });
    },
  });
}

/** Countries from xlsx: upsert by ISO code through the country service. */
export function importCountries(tx: Tx, actor: Actor, file: Readable) {
  return importSheet(tx, file, COUNTRY_SHEET, {
    required: ['countryCode', 'countryName'],
    keyColumn: 'countryCode',
    find: (code) => findCountryByCode(tx, code),
    parse: (row) => ({
      input: validated(countryInput, { countryCode: row.text('countryCode'), countryName: row.text('countryName') }),
      active: row.flag('active'),
    }),
    codeOf: (input) => input.countryCode,
    same: (c, input) => sameFields(c, input),
    create: (input) => createCountry(tx, actor, input),
    update: (c, input) => updateCountry(tx, actor, c.countryId, input),
    setActive: (c, a) => setCountryActive(tx, actor, c.countryId, a),
  });
}
