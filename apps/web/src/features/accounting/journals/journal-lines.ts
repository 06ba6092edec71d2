import { amountOf, gridLineOf, isZero, toUnits, totalsOf, usedLines, type GridLine, type GridProblem, type SavedLine } from '../documents/line-grid.ts';

/** A journal's grid: each line one side, not zero, and debits equal credits. */
export function journalProblem(lines: readonly GridLine[]): GridProblem | undefined {
  const used = usedLines(lines);
  if (used.length === 0) return 'noLines';
  for (const l of used) {
    if (!l.coaId) return 'account';
    const d = l.debit.trim() ? toUnits(l.debit) : 0n;
    const c = l.credit.trim() ? toUnits(l.credit) : 0n;
    if (d === undefined || c === undefined) return 'amount';
    if (d > 0n && c > 0n) return 'bothSides';
    if (d === 0n && c === 0n) return 'amount';
  }
  if (!totalsOf(used).balanced) return 'unbalanced';
  return undefined;
}

/** The lines a journal sends: filled lines only, amounts as decimal strings, '0' for the empty side. */
export const journalLinesBody = (lines: readonly GridLine[]) =>
  lines
    .filter((l) => l.coaId)
    .map((l) => ({
      coaId: l.coaId!,
      memo: l.memo.trim() || null,
      ouId: l.ouId,
      partnerId: l.partnerId,
      segmentId: null,
      debit: amountOf(l.debit),
      credit: amountOf(l.credit),
    }));

/** A saved journal's lines back in the grid. */
export const journalGridOf = (lines: readonly SavedLine[]): GridLine[] =>
  lines.map((l) => ({ ...gridLineOf(l), debit: isZero(l.debit) ? '' : l.debit, credit: isZero(l.credit) ? '' : l.credit }));
