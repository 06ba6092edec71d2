import dayjs from 'dayjs';
import 'dayjs/locale/id';
import 'dayjs/locale/en';
import type { Language } from '@nusa/contracts';
import type { Translate } from '../i18n/keys.ts';

/**
 * The one place numbers, money, percentages, dates and months are written for the screen, in the interface language
 * (decision 015, replacing spec 9's "id-ID whatever the language"): Indonesian as id-ID ("Rp 1.722.000", "54,8%",
 * "28 Nov 2026, 14:53"), English as en-US ("Rp 1,722,000", "54.8%", "28 Nov 2026, 14:53"). Money keeps the "Rp" symbol
 * in both languages (the server's analysis answers write it so too); another currency shows its code ("USD 1,250.50").
 * Components take it from `useFormat()` (use-format.ts); pure code takes a `Format` or calls `formatFor(lang)`.
 */
export interface Format {
  lang: Language;
  /** The Intl locale tag of the language (id-ID, en-US). */
  locale: string;
  /** A count or measure, grouped, with up to `maxDecimals` decimals. */
  number(value: number, maxDecimals?: number): string;
  /**
   * A decimal string of the API ("1350000.0000") or a number as money: whole amounts without decimals, others with at
   * least two (at most four, the stored precision). Formatted from the string, never through a float.
   */
  money(amount: string | number, currency?: string): string;
  /** Money rounded for reading at a glance: whole from 1,000 up, up to two decimals below (AI costs are cents each). */
  moneyRounded(amount: string | number, currency?: string): string;
  /**
   * A decimal string of the API ("1250000.5", a price, a rate, a quantity) digit for digit, never through a float:
   * "1.250.000,5" / "1,250,000.5"; `cents` writes a fraction with at least two digits ("1.250.000,50").
   */
  decimal(value: string, cents?: boolean): string;
  /** Short numbers for chart axes and gauges: "35 jt" / "35M", "1,7 rb" / "1.7K". */
  compact(value: number): string;
  /** Short money for chart axes: "Rp 35 jt" / "Rp 35M". */
  moneyCompact(value: number, currency?: string): string;
  /** A percentage given in percent (54.8 → "54,8%" / "54.8%"), with `decimals` decimals at most. */
  percent(value: number, decimals?: number): string;
  /** A date (YYYY-MM-DD, an ISO timestamp or a Date) as "28 Nov 2026" (Mei, Agt, Okt, Des in Indonesian). */
  date(value: string | Date): string;
  /** A moment as "28 Nov 2026, 14:53" in the browser's time zone; `seconds` adds ":07". */
  dateTime(value: string | Date, seconds?: boolean): string;
  /** A month (YYYY-MM, YYYYMM or a date in it) as "Jan 2026"; `long` as "Januari 2026" / "January 2026". */
  month(value: string, long?: boolean): string;
  /** Spec 9 durations (ms, seconds under 60, minutes under 3600, then hours and minutes) with the `duration.*` texts. */
  duration(ms: number, t: Translate): string;
}

export const LOCALES: Record<Language, string> = { id: 'id-ID', en: 'en-US' };

