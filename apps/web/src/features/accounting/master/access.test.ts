import { describe, expect, it } from 'vitest';
import { endpoints, erpAccess } from '@nusa/contracts';
import { masterLevel } from './access.ts';

const customer = erpAccess('Customer');

describe('masterLevel', () => {
  it('write-all tasks delete, create/edit tasks edit, read-only tasks only view', () => {
    expect(masterLevel(['writeAllErpCustomer'], customer)).toBe('full');
    expect(masterLevel(['writeAllErpAll'], customer)).toBe('full');
    expect(masterLevel(['createEditErpCustomer', 'readOnlyErpCustomer'], customer)).toBe('edit');
    expect(masterLevel(['createEditErpAll'], customer)).toBe('edit');
    expect(masterLevel(['readOnlyErpCustomer'], customer)).toBe('view');
    expect(masterLevel([], customer)).toBe('view');
  });

  it("another record's tasks do not count", () => {
    expect(masterLevel(['writeAllErpSupplier'], customer)).toBe('view');
  });

  it('reads the access lists of the contract endpoints (cash bank has no erpAccess helper)', () => {
    const cashBank = { edit: endpoints.createCashBank.access, remove: endpoints.deleteCashBank.access };
    expect(masterLevel(['writeAllErpCashBank'], cashBank)).toBe('full');
    expect(masterLevel(['createEditErpCashBank'], cashBank)).toBe('edit');
    expect(masterLevel(['readOnlyErpCashBank'], cashBank)).toBe('view');
  });
});
