import type { DatasetColumnType } from '@nusa/contracts';

/**
 * Reading the cells of a sheet someone already keeps: Indonesian dates and numbers as people write them, the header
 * row found under any title rows, and each column's type decided from its cells. Pure functions.
 */

export type RawCell = string | number | boolean | Date | null | undefined;

const MONTHS: Record<string, number> = {
  jan: 1,
  januari: 1,
  january: 1,
  feb: 2,
  februari: 2,
  february: 2,
  peb: 2,
  mar: 3,
  maret: 3,
  march: 3,
  apr: 4,
  april: 4,
  mei: 5,
  may: 5,
  jun: 6,
  juni: 6,
  june: 6,
  jul: 7,
  juli: 7,
  july: 7,
  agu: 8,
  agt: 8,
  ags: 8,
  agustus: 8,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  okt: 10,
  oktober: 10,
  oct: 10,
  october: 10,
  nov: 11,
  nopember: 11,
  november: 11,
  des: 12,
  desember: 12,
  dec: 12,
  december: 12,
};
export const monthOf = (word: string): number | undefined => MONTHS[word.toLowerCase().replace(/\.$/, '')];

const pad = (n: number) => String(n).padStart(2, '0');
const validDate = (y: number, m: number, d: number) => {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
};
const iso = (y: number, m: number, d: number) => (validDate(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null);
const fullYear = (y: number) => (y < 100 ? 2000 + y : y);

/**
 * A date cell as YYYY-MM-DD, or null: 31/12/2025, 31-12-2025, 31.12.2025 (day first, the Indonesian order),
 * 2025-12-31 (with or without a time), 31 Des 2025, 31 Desember 2025, Desember 2025 (its first day), a Date.
 */
export function parseDateCell(raw: RawCell): string | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.toISOString().slice(0, 10);
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (m) return iso(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s+\d{1,2}[:.]\d{2}(?:[:.]\d{2})?)?$/.exec(s);
  if (m) return iso(fullYear(+m[3]), +m[2], +m[1]);
  m = /^(\d{1,2})[\s-]+([A-Za-z]+\.?)[\s-]+(\d{4})$/.exec(s);
  if (m) {
    const month = monthOf(m[2]);
    return month ? iso(+m[3], month, +m[1]) : null;
  }
  m = /^([A-Za-z]+\.?)[\s-]+(\d{4})$/.exec(s);
  if (m) {
    const month = monthOf(m[1]);
    return month ? iso(+m[2], month, 1) : null;
  }
  return null;
}