const DECIMAL = /^-?\d+(\.\d+)?$/;
/** Intl formats a decimal string exactly (ES2023); its type definitions know only numbers and bigints. */
const exact = (amount: string | number) => {
  if (typeof amount === 'number') return amount;
  const value = amount.trim();
  if (!DECIMAL.test(value)) throw new Error(`not a decimal amount: ${amount}`);
  return value as Intl.StringNumericLiteral;
};
const hasFraction = (amount: string | number) => (typeof amount === 'number' ? !Number.isInteger(amount) : /\.\d*[1-9]/.test(amount));
/** YYYYMM → YYYY-MM-01, YYYY-MM → YYYY-MM-01; anything else as it is. */
const monthStart = (value: string) =>
  /^\d{6}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4)}-01` : /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value;

const SEPARATORS: Record<Language, { group: string; fraction: string }> = { id: { group: '.', fraction: ',' }, en: { group: ',', fraction: '.' } };
const DECIMAL_PARTS = /^(-?)(\d+)(?:\.(\d+))?$/;

function build(lang: Language): Format {
  const locale = LOCALES[lang];
  const { group, fraction: point } = SEPARATORS[lang];
  const cache = new Map<string, Intl.NumberFormat>();
  const nf = (options: Intl.NumberFormatOptions) => {
    const key = JSON.stringify(options);
    let f = cache.get(key);
    if (!f) cache.set(key, (f = new Intl.NumberFormat(locale, options)));
    return f;
  };
  const currencyStyle = (currency: string): Intl.NumberFormatOptions =>
    currency === 'IDR' ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } : { style: 'currency', currency, currencyDisplay: 'code' };
  // Intl writes "Rp 1.722.000" in id-ID but "Rp1,722,000" in en-US: one space after the symbol in both.
  const spaced = (text: string) => text.replace(/^(-?)(Rp|[A-Z]{3})\s?/, '$1$2\u00a0');
  const number = (value: number, maxDecimals = 2) => nf({ maximumFractionDigits: maxDecimals }).format(value);
  const money = (amount: string | number, currency = 'IDR') => {
    const fraction = hasFraction(amount) ? 2 : 0;
    return spaced(nf({ ...currencyStyle(currency), minimumFractionDigits: fraction, maximumFractionDigits: fraction ? 4 : 0 }).format(exact(amount)));
  };
  const moneyRounded = (amount: string | number, currency = 'IDR') => {
    const decimals = Math.abs(Number(amount)) >= 1000 ? 0 : 2;
    return spaced(nf({ ...currencyStyle(currency), minimumFractionDigits: 0, maximumFractionDigits: decimals }).format(exact(amount)));
  };
  const decimal = (value: string, cents = false) => {
    const m = DECIMAL_PARTS.exec(value.trim());
    if (!m) return value;
    const [, sign, whole, fraction] = m;
    const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, group);
    const shown = fraction && cents ? fraction.padEnd(2, '0') : fraction;
    return `${sign}${grouped}${shown ? `${point}${shown}` : ''}`;
  };
  const compact = (value: number) => nf({ notation: 'compact', maximumFractionDigits: 1 }).format(value);
  const day = (value: string | Date) => dayjs(value).locale(lang);
  return {
    lang,
    locale,
    number,
    money,
    moneyRounded,
    decimal,
    compact,
    moneyCompact: (value, currency = 'IDR') => `${currency === 'IDR' ? 'Rp' : currency}\u00a0${compact(value)}`,
    percent: (value, decimals = 1) => nf({ style: 'percent', maximumFractionDigits: decimals }).format(value / 100),
    date: (value) => day(value).format('D MMM YYYY'),
    dateTime: (value, seconds = false) => day(value).format(seconds ? 'D MMM YYYY, HH:mm:ss' : 'D MMM YYYY, HH:mm'),
    month: (value, long = false) =>
      dayjs(monthStart(value))
        .locale(lang)
        .format(long ? 'MMMM YYYY' : 'MMM YYYY'),
    duration(ms, t) {
      const value = Math.max(0, ms);
      if (value < 1000) return t('duration.milliseconds', { value: number(Math.round(value)) });
      const seconds = value / 1000;
      if (seconds < 60) return t('duration.seconds', { value: number(Math.floor(seconds * 10) / 10, 1) });
      if (seconds < 3600) return t('duration.minutes', { value: number(Math.floor(seconds / 60)) });
      const totalMinutes = Math.floor(seconds / 60);
      return t('duration.hoursMinutes', { hours: number(Math.floor(totalMinutes / 60)), minutes: number(totalMinutes % 60) });
    },
  };
}

const formats = new Map<Language, Format>();

/** The formatter of a language; the same object every time, so it can sit in a hook's dependencies. */
export function formatFor(lang: Language): Format {
  let f = formats.get(lang);
  if (!f) formats.set(lang, (f = build(lang)));
  return f;
}
