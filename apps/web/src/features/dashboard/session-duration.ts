import type { Format } from '../../app/format.ts';
import type { Translate } from '../../i18n/keys.ts';

/**
 * How long a sign-in session lasted, in words, with spec 9's tiers from the minute up: minutes under an hour, then
 * hours and minutes (2 jam 5 menit / 2 h 5 min). A session's last-seen time is kept only to the minute (the server
 * touches it at most once a minute), so anything shorter reads "under 1 min" rather than a seconds or milliseconds
 * figure the data cannot back (the "0 ms" every earlier session used to show).
 */
export function formatSessionDuration(seconds: number, t: Translate, f: Format): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return t('shell.duration.underMinute', {});
  if (minutes < 60) return t('shell.duration.minutes', { minutes: f.number(minutes) });
  const hours = f.number(Math.floor(minutes / 60));
  const rest = minutes % 60;
  return rest === 0 ? t('shell.duration.hours', { hours }) : t('shell.duration.hoursMinutes', { hours, minutes: f.number(rest) });
}
