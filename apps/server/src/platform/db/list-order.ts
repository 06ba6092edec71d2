import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SortValue } from '@nusa/contracts';

type Sortable = AnyPgColumn | SQL;

/** A text column sorted the way lists compare text: case-insensitively. */
export const caseless = (column: Sortable): SQL => sql`lower(${column})`;

/** A code column sorted by the position of its value in `values` (job titles by rank, statuses in their order), not alphabetically. */
export const positionIn = (values: readonly string[], column: Sortable): SQL => sql`array_position(string_to_array(${values.join(',')}, ','), ${column})`;

/**
 * The ORDER BY of a list: the `sort` the caller chose (a field of `columns`, `-field` descending, nulls last either
 * way) or else the list's `fallback` order, always followed by the unique `key` so that rows with equal values keep
 * one order and page 2 continues exactly where page 1 stopped.
 */
export function listOrder<F extends string>(sort: SortValue<F> | undefined, columns: Record<F, Sortable>, fallback: readonly SQL[], key: AnyPgColumn): SQL[] {
  const tieBreaker = sql`${key} asc`;
  if (!sort) return [...fallback, tieBreaker];
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as F;
  const column = columns[field];
  // The contract's sortBy only lets listed fields through; a field missing here is a programming error.
  if (!column) throw new Error(`no sort column for ${field}`);
  return [sql`${column} ${descending ? sql`desc` : sql`asc`} nulls last`, tieBreaker];
}
