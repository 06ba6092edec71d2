import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { resources } from '../i18n/resources.ts';
import { formatFor } from './format.ts';
import type { TextKey } from '../i18n/keys.ts';

const translator = async (lng: 'id' | 'en') => {
  const i18n = i18next.createInstance();
  await i18n.init({ resources, lng, interpolation: { escapeValue: false }, showSupportNotice: false });
  return (key: TextKey, vars?: Record<string, unknown>) => i18n.t(key, vars);
};

/** Intl writes no-break spaces; the expectations are easier to read with plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const id = formatFor('id');
const en = formatFor('en');

describe('formatFor: numbers and money in the interface language', () => {
  it.each([
    ['number', () => [id.number(1234567.5), en.number(1234567.5)], ['1.234.567,5', '1,234,567.5']],
    ['number rounded', () => [id.number(2 / 3), en.number(2 / 3, 1)], ['0,67', '0.7']],
    ['money whole', () => [id.money('1722000.0000'), en.money('1722000.0000')], ['Rp 1.722.000', 'Rp 1,722,000']],
    ['money with cents', () => [id.money('1234.5'), en.money('1234.5')], ['Rp 1.234,50', 'Rp 1,234.50']],
    ['money to the stored precision', () => [id.money('0.0035'), en.money('0.0035')], ['Rp 0,0035', 'Rp 0.0035']],
    [
      'money beyond a float',
      () => [id.money('90071992547409931.0000'), en.money('90071992547409931')],
      ['Rp 90.071.992.547.409.931', 'Rp 90,071,992,547,409,931'],
    ],
    ['money negative', () => [id.money(-56670000), en.money(-56670000)], ['-Rp 56.670.000', '-Rp 56,670,000']],
    ['money in another currency', () => [id.money('1250.5', 'USD'), en.money('1250.5', 'USD')], ['USD 1.250,50', 'USD 1,250.50']],
    ['money rounded', () => [id.moneyRounded(1250.4), en.moneyRounded(0.125)], ['Rp 1.250', 'Rp 0.13']],
    ['decimal', () => [id.decimal('1234567.5'), en.decimal('1234567.5')], ['1.234.567,5', '1,234,567.5']],
    ['decimal with cents', () => [id.decimal('-1234567.5', true), en.decimal('0012', true)], ['-1.234.567,50', '12']],
    [
      'decimal beyond a float',
      () => [id.decimal('12345678901234567.0001'), en.decimal('12345678901234567.0001')],
      ['12.345.678.901.234.567,0001', '12,345,678,901,234,567.0001'],
    ],
    ['not a decimal stays', () => [id.decimal('abc'), en.decimal('1,5')], ['abc', '1,5']],
    ['compact', () => [id.compact(35_000_000), en.compact(35_000_000)], ['35 jt', '35M']],
    ['money compact', () => [id.moneyCompact(1_700), en.moneyCompact(1_700)], ['Rp 1,7 rb', 'Rp 1.7K']],
    ['percent', () => [id.percent(54.8), en.percent(20)], ['54,8%', '20%']],
    ['percent decimals', () => [id.percent(12.345, 2), en.percent(12.345, 2)], ['12,35%', '12.35%']],
  ])('%s', (_, run, expected) => {
    expect(run().map(plain)).toEqual(expected);
  });

  it('refuses money that is not a decimal string', () => {
    expect(() => en.money('1,5')).toThrow(/not a decimal/);
    expect(() => id.money('')).toThrow(/not a decimal/);
  });
});

describe('formatFor: dates and months in the interface language', () => {
  it('writes dates and moments with the language’s month names', () => {
    expect(id.date('2026-05-03')).toBe('3 Mei 2026');
    expect(en.date('2026-05-03')).toBe('3 May 2026');
    expect(id.dateTime(new Date(2026, 7, 17, 9, 5, 7))).toBe('17 Agt 2026, 09:05');
    expect(en.dateTime(new Date(2026, 7, 17, 9, 5, 7), true)).toBe('17 Aug 2026, 09:05:07');
  });

  it('writes months from YYYY-MM, YYYYMM or a date', () => {
    expect(id.month('2026-10')).toBe('Okt 2026');
    expect(en.month('202610')).toBe('Oct 2026');
    expect(id.month('2026-12-31', true)).toBe('Desember 2026');
    expect(en.month('2026-01', true)).toBe('January 2026');
  });

  it('keeps one formatter per language', () => {
    expect(formatFor('en')).toBe(en);
    expect(en.locale).toBe('en-US');
    expect(id.locale).toBe('id-ID');
  });
});

describe('formatFor: durations (spec 9)', async () => {
  const tid = await translator('id');
  const ten = await translator('en');

  it.each([
    [0, '0 ms', '0 ms'],
    [999, '999 ms', '999 ms'],
    [1000, '1 detik', '1 s'],
    [1500, '1,5 detik', '1.5 s'],
    [59_999, '59,9 detik', '59.9 s'],
    [60_000, '1 menit', '1 min'],
    [3_599_000, '59 menit', '59 min'],
    [3_600_000, '1 jam 0 menit', '1 h 0 min'],
    [3_600_000 + 61 * 60_000, '2 jam 1 menit', '2 h 1 min'],
    [1234 * 3_600_000, '1.234 jam 0 menit', '1,234 h 0 min'],
    [-5, '0 ms', '0 ms'],
  ])('%d ms → %s / %s', (ms, inIndonesian, inEnglish) => {
    expect(id.duration(ms, tid)).toBe(inIndonesian);
    expect(en.duration(ms, ten)).toBe(inEnglish);
  });
});
