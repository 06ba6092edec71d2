import { describe, expect, it } from 'vitest';
import { formatDecimal, fractionDigits, parseDecimalInput } from './decimal.ts';

describe('formatDecimal (id-ID, no floats)', () => {
  it.each([
    ['0', '0'],
    ['75000', '75.000'],
    ['75000.0000', '75.000'],
    ['1234567.5', '1.234.567,5'],
    ['0.0000615', '0,0000615'],
    ['-1500.25', '-1.500,25'],
    ['-0.000', '0'],
    ['007', '7'],
    ['9999999999999999.9999', '9.999.999.999.999.999,9999'],
  ])('%s → %s', (value, shown) => {
    expect(formatDecimal(value)).toBe(shown);
  });

  it('leaves anything that is not a decimal string alone', () => {
    expect(formatDecimal('abc')).toBe('abc');
  });
});

describe('parseDecimalInput', () => {
  it.each([
    ['75000', '75000'],
    ['75.000', '75000'],
    ['1.234.567,50', '1234567.5'],
    ['1234567,5', '1234567.5'],
    ['12.75', '12.75'],
    ['0.5', '0.5'],
    ['0,0000615', '0.0000615'],
    [' 16 250 ', '16250'],
    ['-2,5', '-2.5'],
    ['0', '0'],
    ['00,10', '0.1'],
    ['12,', '12'],
  ])('%s → %s', (typed, value) => {
    expect(parseDecimalInput(typed)).toBe(value);
  });

  it.each(['', 'abc', '1,2,3', '1.2.3,4,5', '12a', '1.23.456,7', '--1'])('refuses %j', (typed) => {
    expect(parseDecimalInput(typed)).toBeUndefined();
  });

  it('keeps every digit of long numbers', () => {
    expect(parseDecimalInput('9.999.999.999.999.999,9999')).toBe('9999999999999999.9999');
  });
});

describe('fractionDigits', () => {
  it('counts the digits after the point', () => {
    expect(fractionDigits('12')).toBe(0);
    expect(fractionDigits('12.125')).toBe(3);
  });
});
