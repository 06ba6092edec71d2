import { describe, expect, it } from 'vitest';
import { money } from './reply.ts';

describe('money in a reply', () => {
  it('is written as Indonesians expect in id and with English separators in en, from either stored form; anything else is left alone', () => {
    expect(money('350.000', 'id')).toBe('Rp350.000');
    expect(money('350000', 'id')).toBe('Rp350.000');
    expect(money('Rp 1.250.000', 'en')).toBe('Rp1,250,000');
    expect(money('12,5', 'id')).toBe('Rp12,5');
    expect(money('12.5', 'en')).toBe('Rp12.5');
    expect(money('45.000,-', 'id')).toBe('Rp45.000');
    expect(money('mulai 15rb', 'id')).toBeUndefined();
  });
});
