import {
  CASH_PAYMENT_METHOD_LABELS,
  LEDGER_DOCUMENT_TASKS,
  LEDGER_DOCUMENT_TYPES,
  cashLineInput,
  cashTransactionInput,
  type CashDirection,
  type CashTransaction,
} from '@nusa/contracts';
import { printColumns as c, type DocumentTypeDefinition } from '../documents/index.ts';
import { checkCashTransaction } from './checks.ts';
import { cashPayment } from './payment.ts';
import { cashPostingLines } from './posting.ts';
import { cashTransactionRoutes } from './routes.ts';

export type CashType = DocumentTypeDefinition<typeof cashTransactionInput, CashTransaction>;

const TEXT = {
  CI: { title: { id: 'KAS MASUK', en: 'CASH IN' }, sheet: { id: 'Kas Masuk', en: 'Cash In' }, fileName: 'cash-in' },
  CO: { title: { id: 'KAS KELUAR', en: 'CASH OUT' }, sheet: { id: 'Kas Keluar', en: 'Cash Out' }, fileName: 'cash-out' },
} as const;

const INFO = {
  id: { cashBank: 'Kas/bank', payment: 'Cara bayar / referensi' },
  en: { cashBank: 'Cash/bank', payment: 'Payment method / reference' },
} as const;

/** Cash in (CI) and cash out (CO): money into or out of one cash bank against account lines, with how it was paid. */
function cashType(direction: CashDirection): CashType {
  const type: CashType = {
    code: direction,
    documentTypeId: LEDGER_DOCUMENT_TYPES.find((t) => t.code === direction)!.id,
    tasks: LEDGER_DOCUMENT_TASKS[direction],
    schemas: { input: cashTransactionInput, line: cashLineInput },
    check: checkCashTransaction(direction),
    postingLines: cashPostingLines,
    print: {
      title: TEXT[direction].title,
      columns: [c.no, c.account, c.memo, c.ou, c.amount],
      info: (doc, lang) => [
        [INFO[lang].cashBank, `${doc.cashBankCode} ${doc.cashBankName}`],
        [INFO[lang].payment, [CASH_PAYMENT_METHOD_LABELS[lang][doc.paymentMethod], doc.paymentReference].filter(Boolean).join(' / ')],
      ],
    },
    sheet: { fileName: TEXT[direction].fileName, name: TEXT[direction].sheet },
    companion: cashPayment,
    routes: (app) => cashTransactionRoutes(app, direction, type),
  };
  return type;
}

export const cashInType = cashType('CI');
export const cashOutType = cashType('CO');
