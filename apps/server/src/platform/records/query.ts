import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DROPDOWN_PAGE_SIZE } from '@nusa/contracts';

/** Small pieces every record list shares. */

export const yn = (b: boolean) => (b ? 'Y' : 'N') as 'Y' | 'N';

/** An ILIKE pattern matching `keyword` literally anywhere. */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any of the columns contains the keyword, case-insensitively (code and name carry a trigram index). */
export const anyContains = (columns: readonly AnyPgColumn[], keyword: string): SQL => {
  const p = containsPattern(keyword);
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ILIKE ${p}`),
    sql` OR `,
  )})`;
};

/** Code or name contains the keyword. */
export const codeOrNameLike = (code: AnyPgColumn, name: AnyPgColumn, keyword: string): SQL => anyContains([code, name], keyword);

/** The lazy dropdown (limit 30, spec 7) lists what a user may pick: active records only. */
export const isDropdown = (limit: number) => limit === DROPDOWN_PAGE_SIZE;

/** An export holds at most this many rows. */
export const XLSX_EXPORT_LIMIT = 100_000;
