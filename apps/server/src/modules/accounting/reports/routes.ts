import type { FastifyInstance } from 'fastify';
import { reportEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { balanceSheet, profitLoss } from './statements.ts';
import { cashBankBook } from './cash-bank-book.ts';
import { generalLedger } from './general-ledger.ts';
import { trialBalance } from './trial-balance.ts';
import { reportFile } from './export.ts';

export function reportRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.getTrialBalance, ({ tx, query }) => trialBalance(tx, query));
  registerEndpoint(app, ep.getGeneralLedger, ({ tx, query }) => generalLedger(tx, query));
  registerEndpoint(app, ep.getProfitLoss, ({ tx, query }) => profitLoss(tx, query));
  registerEndpoint(app, ep.getBalanceSheet, ({ tx, query }) => balanceSheet(tx, query));
  registerEndpoint(app, ep.getCashBankBook, ({ tx, query }) => cashBankBook(tx, query));
  registerEndpoint(app, ep.exportReportXlsx, ({ tx, params, query, reply, tenant }) => reportFile(tx, reply, 'xlsx', params.report, query, tenant.name));
  registerEndpoint(app, ep.exportReportPdf, ({ tx, params, query, reply, tenant }) => reportFile(tx, reply, 'pdf', params.report, query, tenant.name));
}
