import type { DatasetColumnType } from '@nusa/contracts';

/** Spec 9: numbers id-ID whatever the UI language; money as Rupiah without cents, percent with one decimal. */
const plain = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });
const rupiah = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });
const day = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A dataset or answer cell as the user reads it, by its column's type. */
export function formatCell(value: string | number | null, type: DatasetColumnType): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (type === 'money') return rupiah.format(value);
    if (type === 'percent') return `${percent.format(value)}%`;
    return plain.format(value);
  }
  if (type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return day.format(new Date(`${value}T00:00:00Z`));
  return value;
}

/** Right-aligned columns: the numeric types. */
export const isNumeric = (type: DatasetColumnType) => type === 'number' || type === 'money' || type === 'percent';
