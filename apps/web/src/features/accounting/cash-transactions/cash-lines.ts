import { amountOf, gridLineOf, isZero, toUnits, usedLines, type GridLine, type GridProblem, type SavedLine } from '../documents/line-grid.ts';

/** A cash document's grid: each line an account and an amount above zero (kept in `debit`). */
export function cashProblem(lines: readonly GridLine[]): GridProblem | undefined {
  const used = usedLines(lines);
  if (used.length === 0) return 'noLines';
  for (const l of used) {
    if (!l.coaId) return 'account';
    const d = l.debit.trim() ? toUnits(l.debit) : 0n;
    const c = l.credit.trim() ? toUnits(l.credit) : 0n;
    if (d === undefined || c === undefined || d === 0n) return 'amount';
  }
  return undefined;
}

export const cashLinesBody = (lines: readonly GridLine[]) =>
  lines
    .filter((l) => l.coaId)
    .map((l) => ({ coaId: l.coaId!, memo: l.memo.trim() || null, ouId: l.ouId, partnerId: l.partnerId, segmentId: null, amount: amountOf(l.debit) }));

/** A saved cash document's lines back in the grid: their one side as the amount. */
export const cashGridOf = (lines: readonly SavedLine[]): GridLine[] => lines.map((l) => ({ ...gridLineOf(l), debit: isZero(l.debit) ? l.credit : l.debit }));
