import { describe, expect, it } from 'vitest';
import { documentTemplateInput, type DocumentTemplate } from '@nusa/contracts';
import { formFormat, knownFromTypePreview, nextCounter, nextPeriodStart, previewNumbers, templateFormValues, templatePayload } from './template-form.ts';

const seeded: DocumentTemplate = {
  templateId: 't1',
  templateCode: 'TPL-SI',
  templateName: 'Faktur Penjualan',
  documentType: 'SI',
  prefix: 'INV/',
  suffix: '',
  separator: '/',
  yearDigits: 4,
  month: true,
  day: false,
  counterDigits: 4,
  reset: 'year-month',
  active: 'Y',
  example: 'INV/202611/0001',
};

describe('document template form', () => {
  it('maps a template to the form and back to a valid request body', () => {
    const values = templateFormValues(seeded);
    expect(templatePayload({ ...values, prefix: ' FJ- ', templateName: ' Faktur ' })).toEqual({
      templateCode: 'TPL-SI',
      templateName: 'Faktur',
      documentType: 'SI',
      prefix: 'FJ-',
      suffix: '',
      separator: '/',
      yearDigits: 4,
      month: true,
      day: false,
      counterDigits: 4,
      reset: 'year-month',
    });
    const fresh = templateFormValues();
    expect(fresh).toMatchObject({ yearDigits: 4, month: true, reset: 'year-month', counterDigits: 4 });
    expect(
      documentTemplateInput.safeParse(templatePayload({ ...fresh, templateCode: 'TPL-QT', templateName: 'Penawaran', documentType: 'QT', prefix: 'QUO/' }))
        .success,
    ).toBe(true);
  });

  it('previews the next numbers live, continuing the counter of the same period', () => {
    const values = { ...templateFormValues(seeded), prefix: 'QUO/' };
    // The server says SI is at INV/202611/0042: the edited format continues at 42 in November …
    const known = { number: 'INV/202611/0042', period: '2026-11', format: formFormat(seeded) };
    expect(previewNumbers(values, '2026-11-21', known)).toEqual({ next: 'QUO/202611/0042', afterNext: 'QUO/202611/0043', nextPeriod: 'QUO/202612/0001' });
    // … but a format that restarts every year counts in another period, from 1.
    expect(nextCounter({ ...formFormat(values), reset: 'year' }, '2026-11-21', known)).toBe(1);
    expect(previewNumbers({ ...values, reset: 'never', yearDigits: 2, month: false, separator: '-' }, '2026-11-21', undefined)).toEqual({
      next: 'QUO/26-0001',
      afterNext: 'QUO/26-0002',
      nextPeriod: undefined,
    });
  });

  it('reads the counter of a type still on the default format, and not of a type another template serves', () => {
    const known = knownFromTypePreview({ documentType: 'gift-card', number: 'GC00007', period: '', fromTemplate: false });
    expect(nextCounter({ ...formFormat(templateFormValues()), reset: 'never' }, '2026-11-21', known)).toBe(7);
    expect(knownFromTypePreview({ documentType: 'SI', number: 'INV/202611/0042', period: '2026-11', fromTemplate: true })).toBeUndefined();
  });

  it('names the rule a format breaks instead of a number', () => {
    expect(previewNumbers({ ...templateFormValues(), yearDigits: 0 }, '2026-11-21', undefined)).toEqual({ problem: 'autonumber_reset_needs_year_month' });
    expect(previewNumbers({ ...templateFormValues(), month: false, reset: 'year', day: true }, '2026-11-21', undefined)).toEqual({
      problem: 'autonumber_day_needs_month',
    });
  });

  it('knows where the next period starts', () => {
    expect(nextPeriodStart('year-month', '2026-12-31')).toBe('2027-01-01');
    expect(nextPeriodStart('year-month', '2026-09-05')).toBe('2026-10-01');
    expect(nextPeriodStart('year', '2026-11-21')).toBe('2027-01-01');
    expect(nextPeriodStart('never', '2026-11-21')).toBeUndefined();
  });
});
