import { z } from 'zod';
import { XLSX_CONTENT_TYPE, defineEndpoint, listOf } from '../endpoint.ts';
import { LEDGER_DOCUMENT_TASKS, documentDetail, documentHeader, documentHeaderInput, documentListQuery } from './documents-api.ts';
import { DOCUMENT_PDF_TYPE, documentExportQuery, documentPdfQuery } from './journals.ts';
import { decimalString } from './warehouses.ts';

/**
 * Cash in (CI) and cash out (CO) (issue 11): money into or out of one cash bank against COA lines (each may name a
 * partner), with the payment method and its reference. Releasing books the cash bank's COA against the lines: cash
 * in debits the cash bank and credits the lines, cash out the reverse.
 */

export const CASH_PAYMENT_METHODS = ['CASH', 'TRANSFER', 'GIRO', 'CARD', 'EWALLET'] as const;
export type CashPaymentMethod = (typeof CASH_PAYMENT_METHODS)[number];
export const CASH_PAYMENT_METHOD_LABELS: Record<'id' | 'en', Record<CashPaymentMethod, string>> = {
  id: { CASH: 'Tunai', TRANSFER: 'Transfer', GIRO: 'Giro', CARD: 'Kartu', EWALLET: 'Dompet digital' },
  en: { CASH: 'Cash', TRANSFER: 'Transfer', GIRO: 'Giro', CARD: 'Card', EWALLET: 'E-wallet' },
};

export const CASH_DIRECTIONS = ['CI', 'CO'] as const;
export type CashDirection = (typeof CASH_DIRECTIONS)[number];

export const cashLineInput = z.object({
  coaId: z.uuid(),
  ouId: z.uuid().nullable().default(null),
  segmentId: z.uuid().nullable().default(null),
  partnerId: z.uuid().nullable().default(null),
  amount: decimalString.refine((v) => !v.startsWith('-') && /[1-9]/.test(v), 'more than zero'),
  memo: z.string().trim().max(200).nullable().default(null),
});
export type CashLineInput = z.input<typeof cashLineInput>;

export const cashTransactionInput = documentHeaderInput.omit({ taxAmount: true }).extend({
  cashBankId: z.uuid(),
  paymentMethod: z.enum(CASH_PAYMENT_METHODS),
  paymentReference: z.string().trim().max(60).nullable().default(null),
  lines: z.array(cashLineInput).min(1).max(500),
});
export type CashTransactionInput = z.input<typeof cashTransactionInput>;

export const cashTransaction = documentDetail.extend({
  paymentMethod: z.enum(CASH_PAYMENT_METHODS),
  paymentReference: z.string().nullable(),
  cashBankCode: z.string(),
  cashBankName: z.string(),
});
export type CashTransaction = z.infer<typeof cashTransaction>;

const documentId = z.object({ documentId: z.uuid() });

function cashEndpoints(direction: CashDirection, path: string, name: string) {
  const tasks = LEDGER_DOCUMENT_TASKS[direction];
  return {
    list: defineEndpoint({
      method: 'GET',
      path,
      access: tasks.read,
      summary: `${name} documents; filter by status, date range, OU, partner and amount`,
      query: documentListQuery,
      response: listOf(documentHeader),
    }),
    export: defineEndpoint({
      method: 'GET',
      path: `${path}/export`,
      access: tasks.read,
      summary: `${name} documents of the list's filters as an xlsx file, one row per document`,
      query: documentExportQuery,
      response: z.custom<Uint8Array>(),
      file: { contentType: XLSX_CONTENT_TYPE },
    }),
    get: defineEndpoint({
      method: 'GET',
      path: `${path}/{documentId}`,
      access: tasks.read,
      summary: `One ${name} document with its lines`,
      params: documentId,
      response: cashTransaction,
    }),
    pdf: defineEndpoint({
      method: 'GET',
      path: `${path}/{documentId}/pdf`,
      access: tasks.read,
      summary: `A ${name} document as a printable PDF`,
      params: documentId,
      query: documentPdfQuery,
      response: z.custom<Uint8Array>(),
      file: { contentType: DOCUMENT_PDF_TYPE },
    }),
    create: defineEndpoint({
      method: 'POST',
      path,
      access: tasks.edit,
      summary: `Create a ${name} document (blank number: generated)`,
      body: cashTransactionInput,
      response: cashTransaction,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: `${path}/{documentId}`,
      access: tasks.edit,
      summary: `Edit a draft ${name} document`,
      params: documentId,
      body: cashTransactionInput,
      response: cashTransaction,
    }),
    delete: defineEndpoint({
      method: 'DELETE',
      path: `${path}/{documentId}`,
      access: tasks.edit,
      summary: `Delete a draft ${name} document`,
      params: documentId,
      response: z.object({ ok: z.literal(true) }),
    }),
  };
}

const cashIn = cashEndpoints('CI', '/v1/erp/cash-in', 'cash in');
const cashOut = cashEndpoints('CO', '/v1/erp/cash-out', 'cash out');
/** Each direction's endpoints by role (list, export, get, pdf, create, update, delete), for code that serves both. */
export const cashTransactionEndpoints = { CI: cashIn, CO: cashOut } as const;

export const cashInEndpoints = {
  listCashIn: cashIn.list,
  exportCashIn: cashIn.export,
  getCashIn: cashIn.get,
  cashInPdf: cashIn.pdf,
  createCashIn: cashIn.create,
  updateCashIn: cashIn.update,
  deleteCashIn: cashIn.delete,
};
export const cashOutEndpoints = {
  listCashOut: cashOut.list,
  exportCashOut: cashOut.export,
  getCashOut: cashOut.get,
  cashOutPdf: cashOut.pdf,
  createCashOut: cashOut.create,
  updateCashOut: cashOut.update,
  deleteCashOut: cashOut.delete,
};
