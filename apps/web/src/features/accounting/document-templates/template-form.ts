import {
  DOCUMENT_TYPE_PATTERN,
  defaultCodeFormat,
  formatNumber,
  formatProblem,
  parseNumber,
  periodKey,
  type DocumentTemplate,
  type DocumentTemplateInput,
  type ErrorCode,
  type NumberFormat,
  type NumberReset,
} from '@nusa/contracts';

/** What the template dialog edits. */
export interface TemplateFormValues {
  templateCode: string;
  templateName: string;
  documentType: string;
  prefix: string;
  suffix: string;
  separator: string;
  yearDigits: 0 | 2 | 4;
  month: boolean;
  day: boolean;
  counterDigits: number | null;
  reset: NumberReset;
}

/** A new template starts as the common monthly layout, e.g. INV/202611/0001. */
const NEW_TEMPLATE: TemplateFormValues = {
  templateCode: '',
  templateName: '',
  documentType: '',
  prefix: '',
  suffix: '',
  separator: '/',
  yearDigits: 4,
  month: true,
  day: false,
  counterDigits: 4,
  reset: 'year-month',
};

export function templateFormValues(template?: DocumentTemplate): TemplateFormValues {
  if (!template) return { ...NEW_TEMPLATE };
  const { templateCode, templateName, documentType, prefix, suffix, separator, yearDigits, month, day, counterDigits, reset } = template;
  return { templateCode, templateName, documentType, prefix, suffix, separator, yearDigits, month, day, counterDigits, reset };
}

/** The numbering format the form describes (blank fields as the server would trim them). */
export function formFormat(v: Partial<TemplateFormValues>): NumberFormat {
  return {
    prefix: (v.prefix ?? '').trim(),
    suffix: (v.suffix ?? '').trim(),
    separator: v.separator ?? '',
    yearDigits: v.yearDigits ?? 0,
    month: Boolean(v.month),
    day: Boolean(v.day),
    counterDigits: v.counterDigits ?? 1,
    reset: v.reset ?? 'never',
  };
}

export function templatePayload(v: TemplateFormValues): DocumentTemplateInput {
  return { ...formFormat(v), templateCode: v.templateCode.trim(), templateName: v.templateName.trim(), documentType: v.documentType.trim() };
}

export const isDocumentType = (text: string | undefined) => Boolean(text && text.length <= 30 && DOCUMENT_TYPE_PATTERN.test(text));

/** A server preview of the document type's next number, with the format that number was written in. */
export interface KnownNumber {
  number: string;
  period: string;
  format: NumberFormat;
}

/** The format a `previewNextNumber` answer was written in, when we know it: the default one when no template serves the type. */
export function knownFromTypePreview(preview: { number: string; period: string; fromTemplate: boolean; documentType: string }): KnownNumber | undefined {
  return preview.fromTemplate ? undefined : { number: preview.number, period: preview.period, format: defaultCodeFormat(preview.documentType) };
}

/**
 * The counter the next number of the edited format gets on `date`: the document type's counters are kept per
 * period, so the server's next counter carries over only while the edited format falls in the same period.
 */
export function nextCounter(format: NumberFormat, date: string, known: KnownNumber | undefined): number {
  if (!known || known.period !== periodKey(format.reset, date)) return 1;
  return parseNumber(known.format, known.number)?.counter ?? 1;
}

/** The first day of the period after the one `date` is in; undefined for a counter that never restarts. */
export function nextPeriodStart(reset: NumberReset, date: string): string | undefined {
  const [y, m] = date.split('-').map(Number);
  if (reset === 'year') return `${y + 1}-01-01`;
  if (reset === 'year-month') return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return undefined;
}

export type NumberPreview = { problem: ErrorCode } | { problem?: undefined; next: string; afterNext: string; nextPeriod?: string };

/** What the live preview shows: the rule the format breaks, or its next numbers and the first of the next period. */
export function previewNumbers(values: Partial<TemplateFormValues>, date: string, known: KnownNumber | undefined): NumberPreview {
  const format = formFormat(values);
  const problem = formatProblem(format);
  if (problem) return { problem };
  const counter = nextCounter(format, date, known);
  const start = nextPeriodStart(format.reset, date);
  return {
    next: formatNumber(format, date, counter),
    afterNext: formatNumber(format, date, counter + 1),
    nextPeriod: start ? formatNumber(format, start, 1) : undefined,
  };
}
