import type { Tx } from '../../../platform/db/tenant.ts';
import { Money } from '../../../platform/money/decimal.ts';
import { getCashBank } from '../cash-banks/service.ts';
import type { DocumentLineRow, DocumentRow, PostingLine } from '../documents/index.ts';
import { ledgerLinesOf } from '../ledger/service.ts';

/** Cash banks read once per transaction: a bulk release (the demo seed) posts hundreds of documents of a few cash banks. */
const cashBanksOfTx = new WeakMap<Tx, Map<string, Promise<Awaited<ReturnType<typeof getCashBank>>>>>();
function cashBankIn(tx: Tx, id: string) {
  let known = cashBanksOfTx.get(tx);
  if (!known) cashBanksOfTx.set(tx, (known = new Map()));
  let found = known.get(id);
  if (!found) known.set(id, (found = getCashBank(tx, id)));
  return found;
}

/**
 * Cash in debits the cash bank's account and credits the lines; cash out credits the cash bank and debits the lines.
 * The cash bank's line is made at release as the exact negation of the lines' sums, in both currencies, so the
 * posting always balances.
 */
export async function cashPostingLines(tx: Tx, document: DocumentRow, lines: DocumentLineRow[]): Promise<PostingLine[]> {
  const cashBank = await cashBankIn(tx, document.cashBankId!);
  const posting = ledgerLinesOf(lines, { ouId: document.ouId });
  const amount = posting.reduce((s, l) => s.plus(l.amount), new Money(0)).neg();
  const bookAmount = posting.reduce((s, l) => s.plus(l.bookAmount), new Money(0)).neg();
  const cashLine: PostingLine = {
    coaId: cashBank.coaId,
    ouId: document.ouId ?? cashBank.ouId,
    partnerId: document.partnerId,
    cashBankId: cashBank.cashBankId,
    amount,
    bookAmount,
    memo: document.remarks?.slice(0, 200) ?? null,
  };
  return [cashLine, ...posting];
}
