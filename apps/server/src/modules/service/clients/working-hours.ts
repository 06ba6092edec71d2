import { AppError } from '../../../platform/errors/app-error.ts';
import type { WorkingHours } from './schema.ts';

/** The zone working hours are read in when the client names none (or one this runtime does not know). */
export const DEFAULT_ZONE = 'Asia/Jakarta';
const MINUTES_A_DAY = 24 * 60;
const WEEK = 7 * MINUTES_A_DAY;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function zoneOf(hours: WorkingHours): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: hours.timeZone });
    return hours.timeZone;
  } catch {
    return DEFAULT_ZONE;
  }
}

/** The minute of the week (0 = Sunday 00:00) that `at` is in `zone`. */
function minuteOfWeek(at: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return WEEKDAYS.indexOf(part('weekday')) * MINUTES_A_DAY + Number(part('hour')) * 60 + Number(part('minute'));
}

/**
 * The open spans as [start, end) minutes of the week. A span whose end is not after its start runs past midnight
 * into the next day (22:00–06:00); 00:00–00:00 is the whole day. Saturday's night span wraps into Sunday.
 */
function spans(hours: WorkingHours): [number, number][] {
  return hours.days.map(({ day, from, to }) => {
    const start = day * MINUTES_A_DAY + minutesOf(from);
    const length = (minutesOf(to) - minutesOf(from) + MINUTES_A_DAY) % MINUTES_A_DAY || MINUTES_A_DAY;
    return [start, start + length];
  });
}

/**
 * Hours as a person meant them: an end at or before the start is an overnight span (shown so in the form), but a span
 * that ends where it starts is a slip, except 00:00–00:00, the whole day.
 */
export function assertWorkingHours(hours: Pick<WorkingHours, 'days'>): void {
  const empty = hours.days.find((d) => d.from === d.to && d.from !== '00:00');
  if (empty) throw new AppError('service_working_hours_empty', [empty.from]);
}

const inside = (minute: number, [start, end]: [number, number]) => (minute >= start && minute < end) || (minute + WEEK >= start && minute + WEEK < end);

/** Whether the client's human CS works at `at`, in the hours' own time zone. No hours set: always. */
export function withinWorkingHours(hours: WorkingHours | null | undefined, at: Date): boolean {
  if (!hours) return true;
  const minute = minuteOfWeek(at, zoneOf(hours));
  return spans(hours).some((s) => inside(minute, s));
}

export interface Opening {
  /** 0 = Sunday, in the hours' zone. */
  day: number;
  /** HH:MM */
  time: string;
  /** Whole days from `at`'s day to the opening's day (0 = today, 1 = tomorrow). */
  inDays: number;
  zone: string;
}

/** When the human CS opens next after `at` (null when it never does: no days at all). */
export function nextOpening(hours: WorkingHours, at: Date): Opening | null {
  const zone = zoneOf(hours);
  const now = minuteOfWeek(at, zone);
  let best: number | undefined;
  for (const [start] of spans(hours)) {
    const ahead = (start - now + WEEK) % WEEK || WEEK;
    if (best === undefined || ahead < best) best = ahead;
  }
  if (best === undefined) return null;
  const minute = (now + best) % WEEK;
  const day = Math.floor(minute / MINUTES_A_DAY);
  const inDay = minute % MINUTES_A_DAY;
  const time = `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
  return { day, time, inDays: Math.floor(((now % MINUTES_A_DAY) + best) / MINUTES_A_DAY), zone };
}
