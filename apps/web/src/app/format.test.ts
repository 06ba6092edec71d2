import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { resources } from '../i18n/resources.ts';
import { formatDuration, formatNumber } from './format.ts';
import type { TextKey } from '../i18n/keys.ts';

const translator = async (lng: 'id' | 'en') => {
  const i18n = i18next.createInstance();
  await i18n.init({ resources, lng, interpolation: { escapeValue: false }, showSupportNotice: false });
  return (key: TextKey, vars?: Record<string, unknown>) => i18n.t(key, vars);
};

describe('formatDuration (spec 9)', async () => {
  const id = await translator('id');
  const en = await translator('en');

  it.each([
    [0, '0 ms', '0 ms'],
    [999, '999 ms', '999 ms'],
    [1000, '1 detik', '1 s'],
    [1500, '1,5 detik', '1,5 s'],
    [59_999, '59,9 detik', '59,9 s'],
    [60_000, '1 menit', '1 min'],
    [3_599_000, '59 menit', '59 min'],
    [3_600_000, '1 jam 0 menit', '1 h 0 min'],
    [3_600_000 + 61 * 60_000, '2 jam 1 menit', '2 h 1 min'],
    [1234 * 3_600_000, '1.234 jam 0 menit', '1.234 h 0 min'],
    [-5, '0 ms', '0 ms'],
  ])('%d ms → %s / %s', (ms, inIndonesian, inEnglish) => {
    expect(formatDuration(ms, id)).toBe(inIndonesian);
    expect(formatDuration(ms, en)).toBe(inEnglish);
  });
});

describe('formatNumber', () => {
  it('uses id-ID grouping and decimals', () => {
    expect(formatNumber(1234567.5)).toBe('1.234.567,5');
    expect(formatNumber(44)).toBe('44');
  });
});
