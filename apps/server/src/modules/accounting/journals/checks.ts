import type { journalInput } from '@nusa/contracts';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { Money, money, toDecimalString } from '../../../platform/money/decimal.ts';
import { accountLine, assertPostableAccounts, type EngineInput } from '../documents/index.ts';

export type JournalInput = z.output<typeof journalInput>;

/** Each line one side and not zero; debits equal credits in the document's currency (`document_unbalanced` with both totals). */
export function assertBalancedLines(lines: { debit: string; credit: string }[]): void {
  let debit = new Money(0);
  let credit = new Money(0);
  lines.forEach((l, i) => {
    const d = money(l.debit);
    const c = money(l.credit);
    if (d.isNeg() || c.isNeg() || d.isZero() === c.isZero()) throw new AppError('journal_line_amount_invalid', [i + 1]);
    debit = debit.plus(d);
    credit = credit.plus(c);
  });
  if (!debit.eq(credit)) throw new AppError('document_unbalanced', [toDecimalString(debit), toDecimalString(credit)]);
}

/** A journal never saves unbalanced, and its lines post to postable accounts. */
export async function checkJournal(tx: Tx, input: JournalInput): Promise<EngineInput> {
  assertBalancedLines(input.lines);
  const coas = await assertPostableAccounts(
    tx,
    input.lines.map((l) => l.coaId),
  );
  const { lines, ...header } = input;
  return {
    header: { ...header, cashBankId: null, taxAmount: '0' },
    lines: lines.map((l) => accountLine(l, { debit: l.debit, credit: l.credit })),
    coas,
  };
}
