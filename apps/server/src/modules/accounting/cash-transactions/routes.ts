import type { FastifyInstance } from 'fastify';
import { CASH_DIRECTIONS, cashTransactionEndpoints } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { streamXlsxReply } from '../../../platform/records/xlsx-reply.ts';
import { sendPdf } from '../journals/service.ts';
import * as cash from './service.ts';

export function cashTransactionRoutes(app: FastifyInstance) {
  for (const direction of CASH_DIRECTIONS) {
    const ep = cashTransactionEndpoints[direction];
    registerEndpoint(app, ep.list, ({ tx, principal, query }) => cash.listCashTransactions(tx, principal, direction, query));
    registerEndpoint(app, ep.export, async ({ tx, principal, query, reply }) => {
      const { lang, ...filters } = query;
      const sheet = await cash.exportCashTransactions(tx, principal, direction, filters, lang);
      return streamXlsxReply(reply, direction === 'CI' ? 'cash-in' : 'cash-out', sheet.sheetName, sheet.columns, sheet.rows);
    });
    registerEndpoint(app, ep.get, ({ tx, principal, params }) => cash.getCashTransaction(tx, principal, direction, params.documentId));
    registerEndpoint(app, ep.pdf, async ({ tx, principal, params, query, reply }) => {
      const doc = await cash.getCashTransaction(tx, principal, direction, params.documentId);
      return sendPdf(reply, doc.number, await cash.cashTransactionPdf(tx, principal, doc, query.lang));
    });
    registerEndpoint(app, ep.create, ({ tx, principal, body }) => cash.createCashTransaction(tx, principal, direction, body));
    registerEndpoint(app, ep.update, ({ tx, principal, params, body }) => cash.updateCashTransaction(tx, principal, direction, params.documentId, body));
    registerEndpoint(app, ep.delete, async ({ tx, principal, params }) => {
      await cash.deleteCashTransaction(tx, principal, direction, params.documentId);
      return { ok: true as const };
    });
  }
}
