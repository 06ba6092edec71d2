import type { DatasetColumnType } from '@nusa/contracts';
import type { Format } from '../../app/format.ts';

/**
 * A dataset or answer cell as the user reads it, by its column's type, in the interface language (`f`): money as
 * whole Rupiah, percent with one decimal, dates with the month's name.
 */
export function formatCell(value: string | number | null, type: DatasetColumnType, f: Format): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (type === 'money') return f.money(Math.round(value));
    if (type === 'percent') return f.percent(value);
    return f.number(value);
  }
  if (type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return f.date(value);
  return value;
}

/** Right-aligned columns: the numeric types. */
export const isNumeric = (type: DatasetColumnType) => type === 'number' || type === 'money' || type === 'percent';
