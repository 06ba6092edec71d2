import type { FastifyInstance } from 'fastify';
import { journalEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { streamXlsxReply } from '../../../platform/records/xlsx-reply.ts';
import * as journals from './service.ts';

export function journalRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.listJournals, ({ tx, principal, query }) => journals.listJournals(tx, principal, query));
  registerEndpoint(app, ep.exportJournals, async ({ tx, principal, query, reply }) => {
    const { lang, ...filters } = query;
    const sheet = await journals.exportJournals(tx, principal, filters, lang);
    return streamXlsxReply(reply, 'journals', sheet.sheetName, sheet.columns, sheet.rows);
  });
  registerEndpoint(app, ep.getJournal, ({ tx, principal, params }) => journals.getJournal(tx, principal, params.documentId));
  registerEndpoint(app, ep.journalPdf, async ({ tx, principal, params, query, reply }) => {
    const doc = await journals.getJournal(tx, principal, params.documentId);
    return journals.sendPdf(reply, doc.number, await journals.documentPdf(tx, principal, doc, query.lang));
  });
  registerEndpoint(app, ep.createJournal, ({ tx, principal, body }) => journals.createJournal(tx, principal, body));
  registerEndpoint(app, ep.createAndSubmitJournal, ({ tx, principal, body }) => journals.createAndSubmitJournal(tx, principal, body));
  registerEndpoint(app, ep.updateJournal, ({ tx, principal, params, body }) => journals.updateJournal(tx, principal, params.documentId, body));
  registerEndpoint(app, ep.deleteJournal, async ({ tx, principal, params }) => {
    await journals.deleteJournal(tx, principal, params.documentId);
    return { ok: true as const };
  });
}
