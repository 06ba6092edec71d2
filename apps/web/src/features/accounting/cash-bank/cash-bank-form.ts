import type { CashBank, CashBankInput, CashBankType } from '@nusa/contracts';

/** The cash-bank form's values (antd keeps null for cleared pickers). */
export interface CashBankValues {
  cashBankCode: string;
  cashBankName: string;
  type: CashBankType;
  coaId: string | null;
  currencyId: string | null;
  ouId: string | null;
  accountNumber: string;
}

/** A new cash bank starts as a bank (the common case to add) with a blank code the server numbers. */
export const cashBankValues = (row?: CashBank): CashBankValues =>
  row
    ? {
        cashBankCode: row.cashBankCode,
        cashBankName: row.cashBankName,
        type: row.type,
        coaId: row.coaId,
        currencyId: row.currencyId,
        ouId: row.ouId,
        accountNumber: row.accountNumber ?? '',
      }
    : { cashBankCode: '', cashBankName: '', type: 'BANK', coaId: null, currencyId: null, ouId: null, accountNumber: '' };

const blankToNull = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

/** Form values → the contract body: trimmed, blank account number and OU as null. Pickers are required by the form. */
export const cashBankBody = (v: CashBankValues): CashBankInput => ({
  cashBankCode: v.cashBankCode?.trim() ?? '',
  cashBankName: v.cashBankName.trim(),
  type: v.type,
  coaId: v.coaId ?? '',
  currencyId: v.currencyId ?? '',
  ouId: v.ouId ?? null,
  accountNumber: blankToNull(v.accountNumber),
});
