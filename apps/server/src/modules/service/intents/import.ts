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

interface SheetIntent {
  id: string;
  clientId: string;
  responseText: string;
  /** The row of this file that set the answer, if one did. */
  answeredOn?: number;
}

/**
 * The intents import: one row per training phrase (intent, example, optionally answer). An intent name the client
 * does not have makes the intent (answer action). An answer cell sets the intent's response text; one file gives an
 * intent one answer (a different one later is refused for that row), and a blank cell keeps the stored one. A row is
 * created when its phrase is new, updated when only its answer changed the intent, else unchanged.
 */
export async function importIntents(tx: Tx, principal: Principal, meta: { clientId: string }, file: Readable): Promise<SheetImportReport> {
  const report = emptyReport();
  const byName = new Map<string, SheetIntent>();
  let clientId: string | undefined;
  await readSheet(file, {
    columns: INTENT_SHEET_COLUMNS,
    required: ['intent', 'example'],
    onRow: async (row, get) => {
      // The client is looked up once the sheet is known good, so a broken file fails with the sheet's own reason.
      if (!clientId) {
        clientId = (await clientRowById(tx, meta.clientId)).id;
        const stored = await tx
          .select({ id: serviceIntents.id, name: serviceIntents.name, responseText: serviceIntents.responseText })
          .from(serviceIntents)
          .where(eq(serviceIntents.clientId, clientId));
        for (const s of stored) byName.set(s.name.toLowerCase(), { id: s.id, clientId, responseText: s.responseText });
      }
      report.rows++;
      const name = get('intent').trim();
      const example = get('example').trim();
      const answer = get('answer').trim();
      if (!name) return reportError(report, row, 'intent', 'value_cannot_null', ['intent']);
      if (!example) return reportError(report, row, 'example', 'value_cannot_null', ['example']);
      if (name.length > 60) return reportError(report, row, 'intent', 'invalid_input_format', ['intent', 'at most 60 characters']);
      if (example.length > 500) return reportError(report, row, 'example', 'invalid_input_format', ['example', 'at most 500 characters']);
      if (answer.length > 2000) return reportError(report, row, 'answer', 'invalid_input_format', ['answer', 'at most 2000 characters']);
      let intent = byName.get(name.toLowerCase());
      if (answer && intent?.answeredOn !== undefined && intent.responseText !== answer)
        return reportError(report, row, 'answer', 'service_intent_answer_conflict', [name, intent.answeredOn]);
      let answerChanged = false;
      if (!intent) {
        intent = { id: uuidv7(), clientId, responseText: answer, answeredOn: answer ? row : undefined };
        await tx.insert(serviceIntents).values({ tenantId: principal.tenantId, id: intent.id, clientId, name, responseText: answer });
        byName.set(name.toLowerCase(), intent);
        await auditIntent(tx, principal, 'create', intent.id, undefined, { name, responseText: answer, source: 'import' });
      } else if (answer && intent.answeredOn === undefined) {
        intent.answeredOn = row;
        if (intent.responseText !== answer) {
          await tx.update(serviceIntents).set({ responseText: answer, updatedAt: new Date() }).where(eq(serviceIntents.id, intent.id));
          await auditIntent(tx, principal, 'update', intent.id, { responseText: intent.responseText }, { responseText: answer, source: 'import' });
          intent.responseText = answer;
          answerChanged = true;
        }
      }
      const added = await addPhrases(tx, principal.tenantId, intent, [example], 'import');
      count(report, added ? 'created' : answerChanged ? 'updated' : 'unchanged');
    },
  });
  if (clientId)
    await auditIntent(tx, principal, 'import', clientId, undefined, {
      rows: report.rows,
      created: report.created,
      updated: report.updated,
      unchanged: report.unchanged,
      errors: report.errors.length,
    });
  return report;
}
