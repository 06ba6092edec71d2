import { z } from 'zod';
import { XLSX_CONTENT_TYPE, defineEndpoint, listOf, listQuery, sortBy } from '../endpoint.ts';
import { importEndpoint } from './sheet-import.ts';

/** Currencies, exchange rates and countries (spec 5, issue 4). The book currency is the tenant's base (IDR for the demo). */

const CURRENCY_READ = ['readOnlyErpCurrency', 'createEditErpCurrency', 'writeAllErpCurrency', 'readOnlyErpAll', 'createEditErpAll', 'writeAllErpAll'] as const;
/** Currency pickers: cash-bank and master-data editors choose currencies too. */
const CURRENCY_PICK = [...CURRENCY_READ, 'createEditErpCashBank', 'writeAllErpCashBank', 'createEditErpMaster', 'writeAllErpMaster'] as const;
const CURRENCY_EDIT = ['createEditErpCurrency', 'writeAllErpCurrency', 'createEditErpAll', 'writeAllErpAll'] as const;
const CURRENCY_FULL = ['writeAllErpCurrency', 'writeAllErpAll'] as const;
const MASTER_READ = ['readOnlyErpMaster', 'createEditErpMaster', 'writeAllErpMaster', 'readOnlyErpAll', 'createEditErpAll', 'writeAllErpAll'] as const;
const MASTER_EDIT = ['createEditErpMaster', 'writeAllErpMaster', 'createEditErpAll', 'writeAllErpAll'] as const;
const MASTER_FULL = ['writeAllErpMaster', 'writeAllErpAll'] as const;

const YN = z.enum(['Y', 'N']);
const activeBody = z.object({ active: YN });
const ok = z.object({ ok: z.literal(true) });
/** Sort fields of the currency, exchange rate and country lists (their tables' columns; pair is from/to). */
export const CURRENCY_SORT = ['code', 'name', 'symbol', 'decimals', 'active'] as const;
export const EXCHANGE_RATE_SORT = ['pair', 'date', 'rate', 'active'] as const;
export const COUNTRY_SORT = ['code', 'name', 'active'] as const;

const exportQuery = z.object({ keyword: z.string().trim().max(100).optional(), lang: z.enum(['id', 'en']).default('id') });
const xlsx = { response: z.custom<Uint8Array>(), file: { contentType: XLSX_CONTENT_TYPE } };

/** ISO 4217 alphabetic code. */
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;
/** ISO 3166-1 alpha-2 code. */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;
/** A positive decimal string: up to 14 digits before the point and 10 after (numeric(24,10)); never a JS float. */
export const RATE_PATTERN = /^\d{1,14}(\.\d{1,10})?$/;

/** A decimal string without trailing zeros after the point ('16250.0000' → '16250', '0.5000' → '0.5'). */
export const trimDecimal = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);
/** True when a decimal string of RATE_PATTERN is above zero. */
export const isPositiveDecimal = (value: string) => /[1-9]/.test(value);

export const currency = z.object({
  currencyId: z.string(),
  currencyCode: z.string(),
  currencyName: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  /** 'Y' for the tenant's book (base) currency. */
  book: YN,
  active: YN,
});
export type Currency = z.infer<typeof currency>;

export const currencyInput = z.object({
  currencyCode: z.string().trim().toUpperCase().regex(CURRENCY_CODE_PATTERN, 'three letters (ISO 4217)'),
  currencyName: z.string().trim().min(1).max(60),
  symbol: z.string().trim().min(1).max(8),
  decimals: z.number().int().min(0).max(4),
});

export const exchangeRate = z.object({
  rateId: z.string(),
  fromCurrency: z.string(),
  toCurrency: z.string(),
  rateDate: z.string(),
  /** How many `toCurrency` one `fromCurrency` buys, as a decimal string. */
  rate: z.string(),
  active: YN,
});
export type ExchangeRate = z.infer<typeof exchangeRate>;

export const exchangeRateInput = z.object({
  fromCurrency: z.string().trim().toUpperCase().regex(CURRENCY_CODE_PATTERN, 'three letters (ISO 4217)'),
  toCurrency: z.string().trim().toUpperCase().regex(CURRENCY_CODE_PATTERN, 'three letters (ISO 4217)'),
  rateDate: z.iso.date(),
  rate: z.string().trim().regex(RATE_PATTERN, 'a decimal number such as 16250 or 0.0000615'),
});

export const country = z.object({ countryId: z.string(), countryCode: z.string(), countryName: z.string(), active: YN });
export type Country = z.infer<typeof country>;
export const countryInput = z.object({
  countryCode: z.string().trim().toUpperCase().regex(COUNTRY_CODE_PATTERN, 'two letters (ISO 3166-1)'),
  countryName: z.string().trim().min(1).max(80),
});

const currencyId = z.object({ currencyId: z.uuid() });
const rateId = z.object({ rateId: z.uuid() });
const countryId = z.object({ countryId: z.uuid() });
/** What the exchange rate list filters by besides the keyword; its export takes the same. */
const exchangeRateFilters = {
  fromCurrency: z.string().trim().toUpperCase().regex(CURRENCY_CODE_PATTERN).optional(),
  toCurrency: z.string().trim().toUpperCase().regex(CURRENCY_CODE_PATTERN).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: sortBy(EXCHANGE_RATE_SORT),
};

