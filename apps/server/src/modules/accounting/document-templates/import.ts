import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { documentTemplateInput, NUMBER_RESETS, type DocumentTemplate } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { exportedCells, importRecords, sameFields, upsertRecord, validated, type SheetColumns } from '../../../platform/files/sheet-import.ts';
import { createDocumentTemplate, documentTemplateSheetColumns, getDocumentTemplate, setDocumentTemplateActive, updateDocumentTemplate } from './service.ts';
import { documentTemplates } from './schema.ts';

/** The headings of the document template export; its example column is for reading only. */
export const DOCUMENT_TEMPLATE_COLUMNS = {
  templateCode: { id: 'Kode', en: 'Code' },
  templateName: { id: 'Nama', en: 'Name' },
  documentType: { id: 'Jenis Dokumen', en: 'Document Type' },
  prefix: { id: 'Prefiks', en: 'Prefix' },
  suffix: { id: 'Sufiks', en: 'Suffix' },
  separator: { id: 'Pemisah', en: 'Separator' },
  yearDigits: { id: 'Digit Tahun', en: 'Year Digits' },
  month: { id: 'Bulan', en: 'Month' },
  day: { id: 'Tanggal', en: 'Day' },
  counterDigits: { id: 'Digit Penghitung', en: 'Counter Digits' },
  reset: { id: 'Reset', en: 'Reset' },
  active: { id: 'Aktif', en: 'Active' },
} satisfies SheetColumns<string>;

async function templateByCode(tx: Tx, code: string): Promise<DocumentTemplate | undefined> {
  const rows = await tx.select({ id: documentTemplates.id }).from(documentTemplates).where(sql`lower(${documentTemplates.code}) = lower(${code})`);
  return rows[0] ? getDocumentTemplate(tx, rows[0].id) : undefined;
}

/** Document templates from xlsx: upsert by code through the template service (its format rules, one template per document type). */
export function importDocumentTemplates(tx: Tx, actor: Actor, file: Readable) {
  return importRecords(tx, file, {
    columns: DOCUMENT_TEMPLATE_COLUMNS,
    required: ['templateCode', 'templateName', 'documentType', 'yearDigits', 'counterDigits', 'reset'],
    keyColumn: 'templateCode',
    stored: async (row) => {
      const code = row.text('templateCode');
      const stored = code ? await templateByCode(tx, code) : undefined;
      return stored && exportedCells(DOCUMENT_TEMPLATE_COLUMNS, documentTemplateSheetColumns('id'), stored);
    },
    columnOf: {
      document_type_code_already_exists: 'documentType', autonumber_reset_needs_year: 'reset', autonumber_reset_needs_year_month: 'reset', autonumber_day_needs_month: 'day',
    },
    parse: (row) => ({
      input: validated(documentTemplateInput, {
        templateCode: row.text('templateCode'), templateName: row.text('templateName'), documentType: row.text('documentType'),
        // Prefix, suffix and separator may be empty: a blank cell is the empty text.
        prefix: row.get('prefix'), suffix: row.get('suffix'), separator: row.get('separator'),
        yearDigits: row.int('yearDigits'), month: row.flag('month') === 'Y', day: row.flag('day') === 'Y', counterDigits: row.int('counterDigits'),
        reset: row.choice('reset', NUMBER_RESETS),
      }),
      active: row.flag('active'),
    }),
    keyOf: (v) => v.input.templateCode.toLowerCase(),
    save: async ({ input, active }, guard) => upsertRecord({
      guard,
      stored: await templateByCode(tx, input.templateCode),
      active,
      same: (d) => sameFields(d, input),
      create: () => createDocumentTemplate(tx, actor, input),
      update: (d) => updateDocumentTemplate(tx, actor, d.templateId, input),
      setActive: (d, a) => setDocumentTemplateActive(tx, actor, d.templateId, a),
    }),
  });
}
