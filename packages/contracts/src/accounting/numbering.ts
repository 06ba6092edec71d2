import { z } from 'zod';
import { XLSX_CONTENT_TYPE, defineEndpoint, listOf, listQuery, sortBy } from '../endpoint.ts';
import type { ErrorCode } from '../errors.ts';
import { importEndpoint } from './sheet-import.ts';

/**
 * Automatic numbering (spec 5, issue 4). A number is laid out as
 *
 *     prefix + [year][month][day] + separator + counter + suffix
 *
 * - year is 4 digits (2026), 2 digits (26) or left out; month (11) and day (05) are 2 digits each when shown;
 *   the date parts are written together, without anything between them;
 * - the separator is written only when at least one date part is shown, so `INV/` + 2026 + 11 + `/` + 0001 gives
 *   `INV/202611/0001` and a format without date parts gives `CB00001`;
 * - the counter is zero-padded to `counterDigits`; a counter that outgrows its width is written in full (10000 with
 *   4 digits) rather than refused, so a busy sequence never blocks a business transaction;
 * - the counter restarts at 1 per period: never, per year, or per year-month (`periodKey`).
 *
 * A reset per year needs the year in the number and a reset per year-month needs year and month, otherwise two
 * periods would produce the same numbers; the day needs the month. `formatProblem` checks this.
 */
export const YEAR_DIGITS = [0, 2, 4] as const;
export const NUMBER_RESETS = ['never', 'year', 'year-month'] as const;
export type NumberReset = (typeof NUMBER_RESETS)[number];

