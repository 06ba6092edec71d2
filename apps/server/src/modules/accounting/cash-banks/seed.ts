import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../../platform/db/tenant.ts';
import { CASH_BANK_NUMBERING_KEY } from '@nusa/contracts';
import { nextCode } from '../document-templates/service.ts';
import { cashBanks } from './schema.ts';

export interface CashBankSeedRefs {
  /** Account ids by code of the seeded chart of accounts. */
  coa: Map<string, string>;
  /** The book currency's id. */
  idr: string;
}

type CashBankSeed = readonly [name: string, type: 'CASH' | 'BANK', coaCode: string, ouId: string | null, accountNumber: string | null];

async function insertCashBanks(tx: Tx, tenantId: string, refs: CashBankSeedRefs, list: readonly CashBankSeed[]): Promise<void> {
  for (const [name, type, coaCode, ouId, accountNumber] of list) {
    // Through nextCode, so the first code a user leaves blank continues after these.
    const code = await nextCode(tx, tenantId, CASH_BANK_NUMBERING_KEY);
    await tx.insert(cashBanks).values({ tenantId, id: uuidv7(), code, name, type, coaId: refs.coa.get(coaCode)!, currencyId: refs.idr, ouId, accountNumber });
  }
}

/** Reference data every tenant starts with: the cash box and petty cash on the chart's cash accounts (CB00001, CB00002). */
export const seedCashBoxes = (tx: Tx, tenantId: string, refs: CashBankSeedRefs): Promise<void> =>
  insertCashBanks(tx, tenantId, refs, [
    ['Kas Kantor Pusat', 'CASH', '1101', null, null],
    ['Kas Kecil', 'CASH', '1102', null, null],
  ]);

/** The demo company's sample bank accounts at BCA and Mandiri, held by its company unit `ouId`. */
export const seedSampleBankAccounts = (tx: Tx, tenantId: string, refs: CashBankSeedRefs & { ouId: string }): Promise<void> =>
  insertCashBanks(tx, tenantId, refs, [
    ['Bank BCA Operasional', 'BANK', '1201.01', refs.ouId, '5270 1234 56'],
    ['Bank Mandiri Operasional', 'BANK', '1201.02', refs.ouId, '124 00 0987654 3'],
  ]);
