import type { Readable } from 'node:stream';
import { documentTemplateInput, NUMBER_RESETS } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { sameFields, validated } from '../../../platform/files/sheet-import.ts';
import { importSheet } from '../../../platform/records/import.ts';
import { createDocumentTemplate, DOCUMENT_TEMPLATE_SHEET, findDocumentTemplateByCode, setDocumentTemplateActive, updateDocumentTemplate } from './service.ts';

/** Document templates from xlsx: upsert by code through the template service (its format rules, one template per document type). */
export function importDocumentTemplates(tx: Tx, actor: Actor, file: Readable) {
  return importSheet(tx, file, DOCUMENT_TEMPLATE_SHEET, {
    required: ['templateCode', 'templateName', 'documentType', 'yearDigits', 'counterDigits', 'reset'],
    keyColumn: 'templateCode',
    find: (code) => findDocumentTemplateByCode(tx, code),
    columnOf: {
      document_type_code_already_exists: 'documentType',
      autonumber_reset_needs_year: 'reset',
      autonumber_reset_needs_year_month: 'reset',
      autonumber_day_needs_month: 'day',
    },
    parse: (row) => ({
      input: validated(documentTemplateInput, {
        templateCode: row.text('templateCode'),
        templateName: row.text('templateName'),
        documentType: row.text('documentType'),
        // Prefix, suffix and separator may be empty: a blank cell is the empty text.
        prefix: row.get('prefix'),
        suffix: row.get('suffix'),
        separator: row.get('separator'),
        yearDigits: row.int('yearDigits'),
        month: row.flag('month') === 'Y',
        day: row.flag('day') === 'Y',
        counterDigits: row.int('counterDigits'),
        reset: row.choice('reset', NUMBER_RESETS),
      }),
      active: row.flag('active'),
    }),
    codeOf: (input) => input.templateCode,
    same: (d, input) => sameFields(d, input),
    create: (input) => createDocumentTemplate(tx, actor, input),
    update: (d, input) => updateDocumentTemplate(tx, actor, d.templateId, input),
    setActive: (d, a) => setDocumentTemplateActive(tx, actor, d.templateId, a),
  });
}
