import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  defaultCodeFormat, formatNumber, formatProblem, periodKey, todayInJakarta,
  type DOCUMENT_TEMPLATE_SORT, type DocumentTemplate, type NumberFormat, type NumberReset, type SortValue,
} from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { allocateNumber, peekNumber } from '../../../platform/numbering/allocate.ts';
import { writeXlsx, type XlsxColumn } from '../../../platform/files/xlsx.ts';
import { documentTemplates } from './schema.ts';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';

const MODULE = 'erp.document-template';
const EXPORT_ROW_LIMIT = 50_000;

type Row = typeof documentTemplates.$inferSelect;

const formatOf = (r: Pick<Row, 'prefix' | 'suffix' | 'separator' | 'yearDigits' | 'month' | 'day' | 'counterDigits' | 'reset'>): NumberFormat => ({
  prefix: r.prefix, suffix: r.suffix, separator: r.separator, yearDigits: r.yearDigits as 0 | 2 | 4, month: r.month, day: r.day,
  counterDigits: r.counterDigits, reset: r.reset as NumberReset,
});

const toTemplate = (r: Row): DocumentTemplate => ({
  templateId: r.id, templateCode: r.code, templateName: r.name, documentType: r.documentType, ...formatOf(r),
  active: r.active ? 'Y' : 'N', example: formatNumber(formatOf(r), todayInJakarta(), 1),
});

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function keywordCondition(keyword?: string): SQL | undefined {
  if (!keyword) return undefined;
  const p = escapeLike(keyword);
  return sql`(${documentTemplates.code} ILIKE ${p} OR ${documentTemplates.name} ILIKE ${p} OR ${documentTemplates.documentType} ILIKE ${p})`;
}

type TemplateSort = SortValue<(typeof DOCUMENT_TEMPLATE_SORT)[number]>;
const SORT_COLUMNS = {
  code: caseless(documentTemplates.code), name: caseless(documentTemplates.name), documentType: caseless(documentTemplates.documentType), active: documentTemplates.active,
};
const order = (sort?: TemplateSort) => listOrder(sort, SORT_COLUMNS, [asc(sql`lower(${documentTemplates.code})`)], documentTemplates.id);

export async function listDocumentTemplates(tx: Tx, f: { page: number; limit: number; keyword?: string; sort?: TemplateSort }) {
  const where = keywordCondition(f.keyword);
  const rows = await tx.select().from(documentTemplates).where(where).orderBy(...order(f.sort)).limit(f.limit).offset((f.page - 1) * f.limit);
  const total = await tx.select({ n: sql<number>`count(*)::int` }).from(documentTemplates).where(where);
  return { items: rows.map(toTemplate), total: total[0].n };
}

export async function getDocumentTemplate(tx: Tx, id: string): Promise<DocumentTemplate> {
  const rows = await tx.select().from(documentTemplates).where(eq(documentTemplates.id, id));
  if (!rows[0]) throw new AppError('autonumber_not_found', [id]);
  return toTemplate(rows[0]);
}

export interface TemplateInput extends NumberFormat {
  templateCode: string;
  templateName: string;
  documentType: string;
}

async function checkInput(tx: Tx, input: TemplateInput, exceptId?: string) {
  const problem = formatProblem(input);
  if (problem) throw new AppError(problem);
  await lockUniqueKey(tx, `document-template-code:${input.templateCode.toLowerCase()}`);
  await lockUniqueKey(tx, `document-type:${input.documentType.toLowerCase()}`);
  const sameCode = await tx.select({ id: documentTemplates.id }).from(documentTemplates).where(sql`lower(${documentTemplates.code}) = lower(${input.templateCode})`);
  if (sameCode.some((r) => r.id !== exceptId)) throw new AppError('autonumber_code_already_exists', [input.templateCode]);
  const sameType = await tx.select({ id: documentTemplates.id }).from(documentTemplates).where(sql`lower(${documentTemplates.documentType}) = lower(${input.documentType})`);
  if (sameType.some((r) => r.id !== exceptId)) throw new AppError('document_type_code_already_exists', [input.documentType]);
}

