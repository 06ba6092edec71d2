import { describe, expect, it } from 'vitest';
import { formatIdAmount } from './journals.ts';

describe('formatIdAmount', () => {
  it('groups thousands with dots and decimals with a comma, exactly, rounding half away from zero', () => {
    expect(formatIdAmount('1250000.5')).toBe('1.250.000,50');
    expect(formatIdAmount('0')).toBe('0,00');
    expect(formatIdAmount('999.995')).toBe('1.000,00');
    expect(formatIdAmount('-1234.5678', 4)).toBe('-1.234,5678');
    expect(formatIdAmount('-0.001')).toBe('0,00');
    expect(formatIdAmount('9999999999999999.9999')).toBe('10.000.000.000.000.000,00');
    expect(formatIdAmount('1500', 0)).toBe('1.500');
  });
});
