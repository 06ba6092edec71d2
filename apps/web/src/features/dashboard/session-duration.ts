import { formatNumber } from '../../app/format.ts';

type Translate = (key: string, vars: Record<string, string>) => string;

/**
 * How long a sign-in session lasted, in words (2 jam 5 menit / 2 h 5 min). A session's last-seen time is kept to
 * the minute (the server touches it at most once a minute), so anything shorter reads "under 1 min" rather than a
 * seconds or milliseconds figure the data cannot back; past a day, days and hours.
 */
export function formatSessionDuration(seconds: number, t: Translate): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return t('shell.duration.underMinute', {});
  if (minutes < 60) return t('shell.duration.minutes', { minutes: formatNumber(minutes) });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest === 0
      ? t('shell.duration.hours', { hours: formatNumber(hours) })
      : t('shell.duration.hoursMinutes', { hours: formatNumber(hours), minutes: formatNumber(rest) });
  }
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours === 0
    ? t('shell.duration.days', { days: formatNumber(days) })
    : t('shell.duration.daysHours', { days: formatNumber(days), hours: formatNumber(restHours) });
}