const columnsOf = (input: TemplateInput) => ({
  code: input.templateCode, name: input.templateName, documentType: input.documentType, prefix: input.prefix, suffix: input.suffix,
  separator: input.separator, yearDigits: input.yearDigits, month: input.month, day: input.day, counterDigits: input.counterDigits, reset: input.reset,
});

export async function createDocumentTemplate(tx: Tx, actor: Actor, input: TemplateInput): Promise<DocumentTemplate> {
  await checkInput(tx, input);
  const id = uuidv7();
  await tx.insert(documentTemplates).values({ tenantId: actor.tenantId, id, ...columnsOf(input) });
  const after = await getDocumentTemplate(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'document-template', entityId: id, after });
  return after;
}

export async function updateDocumentTemplate(tx: Tx, actor: Actor, id: string, input: TemplateInput): Promise<DocumentTemplate> {
  const before = await getDocumentTemplate(tx, id);
  await checkInput(tx, input, id);
  await tx.update(documentTemplates).set(columnsOf(input)).where(eq(documentTemplates.id, id));
  const after = await getDocumentTemplate(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'document-template', entityId: id, before, after });
  return after;
}

export async function setDocumentTemplateActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<DocumentTemplate> {
  const before = await getDocumentTemplate(tx, id);
  await tx.update(documentTemplates).set({ active: active === 'Y' }).where(eq(documentTemplates.id, id));
  const after = await getDocumentTemplate(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'document-template', entityId: id, before, after });
  return after;
}

export async function deleteDocumentTemplate(tx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await getDocumentTemplate(tx, id);
  await tx.delete(documentTemplates).where(eq(documentTemplates.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'document-template', entityId: id, before });
}

/** The active template's format of a document type or entity key, if there is one. */
async function activeFormat(tx: Tx, documentType: string): Promise<NumberFormat | undefined> {
  const rows = await tx.select().from(documentTemplates)
    .where(and(sql`lower(${documentTemplates.documentType}) = lower(${documentType})`, eq(documentTemplates.active, true)));
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
  tx: Tx, tenantId: string, entity: string, date: string = todayInJakarta(), isTaken?: (code: string) => Promise<boolean>,
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

const headers = {
  id: ['Kode', 'Nama', 'Jenis Dokumen', 'Prefiks', 'Sufiks', 'Pemisah', 'Digit Tahun', 'Bulan', 'Tanggal', 'Digit Penghitung', 'Reset', 'Contoh', 'Aktif'],
  en: ['Code', 'Name', 'Document Type', 'Prefix', 'Suffix', 'Separator', 'Year Digits', 'Month', 'Day', 'Counter Digits', 'Reset', 'Example', 'Active'],
};

export async function exportDocumentTemplates(tx: Tx, keyword: string | undefined, lang: 'id' | 'en', sort?: TemplateSort): Promise<Buffer> {
  const rows = (await tx.select().from(documentTemplates).where(keywordCondition(keyword)).orderBy(...order(sort)).limit(EXPORT_ROW_LIMIT)).map(toTemplate);
  return writeXlsx<DocumentTemplate>(lang === 'id' ? 'Template Dokumen' : 'Document Templates', documentTemplateSheetColumns(lang), rows);
}

/** The export's columns; the import reads a stored template's cells from them too. */
export function documentTemplateSheetColumns(lang: 'id' | 'en'): XlsxColumn<DocumentTemplate>[] {
  const h = headers[lang];
  const yes = (b: boolean) => (b ? (lang === 'id' ? 'Ya' : 'Yes') : lang === 'id' ? 'Tidak' : 'No');
  return [
    { header: h[0], width: 16, value: (r) => r.templateCode },
    { header: h[1], width: 30, value: (r) => r.templateName },
    { header: h[2], width: 16, value: (r) => r.documentType },
    { header: h[3], value: (r) => r.prefix },
    { header: h[4], value: (r) => r.suffix },
    { header: h[5], value: (r) => r.separator },
    { header: h[6], value: (r) => r.yearDigits },
    { header: h[7], value: (r) => yes(r.month) },
    { header: h[8], value: (r) => yes(r.day) },
    { header: h[9], value: (r) => r.counterDigits },
    { header: h[10], value: (r) => r.reset },
    { header: h[11], width: 22, value: (r) => r.example },
    { header: h[12], value: (r) => r.active },
  ];
}
