import type { DatasetColumnType } from '@nusa/contracts';

/**
 * A stored cell as the grid's input shows it for editing, in the forms the server reads back the same: numbers with
 * a decimal comma and no grouping (1234567,89), dates as dd/mm/yyyy, text as it is.
 */
export function editText(value: string | number | null, type: DatasetColumnType): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (type === 'date') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  return value;
}

/** The cells sent for a row: a blank input is an empty cell. */
export const sentCells = (texts: readonly string[]) => texts.map((s) => (s.trim() === '' ? null : s));
