import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/** Currencies (spec 5); exactly one per tenant is the book currency (IDR for the demo). */
export const currencies = pgTable(
  'currencies',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    isBook: boolean('is_book').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('currencies_code_key').on(t.tenantId, t.code),
    uniqueIndex('currencies_book_key')
      .on(t.tenantId)
      .where(sql`${t.isBook}`),
    tenantPolicy('currencies'),
  ],
);

/** One rate per currency pair and date: how many `to` one `from` buys. numeric(24,10) holds 16250 and 0.0000615 alike. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    fromCurrencyId: uuid('from_currency_id').notNull(),
    toCurrencyId: uuid('to_currency_id').notNull(),
    rateDate: date('rate_date').notNull(),
    rate: numeric('rate', { precision: 24, scale: 10 }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('exchange_rates_pair_date_key').on(t.tenantId, t.fromCurrencyId, t.toCurrencyId, t.rateDate),
    foreignKey({ columns: [t.tenantId, t.fromCurrencyId], foreignColumns: [currencies.tenantId, currencies.id] }),
    foreignKey({ columns: [t.tenantId, t.toCurrencyId], foreignColumns: [currencies.tenantId, currencies.id] }),
    tenantPolicy('exchange_rates'),
  ],
);

/** Countries (ISO 3166-1 alpha-2), for addresses and trading partners. */
export const countries = pgTable(
  'countries',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('countries_code_key').on(t.tenantId, t.code), tenantPolicy('countries')],
);
