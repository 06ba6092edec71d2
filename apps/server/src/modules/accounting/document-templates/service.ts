import { and, asc, eq, sql } from 'drizzle-orm';
import {
  defaultCodeFormat,
  formatNumber,
  formatProblem,
  numberParts,
  periodKey,
  todayInJakarta,
  type DOCUMENT_TEMPLATE_SORT,
  type DocumentTemplate,
  type NumberFormat,
  type NumberParts,
  type NumberReset,
  type SortValue,
} from '@nusa/contracts';
import { preparedQuery, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { allocateNumber, peekNumber } from '../../../platform/numbering/allocate.ts';
import { recordKit } from '../../../platform/records/kit.ts';
import { anyContains } from '../../../platform/records/query.ts';
import { defineSheet } from '../../../platform/records/sheet.ts';
import { documentTemplates } from './schema.ts';
import { caseless } from '../../../platform/db/list-order.ts';

type Row = typeof documentTemplates.$inferSelect;

const formatOf = (r: Pick<Row, 'prefix' | 'suffix' | 'separator' | 'yearDigits' | 'month' | 'day' | 'counterDigits' | 'reset'>): NumberFormat => ({
  prefix: r.prefix,
  suffix: r.suffix,
  separator: r.separator,
  yearDigits: r.yearDigits as 0 | 2 | 4,
  month: r.month,
  day: r.day,
  counterDigits: r.counterDigits,
  reset: r.reset as NumberReset,
});

const toTemplate = (r: Row): DocumentTemplate => ({
  templateId: r.id,
  templateCode: r.code,
  templateName: r.name,
  documentType: r.documentType,
  ...formatOf(r),
  active: r.active ? 'Y' : 'N',
  example: formatNumber(formatOf(r), todayInJakarta(), 1),
});

type TemplateSort = SortValue<(typeof DOCUMENT_TEMPLATE_SORT)[number]>;

const yes = (b: boolean, lang: 'id' | 'en') => (b ? (lang === 'id' ? 'Ya' : 'Yes') : lang === 'id' ? 'Tidak' : 'No');

/** The document template sheet: the export writes it, the import reads it back (the example for reading only). */
export const DOCUMENT_TEMPLATE_SHEET = defineSheet<DocumentTemplate>()({
  name: { id: 'Template Dokumen', en: 'Document Templates' },
  fields: {
    templateCode: { id: 'Kode', en: 'Code', width: 16, value: (r) => r.templateCode },
    templateName: { id: 'Nama', en: 'Name', width: 30, value: (r) => r.templateName },
    documentType: { id: 'Jenis Dokumen', en: 'Document Type', width: 16, value: (r) => r.documentType },
    prefix: { id: 'Prefiks', en: 'Prefix', value: (r) => r.prefix },
    suffix: { id: 'Sufiks', en: 'Suffix', value: (r) => r.suffix },
    separator: { id: 'Pemisah', en: 'Separator', value: (r) => r.separator },
    yearDigits: { id: 'Digit Tahun', en: 'Year Digits', value: (r) => r.yearDigits },
    month: { id: 'Bulan', en: 'Month', value: (r, lang) => yes(r.month, lang) },
    day: { id: 'Tanggal', en: 'Day', value: (r, lang) => yes(r.day, lang) },
    counterDigits: { id: 'Digit Penghitung', en: 'Counter Digits', value: (r) => r.counterDigits },
    reset: { id: 'Reset', en: 'Reset', value: (r) => r.reset },
    example: { id: 'Contoh', en: 'Example', width: 22, value: (r) => r.example, exportOnly: true },
    active: { id: 'Aktif', en: 'Active', value: (r) => r.active },
  },
});

const kit = recordKit({
  table: documentTemplates,
  module: 'accounting.document-template',
  entity: 'document-template',
  errors: { notFound: 'autonumber_not_found', codeTaken: 'autonumber_code_already_exists' },
  lockCode: 'document-template-code',
  keyword: (k) => anyContains([documentTemplates.code, documentTemplates.name, documentTemplates.documentType], k),
  sort: {
    columns: {
      code: caseless(documentTemplates.code),
      name: caseless(documentTemplates.name),
      documentType: caseless(documentTemplates.documentType),
      active: documentTemplates.active,
    },
    fallback: [asc(sql`lower(${documentTemplates.code})`)],
  },
  toRecords: (_tx, rows) => rows.map(toTemplate),
  idOf: (r) => r.templateId,
  codeOf: (r) => r.templateCode,
  sheet: DOCUMENT_TEMPLATE_SHEET,
});

export const listDocumentTemplates = (tx: Tx, f: { page: number; limit: number; keyword?: string; sort?: TemplateSort }) => kit.list(tx, f);

export const getDocumentTemplate = (tx: Tx, id: string): Promise<DocumentTemplate> => kit.get(tx, id);

/** The template of a code, any case (the import upserts by it). */
export const findDocumentTemplateByCode = (tx: Tx, code: string): Promise<DocumentTemplate | undefined> => kit.findByCode(tx, code);

export interface TemplateInput extends NumberFormat {
  templateCode: string;
  templateName: string;
  documentType: string;
}

/** A valid format, a free code and one template per document type. */
async function checkInput(tx: Tx, input: TemplateInput, exceptId?: string) {
  const problem = formatProblem(input);
  if (problem) throw new AppError(problem);
  await kit.assertCodeFree(tx, input.templateCode, exceptId);
  await lockUniqueKey(tx, `document-type:${input.documentType.toLowerCase()}`);
  const sameType = await tx
    .select({ id: documentTemplates.id })
    .from(documentTemplates)
    .where(sql`lower(${documentTemplates.documentType}) = lower(${input.documentType})`);
  if (sameType.some((r) => r.id !== exceptId)) throw new AppError('document_type_code_already_exists', [input.documentType]);
}

const columnsOf = (input: TemplateInput) => ({
  name: input.templateName,
  documentType: input.documentType,
  prefix: input.prefix,
  suffix: input.suffix,
  separator: input.separator,
  yearDigits: input.yearDigits,
  month: input.month,
  day: input.day,
  counterDigits: input.counterDigits,
  reset: input.reset,
});

export async function createDocumentTemplate(tx: Tx, actor: Actor, input: TemplateInput): Promise<DocumentTemplate> {
  await checkInput(tx, input);
  return kit.create(tx, actor, input.templateCode, columnsOf(input));
}

export async function updateDocumentTemplate(tx: Tx, actor: Actor, id: string, input: TemplateInput): Promise<DocumentTemplate> {
  await kit.get(tx, id);
  await checkInput(tx, input, id);
  return kit.update(tx, actor, id, input.templateCode, columnsOf(input));
}

export const setDocumentTemplateActive = (tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<DocumentTemplate> =>
  kit.setActive(tx, actor, id, active);

export const deleteDocumentTemplate = (tx: Tx, actor: Actor, id: string): Promise<void> => kit.remove(tx, actor, id);

/** The active template's format of a document type or entity key, if there is one. */
async function activeFormat(tx: Tx, documentType: string): Promise<NumberFormat | undefined> {
  // Every numbered create reads it: prepared once per connection.
  const rows = await preparedQuery(tx, 'nusa_active_template', (tx, name) =>
    tx
      .select()
      .from(documentTemplates)
      .where(and(sql`lower(${documentTemplates.documentType}) = lower(${sql.placeholder('documentType')})`, eq(documentTemplates.active, true)))
      .prepare(name),
  ).execute({ documentType });
  return rows[0] ? formatOf(rows[0]) : undefined;
}

/** Sequences are keyed by the lower-cased document type, like the template's unique key. */
const sequenceKey = (documentType: string) => documentType.toLowerCase();

/**
 * The next number of a document type or entity key, taken inside the caller's creating transaction: the active
 * template's format, else the default (`defaultCodeFormat`: the entity's short code and a 5-digit counter).
 * Modules call this for blank codes (`nextCode(tx, tenantId, 'cash-bank')` → 'CB00001') and document numbers.
 * `isTaken` lets a caller skip numbers a user already typed in by hand as a code; skipped numbers are consumed.
 */
export async function nextCode(
  tx: Tx,
  tenantId: string,
  entity: string,
  date: string = todayInJakarta(),
  isTaken?: (code: string) => Promise<boolean>,
): Promise<string> {
  const format = (await activeFormat(tx, entity)) ?? defaultCodeFormat(entity);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const code = await allocateNumber(tx, tenantId, { key: sequenceKey(entity), format, date });
    if (!isTaken || !(await isTaken(code))) return code;
  }
  throw new AppError('autonumber_code_already_exists', [entity]);
}

/**
 * The code to save: the one typed, or for a blank code the entity's next number (spec 5: empty codes are
 * auto-generated; a document template for the entity key sets the format). A generated code already typed by hand is skipped.
 */
export async function codeOrNext(tx: Tx, tenantId: string, entity: string, code: string, taken: (code: string) => Promise<boolean>): Promise<string> {
  return code !== '' ? code : nextCode(tx, tenantId, entity, undefined, taken);
}

/** Where a record's next number comes from when the database takes it in the statement that writes the record. */
export interface PendingNumber extends NumberParts {
  /** The counter's (key, period) in number_sequences, as `nextCode` takes it. */
  key: string;
  period: string;
}

/** What `nextCode` reads before it takes a number, for a writer that takes the number itself (documents/write.ts). */
export async function pendingNumber(tx: Tx, entity: string, date: string): Promise<PendingNumber> {
  const format = (await activeFormat(tx, entity)) ?? defaultCodeFormat(entity);
  return { key: sequenceKey(entity), period: periodKey(format.reset, date), ...numberParts(format, date) };
}

/** What `nextCode` would return for a document type on a date, without taking it. */
export async function previewNextNumber(tx: Tx, documentType: string, date: string = todayInJakarta()) {
  const template = await activeFormat(tx, documentType);
  const format = template ?? defaultCodeFormat(documentType);
  const number = await peekNumber(tx, { key: sequenceKey(documentType), format, date });
  return { documentType, number, period: periodKey(format.reset, date), fromTemplate: template !== undefined };
}

/** The next number of a stored template (even an inactive one, to check it before activating), without taking it. */
export async function previewDocumentTemplate(tx: Tx, id: string, date: string = todayInJakarta()) {
  const t = await getDocumentTemplate(tx, id);
  const format = formatOf(t);
  const number = await peekNumber(tx, { key: sequenceKey(t.documentType), format, date });
  return { documentType: t.documentType, number, period: periodKey(format.reset, date), fromTemplate: true };
}

export const exportDocumentTemplates = (tx: Tx, keyword: string | undefined, lang: 'id' | 'en', sort?: TemplateSort): Promise<Buffer> =>
  kit.exportXlsx(tx, { keyword, sort }, lang);

export { seedDocumentTemplates } from './seed.ts';
