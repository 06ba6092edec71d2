import type { Translate } from '../i18n/keys.ts';

/** Spec 9: numbers are formatted id-ID whatever the UI language. */
const numberFormat = new Intl.NumberFormat('id-ID');
const oneDecimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

export const formatNumber = (value: number) => numberFormat.format(value);

/** Rupiah in id-ID whatever the UI language: whole rupiah without ",00", exact decimals otherwise. */
const rupiah = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** A decimal money string of the API ("1350000.0000") as "Rp 1.350.000", formatted from the string, never a float. */
export const formatRupiah = (amount: string) => rupiah.format(amount as Intl.StringNumericLiteral);

/**
 * Spec 9 durations: milliseconds below one second, seconds under 60 s, minutes under 3600 s, then hours and
 * minutes. Units come from the i18n `duration.*` texts.
 */
export function formatDuration(ms: number, t: Translate): string {
  const value = Math.max(0, ms);
  if (value < 1000) return t('duration.milliseconds', { value: formatNumber(Math.round(value)) });
  const seconds = value / 1000;
  if (seconds < 60) return t('duration.seconds', { value: oneDecimal.format(Math.floor(seconds * 10) / 10) });
  if (seconds < 3600) return t('duration.minutes', { value: formatNumber(Math.floor(seconds / 60)) });
  const totalMinutes = Math.floor(seconds / 60);
  return t('duration.hoursMinutes', { hours: formatNumber(Math.floor(totalMinutes / 60)), minutes: formatNumber(totalMinutes % 60) });
}