export const currencyEndpoints = {
  listCurrencies: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/currencies',
    access: CURRENCY_PICK,
    summary: 'Currencies (book currency first unless sorted)',
    query: listQuery.extend({ sort: sortBy(CURRENCY_SORT) }),
    response: listOf(currency),
  }),
  exportCurrencies: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/currencies/export',
    access: CURRENCY_READ,
    summary: 'Currencies as an xlsx file',
    query: exportQuery.extend({ sort: sortBy(CURRENCY_SORT) }),
    ...xlsx,
  }),
  importCurrencies: importEndpoint('/v1/erp/currencies', 'currency', CURRENCY_EDIT),
  getCurrency: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/currencies/{currencyId}',
    access: CURRENCY_PICK,
    summary: 'One currency',
    params: currencyId,
    response: currency,
  }),
  createCurrency: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/currencies',
    access: CURRENCY_EDIT,
    summary: 'Create a currency',
    body: currencyInput,
    response: currency,
  }),
  updateCurrency: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/currencies/{currencyId}',
    access: CURRENCY_EDIT,
    summary: 'Edit a currency (the book currency keeps its code)',
    params: currencyId,
    body: currencyInput,
    response: currency,
  }),
  setCurrencyActive: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/currencies/{currencyId}/active',
    access: CURRENCY_EDIT,
    summary: 'Activate (Y) or deactivate (N); never the book currency',
    params: currencyId,
    body: activeBody,
    response: currency,
  }),
  setBookCurrency: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/currencies/{currencyId}/book',
    access: CURRENCY_FULL,
    summary: 'Make an active currency the book currency, only while the tenant has none: once set it never changes (documents hold amounts in it)',
    params: currencyId,
    response: currency,
  }),
  deleteCurrency: defineEndpoint({
    method: 'DELETE',
    path: '/v1/erp/currencies/{currencyId}',
    access: CURRENCY_FULL,
    summary: 'Delete a currency no record uses; never the book currency',
    params: currencyId,
    response: ok,
  }),

  listExchangeRates: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/exchange-rates',
    access: CURRENCY_PICK,
    summary: 'Exchange rates, newest date first; filter by currency and date range',
    query: listQuery.extend(exchangeRateFilters),
    response: listOf(exchangeRate),
  }),
  exportExchangeRates: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/exchange-rates/export',
    access: CURRENCY_READ,
    summary: "Exchange rates of the list's filters as an xlsx file",
    query: exportQuery.extend(exchangeRateFilters),
    ...xlsx,
  }),
  importExchangeRates: importEndpoint('/v1/erp/exchange-rates', 'exchange rate (one per currency pair and date)', CURRENCY_EDIT),
  lookupExchangeRate: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/exchange-rates/lookup',
    access: CURRENCY_PICK,
    summary: 'The rate valid on a date: the active rate of the latest date on or before it (1 between a currency and itself)',
    query: z.object({
      fromCurrency: z.string().trim().toUpperCase().regex(CURRENCY_CODE_PATTERN),
      toCurrency: z.string().trim().toUpperCase().regex(CURRENCY_CODE_PATTERN),
      date: z.iso.date(),
    }),
    response: z.object({ fromCurrency: z.string(), toCurrency: z.string(), rateDate: z.string(), rate: z.string() }),
  }),
  getExchangeRate: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/exchange-rates/{rateId}',
    access: CURRENCY_PICK,
    summary: 'One exchange rate',
    params: rateId,
    response: exchangeRate,
  }),
  createExchangeRate: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/exchange-rates',
    access: CURRENCY_EDIT,
    summary: 'Record the rate of a currency pair on a date (one per pair and date)',
    body: exchangeRateInput,
    response: exchangeRate,
  }),
  updateExchangeRate: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/exchange-rates/{rateId}',
    access: CURRENCY_EDIT,
    summary: 'Edit an exchange rate',
    params: rateId,
    body: exchangeRateInput,
    response: exchangeRate,
  }),
  setExchangeRateActive: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/exchange-rates/{rateId}/active',
    access: CURRENCY_EDIT,
    summary: 'Activate (Y) or deactivate (N)',
    params: rateId,
    body: activeBody,
    response: exchangeRate,
  }),
  deleteExchangeRate: defineEndpoint({
    method: 'DELETE',
    path: '/v1/erp/exchange-rates/{rateId}',
    access: CURRENCY_FULL,
    summary: 'Delete an exchange rate',
    params: rateId,
    response: ok,
  }),

  listCountries: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/countries',
    access: [...MASTER_READ, ...CURRENCY_READ],
    summary: 'Countries',
    query: listQuery.extend({ sort: sortBy(COUNTRY_SORT) }),
    response: listOf(country),
  }),
  exportCountries: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/countries/export',
    access: MASTER_READ,
    summary: 'Countries as an xlsx file',
    query: exportQuery.extend({ sort: sortBy(COUNTRY_SORT) }),
    ...xlsx,
  }),
  importCountries: importEndpoint('/v1/erp/countries', 'country', MASTER_EDIT),
  getCountry: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/countries/{countryId}',
    access: [...MASTER_READ, ...CURRENCY_READ],
    summary: 'One country',
    params: countryId,
    response: country,
  }),
  createCountry: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/countries',
    access: MASTER_EDIT,
    summary: 'Create a country',
    body: countryInput,
    response: country,
  }),
  updateCountry: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/countries/{countryId}',
    access: MASTER_EDIT,
    summary: 'Edit a country',
    params: countryId,
    body: countryInput,
    response: country,
  }),
  setCountryActive: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/countries/{countryId}/active',
    access: MASTER_EDIT,
    summary: 'Activate (Y) or deactivate (N)',
    params: countryId,
    body: activeBody,
    response: country,
  }),
  deleteCountry: defineEndpoint({
    method: 'DELETE',
    path: '/v1/erp/countries/{countryId}',
    access: MASTER_FULL,
    summary: 'Delete a country no record uses',
    params: countryId,
    response: ok,
  }),
};
