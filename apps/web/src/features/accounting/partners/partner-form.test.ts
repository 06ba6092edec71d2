import { describe, expect, it } from 'vitest';
import type { Partner } from '@nusa/contracts';
import { emptyAddress, partnerBody, partnerValues, validDegrees } from './partner-form.ts';
import { RANKS, RANK_STYLES, rankStars, rankStyle } from './rank.ts';

const saved: Partner = {
  partnerId: 'p1',
  partnerCode: 'CUST-001',
  partnerName: 'PT Sinar Jaya',
  typePartnerCode: 'CUSTOMER',
  alias: null,
  lineOfBusiness: 'Ritel',
  rank: 4,
  phones: ['021-5550 1234'],
  fax: null,
  email: 'halo@sinarjaya.co.id',
  creditLimit: '25000000.5',
  addresses: [
    {
      addressId: 'a1',
      address: 'Jl. Sudirman 1',
      city: 'Jakarta',
      postalCode: '10210',
      roles: ['BILLING', 'SHIPPING'],
      latitude: '-6.2088',
      longitude: '106.8456',
    },
  ],
  active: 'Y',
};

describe('partner form mapping', () => {
  it('round-trips a saved partner to the same body', () => {
    const { partnerId: _id, typePartnerCode: _type, active: _active, addresses, ...rest } = saved;
    expect(partnerBody(partnerValues(saved))).toEqual({ ...rest, addresses: addresses.map(({ addressId: _a, ...a }) => a) });
  });

  it('sends blanks as null, drops empty phone rows and keeps the credit limit a decimal string', () => {
    const body = partnerBody({
      ...partnerValues(),
      partnerName: ' CV Maju ',
      phones: ['0812 3456 7890', ' '],
      creditLimit: '1500000.25',
      addresses: [{ ...emptyAddress(), address: ' Jl. Merdeka 5 ', roles: ['MAILING'] }],
    });
    expect(body).toMatchObject({
      partnerCode: '',
      partnerName: 'CV Maju',
      alias: null,
      fax: null,
      email: null,
      phones: ['0812 3456 7890'],
      creditLimit: '1500000.25',
      rank: 1,
    });
    expect(body.addresses).toEqual([{ address: 'Jl. Merdeka 5', city: null, postalCode: null, roles: ['MAILING'], latitude: null, longitude: null }]);
  });

  it('checks map positions the way the server does', () => {
    expect(validDegrees('-6.2088', 90)).toBe(true);
    expect(validDegrees('106.8456', 180)).toBe(true);
    expect(validDegrees('91', 90)).toBe(false);
    expect(validDegrees('1.12345678', 180)).toBe(false);
    expect(validDegrees('abc', 180)).toBe(false);
  });
});

describe('rank styles', () => {
  it('gives each of the five ranks its own colour, star count and name', () => {
    const styles = RANKS.map((r) => RANK_STYLES[r]);
    expect(new Set(styles.map((s) => s.color)).size).toBe(5);
    expect(new Set(styles.map((s) => s.labelKey)).size).toBe(5);
    expect(styles.map((s) => s.stars)).toEqual([1, 2, 3, 4, 5]);
    expect(rankStars(3)).toBe('★★★☆☆');
  });

  it('falls back to rank 1 for a value out of range', () => {
    expect(rankStyle(9)).toBe(RANK_STYLES[1]);
  });
});
