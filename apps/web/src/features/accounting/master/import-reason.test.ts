import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { resources } from '../../../i18n/resources.ts';
import { importReasonText } from './import-reason.ts';
import type { TextKey } from '../../../i18n/keys.ts';

const translator = async (lng: 'id' | 'en') => {
  const i18n = i18next.createInstance();
  await i18n.init({ resources, lng, interpolation: { escapeValue: false }, showSupportNotice: false });
  return { t: (k: TextKey, v?: Record<string, unknown>) => i18n.t(k, v), exists: (k: string) => i18n.exists(k) };
};

describe('the reason of a refused import row', async () => {
  const id = await translator('id');
  const en = await translator('en');

  it("is only Indonesian in Indonesian: the server's English rule of a badly formatted value is left out", () => {
    const text = importReasonText('invalid_input_format', ['warrantyMonths', 'a whole number'], id.t, id.exists);
    expect(text).toBe('Nilai tidak sesuai format kolom ini');
    expect(text).not.toMatch(/whole number|warrantyMonths/);
    expect(importReasonText('invalid_input_format', ['active', 'Y or N'], id.t, id.exists)).not.toContain('Y or N');
  });

  it('says the same in English', () => {
    expect(importReasonText('invalid_input_format', ['warrantyMonths', 'a whole number'], en.t, en.exists)).toBe(
      'The value does not fit the format of this column',
    );
  });

  it('translates every other refusal from the catalogue with its arguments', () => {
    expect(importReasonText('value_cannot_null', ['Nama'], id.t, id.exists)).toBe('Nama tidak boleh kosong');
    expect(importReasonText('no_such_code_in_catalogue', [], id.t, id.exists)).toBe('no_such_code_in_catalogue');
  });
});
