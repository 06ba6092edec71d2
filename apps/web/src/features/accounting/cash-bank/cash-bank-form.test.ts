import { describe, expect, it } from 'vitest';
import type { CashBank } from '@nusa/contracts';
import { cashBankBody, cashBankValues } from './cash-bank-form.ts';

const saved: CashBank = {
  cashBankId: 'c1',
  cashBankCode: 'CB00003',
  cashBankName: 'Bank BCA Operasional',
  type: 'BANK',
  coaId: 'coa',
  coaCode: '1201.01',
  coaName: 'Bank BCA',
  currencyId: 'idr',
  currencyCode: 'IDR',
  ouId: 'ou',
  ouCode: 'JKT',
  ouName: 'Cabang Jakarta',
  accountNumber: '5270 1234 56',
  active: 'Y',
};

describe('cash-bank form mapping', () => {
  it('starts a new record as a bank with a blank code for the numbering', () => {
    expect(cashBankValues()).toMatchObject({ cashBankCode: '', type: 'BANK', coaId: null, ouId: null });
  });

  it('round-trips a saved record to the same body', () => {
    expect(cashBankBody(cashBankValues(saved))).toEqual({
      cashBankCode: 'CB00003',
      cashBankName: 'Bank BCA Operasional',
      type: 'BANK',
      coaId: 'coa',
      currencyId: 'idr',
      ouId: 'ou',
      accountNumber: '5270 1234 56',
    });
  });

  it('trims and sends blanks as null (a cash box without OU or account number)', () => {
    const body = cashBankBody({ cashBankCode: '  ', cashBankName: ' Kas Toko ', type: 'CASH', coaId: 'k', currencyId: 'idr', ouId: null, accountNumber: '  ' });
    expect(body).toEqual({ cashBankCode: '', cashBankName: 'Kas Toko', type: 'CASH', coaId: 'k', currencyId: 'idr', ouId: null, accountNumber: null });
  });
});
