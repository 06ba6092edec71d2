import { AppError } from '../errors/app-error.ts';

/**
 * Amounts as docs/decisions/001-money.md sets them: numeric(20,4) in SQL, canonical decimal strings in JSON and
 * sheets, and exact arithmetic in TypeScript, never a JS float.
 */

/** A decimal string (at most 4 decimals) as an exact integer count of 1/10,000ths: compares amounts without floats. */
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
