/**
 * The line grid's arithmetic (exact: amounts are decimal strings scaled to 4 places as BigInt, never floats) and the
 * bodies the journal and cash screens send.
 */

const SCALE = 10_000n;
const DECIMAL = /^(\d+)(?:\.(\d{1,4}))?$/;

/** '1250000.5' → 12500005000n (ten-thousandths); '' or not a non-negative 4-place decimal → undefined. */
export function toUnits(value: string): bigint | undefined {
  const m = DECIMAL.exec(value.trim());
  if (!m) return undefined;
  return BigInt(m[1]!) * SCALE + BigInt((m[2] ?? '').padEnd(4, '0'));
}

/** Ten-thousandths back to the shortest decimal string ('12500005000n' → '1250000.5'). */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const fraction = (abs % SCALE).toString().padStart(4, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / SCALE}${fraction ? `.${fraction}` : ''}`;
}

export interface GridLine {
  key: string;
  coaId: string | null;
  memo: string;
  ouId: string | null;
  partnerId: string | null;
  /** Journal lines: one of debit and credit; cash lines: `debit` holds the amount. */
  debit: string;
  credit: string;
}

let nextKey = 0;
export const emptyLine = (): GridLine => ({ key: `line-${++nextKey}`, coaId: null, memo: '', ouId: null, partnerId: null, debit: '', credit: '' });

export interface Totals {
  debit: string;
  credit: string;
  /** debit − credit */
  difference: string;
  balanced: boolean;
}

/** Debit and credit totals of the lines that hold an amount, and whether they balance (both above zero and equal). */
export function totalsOf(lines: readonly Pick<GridLine, 'debit' | 'credit'>[]): Totals {
  let debit = 0n;
  let credit = 0n;
  for (const l of lines) {
    debit += toUnits(l.debit) ?? 0n;
    credit += toUnits(l.credit) ?? 0n;
  }
  return { debit: fromUnits(debit), credit: fromUnits(credit), difference: fromUnits(debit - credit), balanced: debit > 0n && debit === credit };
}

/** Why a grid cannot be saved yet, as a text key; undefined when it can. */
export type GridProblem = 'noLines' | 'account' | 'amount' | 'bothSides' | 'unbalanced';

export function gridProblem(lines: readonly GridLine[], kind: 'journal' | 'cash'): GridProblem | undefined {
  const used = lines.filter((l) => l.coaId || l.debit.trim() || l.credit.trim() || l.memo.trim());
  if (used.length === 0) return 'noLines';
  for (const l of used) {
    if (!l.coaId) return 'account';
    const d = l.debit.trim() ? toUnits(l.debit) : 0n;
    const c = l.credit.trim() ? toUnits(l.credit) : 0n;
    if (d === undefined || c === undefined) return 'amount';
    if (kind === 'cash' && d === 0n) return 'amount';
    if (kind === 'journal' && d > 0n && c > 0n) return 'bothSides';
    if (kind === 'journal' && d === 0n && c === 0n) return 'amount';
  }
  if (kind === 'journal' && !totalsOf(used).balanced) return 'unbalanced';
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
      debit: fromUnits(toUnits(l.debit) ?? 0n),
      credit: fromUnits(toUnits(l.credit) ?? 0n),
    }));

export const cashLinesBody = (lines: readonly GridLine[]) =>
  lines
    .filter((l) => l.coaId)
    .map((l) => ({
      coaId: l.coaId!,
      memo: l.memo.trim() || null,
      ouId: l.ouId,
      partnerId: l.partnerId,
      segmentId: null,
      amount: fromUnits(toUnits(l.debit) ?? 0n),
    }));

/** A saved document's lines back in the grid (cash lines: their one side as the amount). */
export function gridOf(
  lines: readonly { coaId: string | null; memo: string | null; ouId: string | null; partnerId: string | null; debit: string; credit: string }[],
  kind: 'journal' | 'cash',
): GridLine[] {
  return lines.map((l) => {
    const zero = (v: string) => (toUnits(v) ?? 0n) === 0n;
    const line = { ...emptyLine(), coaId: l.coaId, memo: l.memo ?? '', ouId: l.ouId, partnerId: l.partnerId };
    if (kind === 'cash') return { ...line, debit: zero(l.debit) ? l.credit : l.debit };
    return { ...line, debit: zero(l.debit) ? '' : l.debit, credit: zero(l.credit) ? '' : l.credit };
  });
}

/** Spec 9: a list shows the first 30 characters of the remarks. */
export const remarksPreview = (remarks: string | null) => (remarks && remarks.length > 30 ? `${remarks.slice(0, 30)}…` : (remarks ?? ''));
