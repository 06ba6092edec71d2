import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { resources } from '../../i18n/resources.ts';
import { formatSessionDuration } from './session-duration.ts';
import { formatFor } from '../../app/format.ts';
import type { TextKey } from '../../i18n/keys.ts';

const translator = async (lng: 'id' | 'en') => {
  const i18n = i18next.createInstance();
  await i18n.init({ resources, lng, interpolation: { escapeValue: false }, showSupportNotice: false });
  return (key: TextKey, vars?: Record<string, unknown>) => i18n.t(key, vars);
};

describe('formatSessionDuration', async () => {
  const id = await translator('id');
  const en = await translator('en');

  it.each([
    [0, 'kurang dari 1 menit', 'under 1 min'],
    [59, 'kurang dari 1 menit', 'under 1 min'],
    [-3, 'kurang dari 1 menit', 'under 1 min'],
    [60, '1 menit', '1 min'],
    [59 * 60 + 59, '59 menit', '59 min'],
    [3600, '1 jam', '1 h'],
    [2 * 3600 + 5 * 60 + 30, '2 jam 5 menit', '2 h 5 min'],
    [23 * 3600 + 59 * 60, '23 jam 59 menit', '23 h 59 min'],
    [24 * 3600, '24 jam', '24 h'],
    [3 * 86400 + 4 * 3600 + 59 * 60 + 59, '76 jam 59 menit', '76 h 59 min'],
    [1500 * 3600 + 60, '1.500 jam 1 menit', '1,500 h 1 min'],
  ])('%d s → %s / %s', (seconds, inIndonesian, inEnglish) => {
    expect(formatSessionDuration(seconds, id, formatFor('id'))).toBe(inIndonesian);
    expect(formatSessionDuration(seconds, en, formatFor('en'))).toBe(inEnglish);
  });
});
