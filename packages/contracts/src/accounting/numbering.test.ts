import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  datePart,
  defaultCodeFormat,
  entityShortCode,
  formatNumber,
  formatProblem,
  numberFormat,
  parseNumber,
  periodKey,
  todayInJakarta,
  type NumberFormat,
} from './numbering.ts';

const affix = fc.string({ unit: fc.constantFrom(...'ABCINVSO/-._#0123456789'.split('')), maxLength: 8 });
const validFormat: fc.Arbitrary<NumberFormat> = fc
  .record({
    prefix: affix,
    suffix: affix,
    separator: fc.constantFrom('', '/', '-', '.'),
    yearDigits: fc.constantFrom(0 as const, 2 as const, 4 as const),
    month: fc.boolean(),
    day: fc.boolean(),
    counterDigits: fc.integer({ min: 1, max: 10 }),
    reset: fc.constantFrom('never' as const, 'year' as const, 'year-month' as const),
  })
  .filter((f) => formatProblem(f) === undefined);
const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const counter = fc.integer({ min: 1, max: 10_000_000_000 });

describe('number format (issue 4)', () => {
  it('writes the example of the issue: INV/ + 2026 + 11 + / + 0001', () => {
    const f: NumberFormat = { prefix: 'INV/', suffix: '', separator: '/', yearDigits: 4, month: true, day: false, counterDigits: 4, reset: 'year-month' };
    expect(formatNumber(f, '2026-11-05', 1)).toBe('INV/202611/0001');
    expect(formatNumber({ ...f, yearDigits: 2, day: true, suffix: '-JKT' }, '2026-11-05', 42)).toBe('INV/261105/0042-JKT');
    expect(formatNumber({ ...f, yearDigits: 0, month: false, reset: 'never' }, '2026-11-05', 7)).toBe('INV/0007');
    expect(formatNumber(defaultCodeFormat('cash-bank'), '2026-11-05', 12)).toBe('CB00012');
  });

  it('reads back what it writes (format/parse round trip)', () => {
    fc.assert(
      fc.property(validFormat, isoDate, counter, (f, date, n) => {
        const parsed = parseNumber(f, formatNumber(f, date, n));
        const [y, m, d] = date.split('-');
        expect(parsed).toEqual({
          counter: n,
          ...(f.yearDigits ? { year: f.yearDigits === 4 ? y : y.slice(2) } : {}),
          ...(f.month ? { month: m } : {}),
          ...(f.day ? { day: d } : {}),
        });
      }),
    );
  });

  it('pads the counter to its width and never cuts a longer counter', () => {
    fc.assert(
      fc.property(validFormat, isoDate, counter, (f, date, n) => {
        const text = formatNumber(f, date, n);
        const dates = datePart(f, date);
        const counterText = text.slice(f.prefix.length + dates.length + (dates ? f.separator.length : 0), text.length - f.suffix.length);
        expect(counterText.length).toBe(Math.max(f.counterDigits, String(n).length));
        expect(Number(counterText)).toBe(n);
      }),
    );
  });

  it('gives distinct numbers to distinct counters of one period', () => {
    fc.assert(
      fc.property(validFormat, isoDate, counter, counter, (f, date, a, b) => {
        fc.pre(a !== b);
        expect(formatNumber(f, date, a)).not.toBe(formatNumber(f, date, b));
      }),
    );
  });

  it('keys periods by reset rule: never → one period, year → YYYY, year-month → YYYY-MM', () => {
    fc.assert(
      fc.property(isoDate, isoDate, (a, b) => {
        expect(periodKey('never', a)).toBe('');
        expect(periodKey('year', a)).toBe(a.slice(0, 4));
        expect(periodKey('year-month', a)).toBe(a.slice(0, 7));
        expect(periodKey('year', a) === periodKey('year', b)).toBe(a.slice(0, 4) === b.slice(0, 4));
        expect(periodKey('year-month', a) === periodKey('year-month', b)).toBe(a.slice(0, 7) === b.slice(0, 7));
      }),
    );
  });

  it('never gives two periods the same number when the counter restarts (valid formats show the period)', () => {
    fc.assert(
      fc.property(validFormat, isoDate, isoDate, counter, (f, a, b, n) => {
        fc.pre(periodKey(f.reset, a) !== periodKey(f.reset, b));
        // Two-digit years repeat every century; within one century the period is in the number.
        fc.pre(f.yearDigits === 4 || a.slice(0, 2) === b.slice(0, 2));
        expect(formatNumber(f, a, n)).not.toBe(formatNumber(f, b, n));
      }),
    );
  });

  it('refuses formats whose reset period is not in the number', () => {
    const base: NumberFormat = { prefix: 'X', suffix: '', separator: '', yearDigits: 0, month: false, day: false, counterDigits: 4, reset: 'never' };
    expect(formatProblem(base)).toBeUndefined();
    expect(formatProblem({ ...base, reset: 'year' })).toBe('autonumber_reset_needs_year');
    expect(formatProblem({ ...base, reset: 'year-month', yearDigits: 4 })).toBe('autonumber_reset_needs_year_month');
    expect(formatProblem({ ...base, reset: 'year-month', month: true })).toBe('autonumber_reset_needs_year_month');
    expect(formatProblem({ ...base, yearDigits: 2, day: true })).toBe('autonumber_day_needs_month');
    expect(formatProblem({ ...base, yearDigits: 2, month: true, reset: 'year-month' })).toBeUndefined();
  });

  it('refuses numbers of another format and bad counters', () => {
    const f: NumberFormat = { prefix: 'SO', suffix: '', separator: '/', yearDigits: 4, month: true, day: false, counterDigits: 4, reset: 'year-month' };
    expect(parseNumber(f, 'PO202611/0001')).toBeUndefined();
    expect(parseNumber(f, 'SO2026110001')).toBeUndefined();
    expect(parseNumber(f, 'SO202611/001')).toBeUndefined();
    expect(parseNumber(f, 'SO202611/0000')).toBeUndefined();
    expect(parseNumber(f, 'SO202611/012345')).toBeUndefined();
    expect(() => formatNumber(f, '2026-11-05', 0)).toThrow();
    expect(() => formatNumber(f, '5/11/2026', 1)).toThrow();
  });

  it('validates input: counter digits 1..10, no spaces in prefix', () => {
    const ok = { prefix: 'INV', suffix: '', yearDigits: 4, month: true, day: false, counterDigits: 4, reset: 'year' };
    expect(numberFormat.safeParse(ok).success).toBe(true);
    expect(numberFormat.safeParse({ ...ok, counterDigits: 11 }).success).toBe(false);
    expect(numberFormat.safeParse({ ...ok, counterDigits: 0 }).success).toBe(false);
    expect(numberFormat.safeParse({ ...ok, prefix: 'IN V' }).success).toBe(false);
    expect(numberFormat.safeParse({ ...ok, yearDigits: 3 }).success).toBe(false);
  });

  it('derives short codes and the Jakarta date', () => {
    expect(entityShortCode('cash-bank')).toBe('CB');
    expect(entityShortCode('warehouse')).toBe('WAR');
    expect(entityShortCode('product_category')).toBe('PC');
    // 20:00 UTC is already the next day in Jakarta (UTC+7).
    expect(todayInJakarta(new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-22');
    expect(todayInJakarta(new Date('2026-11-21T16:59:00Z'))).toBe('2026-11-21');
  });
});
