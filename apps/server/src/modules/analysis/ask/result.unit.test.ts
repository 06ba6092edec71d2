import { describe, expect, it } from 'vitest';
import { formatValue, periodLabel } from './result.ts';

describe('answer figures in the answer’s language', () => {
  it.each([
    [56_670_000, 'money', 'Rp 56.670.000', 'Rp 56,670,000'],
    [-1_250.6, 'money', '-Rp 1.251', '-Rp 1,251'],
    [12.5, 'percent', '12,5%', '12.5%'],
    [1234.567, 'number', '1.234,57', '1,234.57'],
  ] as const)('%d as %s', (value, type, id, en) => {
    expect(formatValue(value, type, 'id')).toBe(id);
    expect(formatValue(value, type, 'en')).toBe(en);
  });

  it.each([
    ['2026-01-01', 'month', 'Januari 2026', 'January 2026'],
    ['2026-02-01', 'month', 'Februari 2026', 'February 2026'],
    ['2026-04-01', 'quarter', 'Kuartal 2 2026', 'Q2 2026'],
    ['2026-01-01', 'year', '2026', '2026'],
    ['2026-03-02', 'week', '2026-03-02', '2026-03-02'],
  ] as const)('period %s by %s', (value, grain, id, en) => {
    expect(periodLabel(value, grain, 'id')).toBe(id);
    expect(periodLabel(value, grain, 'en')).toBe(en);
  });
});
