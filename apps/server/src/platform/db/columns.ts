import { getTableColumns, type Table } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/** Binary content kept in the row (uploads, logos, payment proofs), read and written as a Buffer. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A record of `table` keyed by its column names, as `jsonb_populate_record(NULL::<table>, …)` reads it: a statement of
 * fixed shape can then take any number of rows as one jsonb parameter. Undefined fields are left out (NULL).
 */
export function asColumns(table: Table, record: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = (record as Record<string, unknown>)[key];
    if (value !== undefined) out[column.name] = value;
  }
  return out;
}

/** `records` as one jsonb parameter for `jsonb_populate_recordset(NULL::<table>, $n::jsonb)`. */
export const asColumnsJson = (table: Table, records: object[]): string => JSON.stringify(records.map((r) => asColumns(table, r)));
