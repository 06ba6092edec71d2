/** Exact decimal arithmetic on numeric(20,4) strings as scaled integers (never JS floats for money). */
const SCALE = 10_000n;

export function toUnits(value: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal: ${value}`);
  const units = BigInt(m[2]) * SCALE + BigInt((m[3] ?? '').padEnd(4, '0'));
  return m[1] ? -units : units;
}

export function fromUnits(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  return `${sign}${abs / SCALE}.${String(abs % SCALE).padStart(4, '0')}`;
}

/** Rounds half up to whole currency units (rupiah has no minor unit at payment gateways). */
const toWhole = (units: bigint) => ((units + SCALE / 2n) / SCALE) * SCALE;

/** The discount of a promo on a price: percent of it rounded to whole rupiah, or a fixed amount, never above the price. */
export function discountOf(price: string, promo: { discountPercent: string | null; discountAmount: string | null } | undefined): string {
  if (!promo) return fromUnits(0n);
  const p = toUnits(price);
  let d = 0n;
  if (promo.discountPercent !== null) d = toWhole((p * toUnits(promo.discountPercent)) / (100n * SCALE));
  else if (promo.discountAmount !== null) d = toUnits(promo.discountAmount);
  return fromUnits(d > p ? p : d);
}

export const minus = (a: string, b: string) => fromUnits(toUnits(a) - toUnits(b));

/** Whole units as the gateway wants them ("1350000"). */
export const wholeOf = (value: string) => String(toUnits(value) / SCALE);
