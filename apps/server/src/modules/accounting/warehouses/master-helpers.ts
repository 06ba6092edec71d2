import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DROPDOWN_PAGE_SIZE, type ErrorCode } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { nextCode } from '../document-templates/service.ts';

/**
 * Small helpers the ERP master-data modules (warehouses, partners, employees, products) share. No tables here:
 * each module keeps its own and calls the others' services.
 */

export const yn = (b: boolean) => (b ? 'Y' : 'N') as 'Y' | 'N';

/** An ILIKE pattern matching `keyword` literally anywhere. */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Code or name contains the keyword (both columns carry a trigram index). */
export const codeOrNameLike = (code: AnyPgColumn, name: AnyPgColumn, keyword: string): SQL => {
  const p = containsPattern(keyword);
  return sql`(${code} ILIKE ${p} OR ${name} ILIKE ${p})`;
};

/** The lazy dropdown (limit 30, spec 7) lists what a user may pick: active records only. */
export const isDropdown = (limit: number) => limit === DROPDOWN_PAGE_SIZE;

/** A decimal string (at most 4 decimals) as an exact integer count of 1/10,000ths: compares money without floats. */
export function scaled(value: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(value.trim());
  if (!m) throw new AppError('invalid_input_format', ['number', value]);
  const n = BigInt(m[2]) * 10_000n + BigInt((m[3] ?? '').padEnd(4, '0'));
  return m[1] ? -n : n;
}

export const isPositive = (value: string) => scaled(value) > 0n;

/** numeric(20,4) comes back as '1500.0000'; answer the shortest equal decimal string ('1500', '12.5'). */
export function plainDecimal(value: string | null): string | null {
  if (value === null) return null;
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/**
 * The code to save: the one typed, or for a blank code the next number of the entity's sequence from the numbering
 * service (spec 5: empty codes are auto-generated; a document template for the entity key sets the format). A
 * generated code that someone already typed by hand is skipped.
 */
export async function codeOrNext(tx: Tx, tenantId: string, entity: string, code: string, taken: (code: string) => Promise<boolean>): Promise<string> {
  return code !== '' ? code : nextCode(tx, tenantId, entity, undefined, taken);
}

/** Throws `code` when another record (not `exceptId`) has the code, case-insensitively. */
export async function assertCodeFree(
  tx: Tx, table: string, column: string, idColumn: string, code: string, exceptId: string | undefined, error: ErrorCode, extra?: SQL,
) {
  const rows = await tx.execute<{ id: string }>(sql`SELECT ${sql.identifier(idColumn)} AS id FROM ${sql.identifier(table)}
    WHERE lower(${sql.identifier(column)}) = lower(${code}) ${extra ? sql`AND ${extra}` : sql``} LIMIT 2`);
  if (rows.rows.some((r) => r.id !== exceptId)) throw new AppError(error, [code]);
}

export const XLSX_EXPORT_LIMIT = 100_000;
