import type { FastifyInstance } from 'fastify';
import { cashBankEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { registerSheetImports } from '../../../platform/files/sheet-route.ts';
import { sendXlsx } from '../../../platform/records/xlsx-reply.ts';
import * as cashBanks from './service.ts';
import { exportCashBanks, importCashBanks } from './sheet.ts';

export function cashBankRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.listCashBanks, ({ tx, query }) => cashBanks.listCashBanks(tx, query));
  registerEndpoint(app, ep.exportCashBanks, async ({ tx, query, reply }) => sendXlsx(reply, 'cash-banks', await exportCashBanks(tx, query, query.lang)));
  registerEndpoint(app, ep.getCashBank, ({ tx, params }) => cashBanks.getCashBank(tx, params.cashBankId));
  registerEndpoint(app, ep.createCashBank, ({ tx, principal, body }) => cashBanks.createCashBank(tx, principal, body));
  registerEndpoint(app, ep.updateCashBank, ({ tx, principal, params, body }) => cashBanks.updateCashBank(tx, principal, params.cashBankId, body));
  registerEndpoint(app, ep.setCashBankActive, ({ tx, principal, params, body }) => cashBanks.setCashBankActive(tx, principal, params.cashBankId, body.active));
  registerEndpoint(app, ep.deleteCashBank, async ({ tx, principal, params }) => {
    await cashBanks.deleteCashBank(tx, principal, params.cashBankId);
    return { ok: true as const };
  });
  registerSheetImports(app, [[ep.importCashBanks, importCashBanks]]);
}
