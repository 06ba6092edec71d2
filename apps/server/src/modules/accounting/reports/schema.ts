import { index, integer, numeric, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

const amount = (name: string) => numeric(name, { precision: 20, scale: 4 });

/**
 * Cumulative book balance (debit - credit) of an account and OU at the end of each year, kept by a trigger on
 * `ledger_entries` in the posting's transaction (migration 0022). A report's opening balance reads one row per account
 * and OU here plus at most eleven months of `period_balances`, so its cost does not grow with the years of history.
 * Rows cover every year from the account's first posted year to its last one (a posting outside that span extends it);
 * past its last year an account's balance is its total in `ledger_account_totals`. `ouKey` is the OU id or the zero uuid.
 */
export const ledgerYearBalances = pgTable(
  'ledger_year_balances',
  {
    tenantId: uuid('tenant_id').notNull(),
    coaId: uuid('coa_id').notNull(),
    ouKey: uuid('ou_key').notNull(),
    year: integer('year').notNull(),
    balance: amount('balance').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.coaId, t.ouKey, t.year] }),
    index('ledger_year_balances_year_idx').on(t.tenantId, t.year),
    tenantPolicy('ledger_year_balances'),
  ],
);

/** Per account and OU: the all-time balance and the span of years with postings (the trigger's lock and bookkeeping). */
export const ledgerAccountTotals = pgTable(
  'ledger_account_totals',
  {
    tenantId: uuid('tenant_id').notNull(),
    coaId: uuid('coa_id').notNull(),
    ouKey: uuid('ou_key').notNull(),
    balance: amount('balance').notNull().default('0'),
    firstYear: integer('first_year').notNull(),
    lastYear: integer('last_year').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.coaId, t.ouKey] }),
    index('ledger_account_totals_last_year_idx').on(t.tenantId, t.lastYear),
    tenantPolicy('ledger_account_totals'),
  ],
);
