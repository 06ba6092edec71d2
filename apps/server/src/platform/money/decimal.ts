import Decimal from 'decimal.js';
import { AppError } from '../errors/app-error.ts';

/**
 * The one money type (docs/decisions/001-money.md): numeric(20,4) in SQL, `Money` (decimal.js) for arithmetic in
 * TypeScript, and a canonical decimal string ('1250000.5', never a JS number) in JSON, sheets and logs. Quantities,
 * factors and rates are the same type. Rounding is half away from zero, as PostgreSQL rounds numeric.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Money = InstanceType<typeof Money>;

/** Digits a stored amount keeps after the point (numeric(20,4)) and before it (20 - 4). */
export const SCALE = 4;
export const WHOLE_DIGITS = 16;

const DECIMAL_STRING = /^-?\d+(?:\.\d+)?$/;

/** A decimal string ('-12.5') as Money; anything else (a float's exponent form, '1e3', '', 'NaN') is invalid_input_format. */
export function money(value: string): Money {
  const text = value.trim();
  if (!DECIMAL_STRING.test(text)) throw new AppError('invalid_input_format', ['number', value]);
  return new Money(text);
}

/** Money as it crosses JSON: rounded to SCALE places, the shortest equal text ('1500', '12.5', '-0.5', '0'). */
export function toDecimalString(value: Money): string {
  const text = value.toDecimalPlaces(SCALE).toFixed();
  return text === '-0' ? '0' : text;
}

/** Whether an amount fits numeric(20,4) exactly (at most 16 digits before the point and 4 after). */
export const fitsNumeric = (value: Money) => value.decimalPlaces() <= SCALE && value.abs().lt(new Money(10).pow(WHOLE_DIGITS));

export const isPositive = (value: string) => money(value).gt(0);

/**
 * numeric(20,4) as PostgreSQL answers it ('1500.0000', '-0.5000') in the JSON form ('1500', '-0.5'); null stays null.
 * Text only: PostgreSQL's text is already exact, and a list or an export of 100,000 rows pays no Money per cell.
 */
export function plainDecimal(value: string | null): string | null {
  if (value === null || !value.includes('.')) return value;
  return value.replace(/\.?0+$/, '');
}
