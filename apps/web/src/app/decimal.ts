/**
 * Money and quantities travel as decimal strings ('1250000.5'), never JS floats (numeric(20,4) on the server). These
 * helpers only move digits around, so no value loses precision however long it is. They are the money inputs' form
 * (MoneyInput): id-ID (thousands '.', decimals ',') in both languages (decision 015); figures on screens are written by
 * format.ts in the interface language.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * '1234567.5' → '1.234.567,5'; a value that is not a decimal string comes back as it is. `centsWhenFractional`
 * (money) writes a fraction with at least two digits: '1234567.5' → '1.234.567,50', whole amounts stay whole.
 */
export function formatDecimalId(value: string, centsWhenFractional = false): string {
  const m = DECIMAL.exec(value.trim());
  if (!m) return value;
  const [, sign, whole, fraction] = m;
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const shownFraction = fraction && centsWhenFractional ? fraction.padEnd(2, '0') : fraction;
  return `${sign}${grouped}${shownFraction ? `,${shownFraction}` : ''}`;
}

/**
 * What a user typed the id-ID way ('1.234.567,50', '1234567,5', '1234567') → the decimal string '1234567.50';
 * undefined when it is not a number written that way. A dot followed by exactly three digits groups thousands;
 * the comma is the decimal separator.
 */
export function parseDecimalId(text: string): string | undefined {
  const s = text.trim().replace(/\s/g, '');
  const m = /^(-?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/.exec(s);
  if (!m) return undefined;
  const [, sign, whole, fraction] = m;
  const digits = whole.replaceAll('.', '').replace(/^0+(?=\d)/, '');
  return `${sign}${digits}${fraction ? `.${fraction}` : ''}`;
}

/** At most `whole` digits before the point and `decimals` after it (the server's decimalString: 16 and 4). */
export function fitsDecimal(value: string, whole = 16, decimals = 4): boolean {
  const m = DECIMAL.exec(value);
  return !!m && m[2].length <= whole && (m[3]?.length ?? 0) <= decimals;
}

/** True when a decimal string is above zero ('0.0001' yes, '0', '0.00', '-5' no). */
export const isAboveZero = (value: string) => DECIMAL.test(value) && !value.startsWith('-') && /[1-9]/.test(value);
