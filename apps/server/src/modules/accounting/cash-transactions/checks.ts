import type { CashDirection, cashTransactionInput } from '@nusa/contracts';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { getCashBank } from '../cash-banks/service.ts';
import { accountLine, assertPostableAccounts, type EngineInput } from '../documents/index.ts';

export type CashTransactionInput = z.output<typeof cashTransactionInput>;

/**
 * A cash document is in its cash bank's currency, against postable accounts. Its lines are stored on their side (cash
 * in: credits, cash out: debits); the payment method and reference are the companion's (payment.ts).
 */
export const checkCashTransaction =
  (direction: CashDirection) =>
  async (tx: Tx, input: CashTransactionInput): Promise<EngineInput> => {
    const cashBank = await getCashBank(tx, input.cashBankId);
    if (input.currencyId && input.currencyId !== cashBank.currencyId) throw new AppError('cash_transaction_currency_mismatch', [cashBank.currencyCode]);
    await assertPostableAccounts(
      tx,
      input.lines.map((l) => l.coaId),
    );
    const { lines, paymentMethod: _method, paymentReference: _reference, ...header } = input;
    return {
      header: { ...header, currencyId: cashBank.currencyId, taxAmount: '0' },
      lines: lines.map((l) => accountLine(l, { debit: direction === 'CO' ? l.amount : '0', credit: direction === 'CI' ? l.amount : '0' })),
    };
  };
