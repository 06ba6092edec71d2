import { describe, expect, it } from 'vitest';
import { nextOpening, withinWorkingHours } from './working-hours.ts';

/** Monday to Saturday 08:00–22:00 in Jakarta (UTC+7), as the demo client works. */
const SHOP = { timeZone: 'Asia/Jakarta', days: [1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '08:00', to: '22:00' })) };
/** 2026-11-23 is a Monday. */
const jakarta = (isoLocal: string) => new Date(`${isoLocal}+07:00`);

describe('CS working hours', () => {
  it('are read in their own zone, start inclusive and end exclusive', () => {
    expect(withinWorkingHours(SHOP, jakarta('2026-11-23T08:00:00'))).toBe(true);
    expect(withinWorkingHours(SHOP, jakarta('2026-11-23T07:59:00'))).toBe(false);
    expect(withinWorkingHours(SHOP, jakarta('2026-11-23T21:59:00'))).toBe(true);
    expect(withinWorkingHours(SHOP, jakarta('2026-11-23T22:00:00'))).toBe(false);
    // Monday 01:30 UTC is 08:30 in Jakarta, but still 21:30 on Sunday in Honolulu.
    expect(withinWorkingHours(SHOP, new Date('2026-11-23T01:30:00Z'))).toBe(true);
    expect(withinWorkingHours({ ...SHOP, timeZone: 'Pacific/Honolulu' }, new Date('2026-11-23T01:30:00Z'))).toBe(false);
    expect(withinWorkingHours(SHOP, jakarta('2026-11-29T12:00:00'))).toBe(false); // Sunday
  });

  it('no hours set: always; no days: never; a span past midnight runs into the next day, Saturday night into Sunday', () => {
    expect(withinWorkingHours(null, jakarta('2026-11-29T03:00:00'))).toBe(true);
    expect(withinWorkingHours({ timeZone: 'Asia/Jakarta', days: [] }, jakarta('2026-11-23T12:00:00'))).toBe(false);
    const night = { timeZone: 'Asia/Jakarta', days: [{ day: 6, from: '22:00', to: '06:00' }] };
    expect(withinWorkingHours(night, jakarta('2026-11-28T23:00:00'))).toBe(true);
    expect(withinWorkingHours(night, jakarta('2026-11-29T05:59:00'))).toBe(true);
    expect(withinWorkingHours(night, jakarta('2026-11-29T06:00:00'))).toBe(false);
    expect(withinWorkingHours(night, jakarta('2026-11-28T21:00:00'))).toBe(false);
    const allDay = { timeZone: 'Asia/Jakarta', days: [{ day: 0, from: '00:00', to: '00:00' }] };
    expect(withinWorkingHours(allDay, jakarta('2026-11-29T23:59:00'))).toBe(true);
    expect(withinWorkingHours(allDay, jakarta('2026-11-30T00:00:00'))).toBe(false);
  });

  it('name the next opening: later today, tomorrow, or a weekday ahead', () => {
    expect(nextOpening(SHOP, jakarta('2026-11-23T06:00:00'))).toEqual({ day: 1, time: '08:00', inDays: 0, zone: 'Asia/Jakarta' });
    expect(nextOpening(SHOP, jakarta('2026-11-23T23:00:00'))).toEqual({ day: 2, time: '08:00', inDays: 1, zone: 'Asia/Jakarta' });
    expect(nextOpening(SHOP, jakarta('2026-11-28T22:30:00'))).toEqual({ day: 1, time: '08:00', inDays: 2, zone: 'Asia/Jakarta' });
    expect(nextOpening({ timeZone: 'Asia/Jakarta', days: [] }, jakarta('2026-11-23T12:00:00'))).toBeNull();
  });
});
