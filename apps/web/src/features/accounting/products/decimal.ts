/**
 * Money, prices, quantities and rates travel as decimal strings (never JS floats). These helpers show them id-ID
 * (1.234.567,5) whatever the UI language (spec 9) and read what a person types back into a plain decimal string.
 */

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/** '1234567.5000' → '1.234.567,5'; keeps every digit (no float rounding); anything not a decimal string is returned as is. */
export function formatDecimal(value: string): string {
  const m = PLAIN.exec(value.trim());
  if (!m) return value;
  const int = m[2].replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const body = frac ? `${int},${frac}` : int;
  return m[1] && /[1-9]/.test(body) ? `-${body}` : body;
}

/**
 * What a person typed as a plain decimal string, or undefined when it is not a number. id-ID first: a comma is the
 * decimal mark and dots group thousands ('1.234.567,5'). Without a comma a dot is read as the decimal mark unless
 * every dot is followed by exactly three digits after a non-zero integer part ('1.500' is fifteen hundred, '0.5'
 * and '12.75' are fractions), so pasted plain numbers keep their value.
 */
export function parseDecimalInput(text: string): string | undefined {
  const raw = text.trim().replace(/\s/g, '');
  if (!raw) return undefined;
  const m = /^(-?)([\d.,]+)$/.exec(raw);
  if (!m) return undefined;
  const [, sign, digits] = m;
  let int: string;
  let frac = '';
  if (digits.includes(',')) {
    const parts = digits.split(',');
    if (parts.length !== 2) return undefined;
    if (!/^\d{1,3}(\.\d{3})*$|^\d+$/.test(parts[0]) || !/^\d*$/.test(parts[1])) return undefined;
    int = parts[0].replace(/\./g, '');
    frac = parts[1];
  } else if (/^[1-9]\d{0,2}(\.\d{3})+$/.test(digits)) {
    int = digits.replace(/\./g, '');
  } else {
    const parts = digits.split('.');
    if (parts.length > 2 || !/^\d+$/.test(parts[0]) || (parts.length === 2 && !/^\d*$/.test(parts[1]))) return undefined;
    int = parts[0];
    frac = parts[1] ?? '';
  }
  int = int.replace(/^0+(?=\d)/, '');
  frac = frac.replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return sign && /[1-9]/.test(body) ? `-${body}` : body;
}

/** The number of digits after the decimal mark of a plain decimal string. */
export const fractionDigits = (value: string) => (value.includes('.') ? value.split('.')[1].length : 0);