/** Excel keeps dates as day numbers since 1899-12-30; a reader without styles hands them on as numbers. */
export function excelSerialDate(n: number): string | null {
  if (!Number.isInteger(n) || n < 20000 || n > 80000) return null;
  return new Date(Date.UTC(1899, 11, 30) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Which separator is the decimal one: 'id' 1.234.567,89; 'en' 1,234,567.89. */
export type NumberStyle = 'id' | 'en';

export interface ParsedNumber {
  /** A plain decimal string (no grouping, '.' decimal): exact, for numeric columns. */
  value: string;
  money: boolean;
  percent: boolean;
}

const GROUPED = (sep: string) => new RegExp(`^\\d{1,3}(\\${sep}\\d{3})+$`);

/**
 * A number cell, or null: 1.234.567,89 and 1,234,567.89, Rp 1.234.567 / Rp1.234.567,- / IDR, 12,5%, -1.234 and
 * (1.234) for negatives. A lone separator followed by exactly three digits (1.234, 1,234) is read by `style`: in an
 * Indonesian sheet a dot groups thousands and a comma is the decimal point.
 */
export function parseNumberCell(raw: RawCell, style: NumberStyle = 'id'): ParsedNumber | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? { value: String(raw), money: false, percent: false } : null;
  if (typeof raw !== 'string') return null;
  let s = raw.trim().replace(/\u00a0/g, ' ');
  if (!s) return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  if (s.startsWith('-') || s.startsWith('−')) {
    negative = !negative;
    s = s.slice(1).trim();
  } else if (s.startsWith('+')) s = s.slice(1).trim();
  let money = false;
  const currency = /^(rp\.?|idr)\s*/i.exec(s);
  if (currency) {
    money = true;
    s = s.slice(currency[0].length);
    if (s.startsWith('-')) {
      negative = !negative;
      s = s.slice(1);
    }
  }
  if (/\s*(idr|rupiah)$/i.test(s)) {
    money = true;
    s = s.replace(/\s*(idr|rupiah)$/i, '');
  }
  s = s.replace(/[,.]-$/, '');
  let percent = false;
  if (s.endsWith('%')) {
    percent = true;
    s = s.slice(0, -1).trim();
  }
  s = s.replace(/ (?=\d{3}\b)/g, '');
  if (!/^\d[\d.,]*$/.test(s) || /[.,]$/.test(s)) return null;
  const dots = (s.match(/\./g) ?? []).length;
  const commas = (s.match(/,/g) ?? []).length;
  let int: string;
  let frac = '';
  if (dots && commas) {
    const decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const [i, f, extra] = s.split(decimal);
    if (extra !== undefined || !GROUPED(group).test(i)) return null;
    int = i.split(group).join('');
    frac = f;
  } else if (dots + commas === 0) {
    int = s;
  } else {
    const sep = dots ? '.' : ',';
    const parts = s.split(sep);
    if (parts.length > 2) {
      if (!GROUPED(sep).test(s)) return null;
      int = parts.join('');
    } else if (parts[1].length === 3 && parts[0] !== '0' && parts[0].length <= 3 && (sep === '.') === (style === 'id')) {
      int = parts.join('');
    } else {
      [int, frac] = parts;
    }
  }
  const value = `${negative ? '-' : ''}${int.replace(/^0+(?=\d)/, '')}${frac ? `.${frac}` : ''}`;
  return { value, money, percent };
}

/** The style a column's cells agree on: the first cell that can only be read one way decides; else 'id'. */
export function numberStyleOf(cells: readonly RawCell[]): NumberStyle {
  for (const c of cells) {
    if (typeof c !== 'string') continue;
    const s = c.replace(/[^\d.,]/g, '');
    const dots = (s.match(/\./g) ?? []).length;
    const commas = (s.match(/,/g) ?? []).length;
    if (dots && commas) return s.lastIndexOf('.') > s.lastIndexOf(',') ? 'en' : 'id';
    if (commas > 1) return 'en';
    if (dots > 1) return 'id';
    if (dots === 1 && !/\.\d{3}$/.test(s)) return 'en';
    if (commas === 1 && !/,\d{3}$/.test(s)) return 'id';
  }
  return 'id';
}

const isBlank = (c: RawCell) => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

/** Header words of columns that hold codes or numbers that are names (kept as text even when all digits). */
const CODE_HEADER = /\b(kode|code|id|no|nomor|number|nik|npwp|sku|telepon|telp|phone|hp|wa|zip|pos|rekening|account)\b/i;
/** Header words of columns that hold dates (an xlsx date without styles arrives as a day number). */
const DATE_HEADER = /\b(tanggal|tgl|date|tanggal transaksi|periode|period|waktu|time|hari|day)\b/i;
const MONEY_HEADER = /\b(harga|price|total|omzet|omset|penjualan|pendapatan|revenue|sales|nilai|amount|biaya|cost|laba|profit|rp|rupiah|diskon|discount)\b/i;

/** At least this share of a column's non-blank cells must read as the type (the others are reported as bad cells). */
const TYPE_AGREEMENT = 0.9;

/** A column's type from a sample of its cells (blank ones ignored) and its header. */
export function inferColumnType(cells: readonly RawCell[], header = ''): DatasetColumnType {
  const filled = cells.filter((c) => !isBlank(c));
  if (filled.length === 0) return 'text';
  const need = Math.ceil(filled.length * TYPE_AGREEMENT);
  const codeLike = CODE_HEADER.test(header);
  const dateHeader = DATE_HEADER.test(header);
  const dates = filled.filter((c) => parseDateCell(c) !== null || (dateHeader && typeof c === 'number' && excelSerialDate(c) !== null)).length;
  if (dates >= need) return 'date';
  if (codeLike) return 'text';
  const style = numberStyleOf(filled);
  const numbers = filled.map((c) => parseNumberCell(c, style)).filter((n) => n !== null);
  if (numbers.length >= need) {
    if (numbers.filter((n) => n.percent).length >= need) return 'percent';
    if (numbers.some((n) => n.money) || MONEY_HEADER.test(header)) return 'money';
    return 'number';
  }
  return 'text';
}

/** A cell read as its column's type: the stored value, null for a blank cell, or `bad` when it does not fit. */
export type Converted = { value: string | null } | { bad: true };

export function convertCell(raw: RawCell, type: DatasetColumnType, style: NumberStyle = 'id'): Converted {
  if (isBlank(raw)) return { value: null };
  switch (type) {
    case 'date': {
      const d = parseDateCell(raw) ?? (typeof raw === 'number' ? excelSerialDate(raw) : null);
      return d ? { value: d } : { bad: true };
    }
    case 'number':
    case 'money':
    case 'percent': {
      const n = parseNumberCell(raw, style);
      return n ? { value: n.value } : { bad: true };
    }
    case 'text':
      return { value: raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).trim() };
  }
}

/** A cell that reads as a label: text that is not a number or a date. */
const labelLike = (c: RawCell) => typeof c === 'string' && c.trim() !== '' && parseNumberCell(c) === null && parseDateCell(c) === null;

/**
 * The index of the header row among the first rows: the first row whose filled cells are all labels, distinct, and
 * at least two and half as many as the widest row has (title rows such as "Laporan Penjualan 2025" above it are
 * skipped), or -1.
 */
export function findHeaderRow(rows: readonly (readonly RawCell[])[]): number {
  const widest = Math.max(0, ...rows.map((r) => r.filter((c) => !isBlank(c)).length));
  for (const [i, row] of rows.entries()) {
    const filled = row.filter((c) => !isBlank(c));
    if (filled.length < Math.max(1, Math.min(2, widest), Math.ceil(widest / 2))) continue;
    if (!filled.every(labelLike)) continue;
    const names = filled.map((c) => String(c).trim().toLowerCase());
    if (new Set(names).size !== names.length) continue;
    return i;
  }
  return -1;
}
