import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../../platform/db/tenant.ts';
import { CASH_BANK_NUMBERING_KEY } from '@nusa/contracts';
import { nextCode } from '../document-templates/service.ts';
import { cashBanks } from './schema.ts';

export interface CashBankSeedRefs {
  coa: Map<string, string>;
  idr: string;
  /** The OU of the demo's bank accounts. */
  ouId: string;
}

/** The demo's cash banks: cash, petty cash, BCA and Mandiri, with codes from the `cash-bank` numbering (CB00001 ...). */
export async function seedCashBanks(tx: Tx, tenantId: string, refs: CashBankSeedRefs): Promise<void> {
  const list = [
    ['Kas Kantor Pusat', 'CASH', '1101', null, null],
    ['Kas Kecil', 'CASH', '1102', null, null],
    ['Bank BCA Operasional', 'BANK', '1201.01', refs.ouId, '5270 1234 56'],
    ['Bank Mandiri Operasional', 'BANK', '1201.02', refs.ouId, '124 00 0987654 3'],
  ] as const;
  for (const [name, type, coaCode, ouId, accountNumber] of list) {
    // Through nextCode, so the first code a user leaves blank continues after these.
    const code = await nextCode(tx, tenantId, CASH_BANK_NUMBERING_KEY);
    await tx.insert(cashBanks).values({
      tenantId,
      id: uuidv7(),
      code,
      name,
      type,
      coaId: refs.coa.get(coaCode)!,
      currencyId: refs.idr,
      ouId,
      accountNumber,
    });
  }
}
