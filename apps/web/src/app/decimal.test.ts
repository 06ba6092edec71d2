import { describe, expect, it } from 'vitest';
import { fitsDecimal, formatDecimalId, isAboveZero, parseDecimalId } from './decimal.ts';

describe('id-ID decimal strings', () => {
  it('formats with thousand dots and a decimal comma, keeping every digit', () => {
    expect(formatDecimalId('1234567.5')).toBe('1.234.567,5');
    expect(formatDecimalId('1000')).toBe('1.000');
    expect(formatDecimalId('999')).toBe('999');
    expect(formatDecimalId('0.0001')).toBe('0,0001');
    expect(formatDecimalId('-2500000')).toBe('-2.500.000');
    expect(formatDecimalId('9999999999999999.9999')).toBe('9.999.999.999.999.999,9999');
    expect(formatDecimalId('007')).toBe('7');
    expect(formatDecimalId('abc')).toBe('abc');
    expect(formatDecimalId('25000000.5', true)).toBe('25.000.000,50');
    expect(formatDecimalId('25000000', true)).toBe('25.000.000');
    expect(formatDecimalId('0.1234', true)).toBe('0,1234');
  });

  it('reads what a user types the Indonesian way', () => {
    expect(parseDecimalId('1.234.567,50')).toBe('1234567.50');
    expect(parseDecimalId('1234567,5')).toBe('1234567.5');
    expect(parseDecimalId(' 25 000 000 ')).toBe('25000000');
    expect(parseDecimalId('1.000')).toBe('1000');
    expect(parseDecimalId('0,5')).toBe('0.5');
    expect(parseDecimalId('-1.500')).toBe('-1500');
  });

  it('refuses what is not an id-ID number', () => {
    for (const bad of ['', '1,2,3', '12.34', '1.2345', 'abc', '1e5', ',5', '1.000,']) expect(parseDecimalId(bad), bad).toBeUndefined();
  });

  it('round-trips formatted values', () => {
    for (const v of ['1', '10.25', '123456789012.3456', '0.5']) expect(parseDecimalId(formatDecimalId(v))).toBe(v);
  });

  it('checks the size the server stores and the sign', () => {
    expect(fitsDecimal('9999999999999999.9999')).toBe(true);
    expect(fitsDecimal('10000000000000000')).toBe(false);
    expect(fitsDecimal('1.12345')).toBe(false);
    expect(isAboveZero('0.0001')).toBe(true);
    expect(isAboveZero('0')).toBe(false);
    expect(isAboveZero('0.000')).toBe(false);
    expect(isAboveZero('-5')).toBe(false);
  });
});
