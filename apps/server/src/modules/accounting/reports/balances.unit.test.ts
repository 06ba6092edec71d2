import { describe, expect, it } from 'vitest';
import { monthEnd, splitRange } from './balances.ts';
import { idAmount } from './export.ts';
import { previousRange, resolveRange } from './range.ts';

describe('a report range in pieces', () => {
  it('reads whole months from period balances only', () => {
    expect(splitRange('2026-01-01', '2026-03-31')).toEqual({ periods: [202601, 202603], extra: [], plus: [], minus: [] });
    expect(splitRange('2025-12-01', '2026-01-31')).toEqual({ periods: [202512, 202601], extra: [], plus: [], minus: [] });
  });

  it('reads a short edge as its own days and a long one as the month less the days outside', () => {
    // 25-31 Dec (7 days of 31) are read as they are; 1-27 Feb as the month less the 28th.
    expect(splitRange('2025-12-25', '2026-02-27')).toEqual({
      periods: [202601, 202601],
      extra: [202602],
      plus: [['2025-12-25', '2025-12-31']],
      minus: [['2026-02-28', '2026-02-28']],
    });
    // Inside one month: 5-20 Jan (16 of 31 days) is the month less 1-4 and 21-31.
    expect(splitRange('2026-01-05', '2026-01-20')).toEqual({
      periods: null,
      extra: [202601],
      plus: [],
      minus: [
        ['2026-01-01', '2026-01-04'],
        ['2026-01-21', '2026-01-31'],
      ],
    });
    expect(splitRange('2026-01-05', '2026-01-10')).toEqual({ periods: null, extra: [], plus: [['2026-01-05', '2026-01-10']], minus: [] });
  });

  it('knows month ends, leap years included', () => {
    expect(monthEnd('2024-02-10')).toBe('2024-02-29');
    expect(monthEnd('2026-02-10')).toBe('2026-02-28');
    expect(monthEnd('2026-12-01')).toBe('2026-12-31');
    // Years below 100 are not read as 1900–1999 (1900 was no leap year; the year 4 was).
    expect(monthEnd('0004-02-01')).toBe('0004-02-29');
  });
});

describe('report dates', () => {
  it('takes a period as its month and refuses a reversed range', () => {
    expect(resolveRange({ period: '202602' })).toEqual({ from: '2026-02-01', to: '2026-02-28', period: 202602 });
    expect(() => resolveRange({ from: '2026-03-02', to: '2026-03-01' })).toThrow();
    expect(() => resolveRange({ from: '2026-03-02' })).toThrow();
  });

  it('compares with the month before, or the range of the same length just before', () => {
    expect(previousRange(resolveRange({ period: '202601' }))).toEqual({ from: '2025-12-01', to: '2025-12-31', period: 202512 });
    expect(previousRange(resolveRange({ from: '2026-03-11', to: '2026-03-20' }))).toEqual({ from: '2026-03-01', to: '2026-03-10', period: null });
    // A year below 1000 keeps its four digits (found by the contract fuzz: period=090010&compare=Y).
    expect(previousRange(resolveRange({ period: '090010' }))).toEqual({ from: '0900-09-01', to: '0900-09-30', period: 90009 });
    expect(previousRange(resolveRange({ period: '090001' }))).toEqual({ from: '0899-12-01', to: '0899-12-31', period: 89912 });
  });
});

describe('amounts in a PDF', () => {
  it('writes id-ID with two decimals, more when the amount has them', () => {
    expect(idAmount('1234567.5')).toBe('1.234.567,50');
    expect(idAmount('-15000000')).toBe('-15.000.000,00');
    expect(idAmount('0.1234')).toBe('0,1234');
    expect(idAmount('999')).toBe('999,00');
    expect(idAmount(null)).toBe('');
  });
});
