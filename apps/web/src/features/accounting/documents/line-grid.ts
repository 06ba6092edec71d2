/**
 * The line grid's arithmetic for every document type: amounts are decimal strings scaled to 4 places as BigInt, never
 * floats. A type's own rules (its problems, its body's lines) are in its folder (journals/journal-lines.ts …).
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

/** A typed amount as the body sends it ('' → '0'). */
export const amountOf = (value: string) => fromUnits(toUnits(value) ?? 0n);

/** A grid line of the ledger's types: an account with a debit and a credit (one-sided types keep their amount in `debit`). */
export interface GridLine {
  key: string;
  coaId: string | null;
  memo: string;
  ouId: string | null;
  partnerId: string | null;
  debit: string;
  credit: string;
}

let nextKey = 0;
export const emptyLine = (): GridLine => ({ key: `line-${++nextKey}`, coaId: null, memo: '', ouId: null, partnerId: null, debit: '', credit: '' });

/** The lines the user has started (an empty line left at the end is not sent). */
export const usedLines = <L extends GridLine>(lines: readonly L[]) => lines.filter((l) => l.coaId || l.debit.trim() || l.credit.trim() || l.memo.trim());

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

/** Why a grid cannot be saved yet, as a text key (journals.problem.*); undefined when it can. */
export type GridProblem = 'noLines' | 'account' | 'amount' | 'bothSides' | 'unbalanced';

/** What the grid reads of a saved line (contracts DocumentLine). */
export type SavedLine = { coaId: string | null; memo: string | null; ouId: string | null; partnerId: string | null; debit: string; credit: string };

/** A saved line's fields the grid edits, amounts left empty (each type fills its own). */
export function gridLineOf(l: SavedLine): GridLine {
  return { ...emptyLine(), coaId: l.coaId, memo: l.memo ?? '', ouId: l.ouId, partnerId: l.partnerId };
}

export const isZero = (v: string) => (toUnits(v) ?? 0n) === 0n;

/** Spec 9: a list shows the first 30 characters of the remarks. */
export const remarksPreview = (remarks: string | null) => (remarks && remarks.length > 30 ? `${remarks.slice(0, 30)}…` : (remarks ?? ''));