/** Characters allowed in prefix, suffix and separator: no spaces (spec 8 "spaces not allowed in some fields"). */
export const NUMBER_AFFIX_PATTERN = /^[A-Za-z0-9./\-_#]*$/;

export const numberFormat = z.object({
  prefix: z.string().trim().max(20).regex(NUMBER_AFFIX_PATTERN, 'letters, digits and . / - _ #, no spaces'),
  suffix: z.string().trim().max(20).regex(NUMBER_AFFIX_PATTERN, 'letters, digits and . / - _ #, no spaces'),
  separator: z.string().max(3).regex(NUMBER_AFFIX_PATTERN, 'letters, digits and . / - _ #, no spaces').default(''),
  yearDigits: z.union([z.literal(0), z.literal(2), z.literal(4)]),
  month: z.boolean(),
  day: z.boolean(),
  counterDigits: z.number().int().min(1).max(10),
  reset: z.enum(NUMBER_RESETS),
});
export type NumberFormat = z.output<typeof numberFormat>;

/** A business date as YYYY-MM-DD. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function splitDate(date: string): { y: string; m: string; d: string } {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return { y: m[1], m: m[2], d: m[3] };
}

/** The error code of the first rule a format breaks (see the layout above), or undefined. */
export function formatProblem(f: NumberFormat): ErrorCode | undefined {
  if (f.reset === 'year' && f.yearDigits === 0) return 'autonumber_reset_needs_year';
  if (f.reset === 'year-month' && (f.yearDigits === 0 || !f.month)) return 'autonumber_reset_needs_year_month';
  if (f.day && !f.month) return 'autonumber_day_needs_month';
  return undefined;
}

/** The sequence period a date falls in: '' (never resets), 'YYYY' or 'YYYY-MM'. */
export function periodKey(reset: NumberReset, date: string): string {
  const { y, m } = splitDate(date);
  if (reset === 'year') return y;
  if (reset === 'year-month') return `${y}-${m}`;
  return '';
}

/** The date parts of a number, e.g. '202611' for 4-digit year and month. */
export function datePart(f: Pick<NumberFormat, 'yearDigits' | 'month' | 'day'>, date: string): string {
  const { y, m, d } = splitDate(date);
  return (f.yearDigits === 4 ? y : f.yearDigits === 2 ? y.slice(2) : '') + (f.month ? m : '') + (f.day ? d : '');
}

/**
 * A number on a date without its counter: `head`, the counter padded to `counterDigits`, `tail`. The database fills
 * the counter in when the number is taken in the same statement that writes the record (documents' numbering).
 */
export interface NumberParts {
  head: string;
  counterDigits: number;
  tail: string;
}

export function numberParts(f: NumberFormat, date: string): NumberParts {
  const dates = datePart(f, date);
  return { head: `${f.prefix}${dates}${dates ? f.separator : ''}`, counterDigits: f.counterDigits, tail: f.suffix };
}

export function formatNumber(f: NumberFormat, date: string, counter: number): string {
  if (!Number.isSafeInteger(counter) || counter < 1) throw new Error(`counter must be a positive integer: ${counter}`);
  const { head, counterDigits, tail } = numberParts(f, date);
  return `${head}${String(counter).padStart(counterDigits, '0')}${tail}`;
}

export interface ParsedNumber {
  year?: string;
  month?: string;
  day?: string;
  counter: number;
}

/** Reads a number written by `formatNumber` with the same format back into its parts; undefined when it does not fit. */
export function parseNumber(f: NumberFormat, text: string): ParsedNumber | undefined {
  if (!text.startsWith(f.prefix) || !text.endsWith(f.suffix) || text.length < f.prefix.length + f.suffix.length) return undefined;
  let rest = text.slice(f.prefix.length, text.length - f.suffix.length);
  const out: Partial<ParsedNumber> = {};
  const take = (n: number) => {
    const part = rest.slice(0, n);
    if (part.length !== n || !/^\d+$/.test(part)) return undefined;
    rest = rest.slice(n);
    return part;
  };
  if (f.yearDigits) {
    out.year = take(f.yearDigits);
    if (out.year === undefined) return undefined;
  }
  if (f.month) {
    out.month = take(2);
    if (out.month === undefined) return undefined;
  }
  if (f.day) {
    out.day = take(2);
    if (out.day === undefined) return undefined;
  }
  if (f.yearDigits || f.month || f.day) {
    if (!rest.startsWith(f.separator)) return undefined;
    rest = rest.slice(f.separator.length);
  }
  if (!/^\d+$/.test(rest) || rest.length < f.counterDigits) return undefined;
  // Padding only ever fills the configured width: a longer counter has no leading zero.
  if (rest.length > f.counterDigits && rest.startsWith('0')) return undefined;
  const counter = Number(rest);
  if (!Number.isSafeInteger(counter) || counter < 1) return undefined;
  return { ...out, counter };
}

/** Short code of an entity key for its default prefix: initials of a multi-word key ('cash-bank' → 'CB'), else its first three letters. */
export function entityShortCode(entity: string): string {
  const words = entity.split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (words.length === 0) throw new Error('entity key is empty');
  const code = words.length > 1 ? words.map((w) => w[0]).join('') : words[0].slice(0, 3);
  return code.toUpperCase();
}

/** The format of blank codes of an entity without a document template: short code + 5-digit counter, never reset. */
export const defaultCodeFormat = (entity: string): NumberFormat => ({
  prefix: entityShortCode(entity),
  suffix: '',
  separator: '',
  yearDigits: 0,
  month: false,
  day: false,
  counterDigits: 5,
  reset: 'never',
});

/** Today's business date in Indonesia's western time zone (WIB, Asia/Jakarta), as YYYY-MM-DD. */
export function todayInJakarta(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

// ---- Document templates: the numbering format of each document type or entity key (issue 4) ----

const MASTER_READ = ['readOnlyErpMaster', 'createEditErpMaster', 'writeAllErpMaster', 'readOnlyErpAll', 'createEditErpAll', 'writeAllErpAll'] as const;
const MASTER_EDIT = ['createEditErpMaster', 'writeAllErpMaster', 'createEditErpAll', 'writeAllErpAll'] as const;
const MASTER_FULL = ['writeAllErpMaster', 'writeAllErpAll'] as const;

/** A document type starts with a letter or digit: its default number prefix is made of its letters and digits. */
export const DOCUMENT_TYPE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
export const TEMPLATE_CODE_PATTERN = /^[A-Za-z0-9._-]+$/;

export const documentTemplate = z.object({
  templateId: z.string(),
  templateCode: z.string(),
  templateName: z.string(),
  documentType: z.string(),
  prefix: z.string(),
  suffix: z.string(),
  separator: z.string(),
  yearDigits: z.union([z.literal(0), z.literal(2), z.literal(4)]),
  month: z.boolean(),
  day: z.boolean(),
  counterDigits: z.number(),
  reset: z.enum(NUMBER_RESETS),
  active: z.enum(['Y', 'N']),
  /** The first number of today's period in this format, to show what the numbers look like. */
  example: z.string(),
});
export type DocumentTemplate = z.infer<typeof documentTemplate>;

export const documentTemplateInput = numberFormat.extend({
  templateCode: z.string().trim().min(1).max(30).regex(TEMPLATE_CODE_PATTERN, 'letters, digits, dot, dash or underscore, no spaces'),
  templateName: z.string().trim().min(1).max(100),
  /** A document type or entity key: what `nextCode` and document numbering look templates up by, e.g. `cash-bank`, `SO`. */
  documentType: z.string().trim().min(1).max(30).regex(DOCUMENT_TYPE_PATTERN, 'letters, digits, dash or underscore, starting with a letter or digit'),
});
export type DocumentTemplateInput = z.input<typeof documentTemplateInput>;

export const numberPreview = z.object({ documentType: z.string(), number: z.string(), period: z.string(), fromTemplate: z.boolean() });

/** The document template list's sort fields (its table's columns). */
export const DOCUMENT_TEMPLATE_SORT = ['code', 'name', 'documentType', 'active'] as const;

const templateId = z.object({ templateId: z.uuid() });
const YN_BODY = z.object({ active: z.enum(['Y', 'N']) });

export const documentTemplateEndpoints = {
  listDocumentTemplates: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/document-templates',
    access: MASTER_READ,
    summary: 'Document templates (numbering formats per document type)',
    query: listQuery.extend({ sort: sortBy(DOCUMENT_TEMPLATE_SORT) }),
    response: listOf(documentTemplate),
  }),
  exportDocumentTemplates: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/document-templates/export',
    access: MASTER_READ,
    summary: 'Document templates as an xlsx file',
    query: z.object({ keyword: z.string().trim().max(100).optional(), sort: sortBy(DOCUMENT_TEMPLATE_SORT), lang: z.enum(['id', 'en']).default('id') }),
    response: z.custom<Uint8Array>(),
    file: { contentType: XLSX_CONTENT_TYPE },
  }),
  importDocumentTemplates: importEndpoint('/v1/erp/document-templates', 'document template', MASTER_EDIT),
  previewNextNumber: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/document-templates/next',
    access: MASTER_READ,
    summary: 'The next number of a document type on a date (its template, else the default format), without taking it',
    query: z.object({ documentType: z.string().trim().min(1).max(30).regex(DOCUMENT_TYPE_PATTERN), date: z.iso.date().optional() }),
    response: numberPreview,
  }),
  getDocumentTemplate: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/document-templates/{templateId}',
    access: MASTER_READ,
    summary: 'One document template',
    params: templateId,
    response: documentTemplate,
  }),
  previewDocumentTemplate: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/document-templates/{templateId}/preview',
    access: MASTER_READ,
    summary: 'The next number of this template on a date (default today, WIB), without taking it',
    params: templateId,
    query: z.object({ date: z.iso.date().optional() }),
    response: numberPreview,
  }),
  createDocumentTemplate: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/document-templates',
    access: MASTER_EDIT,
    summary: 'Create a document template',
    body: documentTemplateInput,
    response: documentTemplate,
  }),
  updateDocumentTemplate: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/document-templates/{templateId}',
    access: MASTER_EDIT,
    summary: 'Edit a document template; numbers already given stay, the counter of the document type continues',
    params: templateId,
    body: documentTemplateInput,
    response: documentTemplate,
  }),
  setDocumentTemplateActive: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/document-templates/{templateId}/active',
    access: MASTER_EDIT,
    summary: 'Activate (Y) or deactivate (N); an inactive template leaves its document type on the default format',
    params: templateId,
    body: YN_BODY,
    response: documentTemplate,
  }),
  deleteDocumentTemplate: defineEndpoint({
    method: 'DELETE',
    path: '/v1/erp/document-templates/{templateId}',
    access: MASTER_FULL,
    summary: 'Delete a document template (its counters stay, so numbers are never given twice)',
    params: templateId,
    response: z.object({ ok: z.literal(true) }),
  }),
};
