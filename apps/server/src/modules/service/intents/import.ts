import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { SheetImportReport } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { count, emptyReport, readSheet, reportError } from '../../../platform/files/sheet-import.ts';
import { clientRowById } from '../clients/service.ts';
import { serviceIntents } from './schema.ts';
import { addPhrases, auditIntent, INTENT_SHEET_COLUMNS } from './service.ts';

/**
 * The intents import: one row per training phrase (intent, example). An intent name the client does not have makes
 * the intent (answer action, no response text); a phrase the intent already has is counted unchanged.
 */
export async function importIntents(tx: Tx, principal: Principal, meta: { clientId: string }, file: Readable): Promise<SheetImportReport> {
  const report = emptyReport();
  const byName = new Map<string, { id: string; clientId: string }>();
  let clientId: string | undefined;
  await readSheet(file, {
    columns: INTENT_SHEET_COLUMNS,
    required: ['intent', 'example'],
    onRow: async (row, get) => {
      // The client is looked up once the sheet is known good, so a broken file fails with the sheet's own reason.
      if (!clientId) {
        clientId = (await clientRowById(tx, meta.clientId)).id;
        const stored = await tx.select({ id: serviceIntents.id, name: serviceIntents.name }).from(serviceIntents).where(eq(serviceIntents.clientId, clientId));
        for (const s of stored) byName.set(s.name.toLowerCase(), { id: s.id, clientId });
      }
      report.rows++;
      const name = get('intent').trim();
      const example = get('example').trim();
      if (!name) return reportError(report, row, 'intent', 'value_cannot_null', ['intent']);
      if (!example) return reportError(report, row, 'example', 'value_cannot_null', ['example']);
      if (name.length > 60) return reportError(report, row, 'intent', 'invalid_input_format', ['intent', 'at most 60 characters']);
      if (example.length > 500) return reportError(report, row, 'example', 'invalid_input_format', ['example', 'at most 500 characters']);
      let intent = byName.get(name.toLowerCase());
      if (!intent) {
        intent = { id: uuidv7(), clientId };
        await tx.insert(serviceIntents).values({ tenantId: principal.tenantId, id: intent.id, clientId, name });
        byName.set(name.toLowerCase(), intent);
        await auditIntent(tx, principal, 'create', intent.id, undefined, { name, source: 'import' });
      }
      count(report, (await addPhrases(tx, principal.tenantId, intent, [example], 'import')) ? 'created' : 'unchanged');
    },
  });
  if (clientId)
    await auditIntent(tx, principal, 'import', clientId, undefined, {
      rows: report.rows,
      created: report.created,
      unchanged: report.unchanged,
      errors: report.errors.length,
    });
  return report;
}
