import type { Readable } from 'node:stream';
import { CASH_BANK_TYPES, cashBankInput } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { RowError, sameFields, validated } from '../../../platform/files/sheet-import.ts';
import { importSheet } from '../../../platform/records/import.ts';
import { findCoaByCode } from '../coa/service.ts';
import { findCurrencyByCode } from '../currencies/service.ts';
import { listOrgUnits } from '../../configuration/org-units/service.ts';
import { CASH_BANK_SHEET, createCashBank, findCashBankByCode, setCashBankActive, TYPE_NAMES, updateCashBank, type CashBankInput } from './service.ts';

export { exportCashBanks } from './service.ts';

/** Every organisation unit by lower-cased code, read through the OU service. */
async function orgUnitsByCode(tx: Tx) {
  const byCode = new Map<string, { ouId: string }>();
  for (let page = 1; ; page++) {
    const { items } = await listOrgUnits(tx, { page, limit: 1000 });
    for (const u of items) byCode.set(u.ouCode.toLowerCase(), { ouId: u.ouId });
    if (items.length < 1000) return byCode;
  }
}

/**
 * Cash banks from xlsx: upsert by code through the cash-bank service (blank code: the `cash-bank` numbering); the COA,
 * currency and OU by their codes.
 */
export async function importCashBanks(tx: Tx, actor: Actor, file: Readable) {
  const ous = await orgUnitsByCode(tx);
  return importSheet(tx, file, CASH_BANK_SHEET, {
    required: ['cashBankCode', 'cashBankName', 'type', 'coaCode', 'currencyCode'],
    keyColumn: 'cashBankCode',
    find: (code) => findCashBankByCode(tx, code),
    columnOf: {
      cash_bank_coa_group_invalid: 'coaCode',
      cash_bank_coa_already_used: 'coaCode',
      currency_not_found: 'currencyCode',
      cash_bank_ou_required: 'ouCode',
    },
    parse: async (row) => {
      const coaCode = row.get('coaCode');
      const coa = coaCode ? await findCoaByCode(tx, coaCode) : undefined;
      if (coaCode && !coa) throw new RowError('coaCode', 'coa_not_found', [coaCode]);
      const currencyCode = row.get('currencyCode');
      const currency = currencyCode ? await findCurrencyByCode(tx, currencyCode) : undefined;
      if (currencyCode && !currency) throw new RowError('currencyCode', 'currency_not_found', [currencyCode]);
      const input = validated(
        cashBankInput,
        {
          cashBankCode: row.text('cashBankCode'),
          cashBankName: row.text('cashBankName'),
          type: row.choice('type', CASH_BANK_TYPES, TYPE_NAMES),
          coaId: coa?.coaId,
          currencyId: currency?.currencyId,
          ouId: row.ref('ouCode', ous, 'ou_not_found')?.ouId,
          accountNumber: row.text('accountNumber'),
        },
        (f) => ({ coaId: 'coaCode', currencyId: 'currencyCode', ouId: 'ouCode' })[f] ?? f,
      ) as CashBankInput;
      return { input, active: row.flag('active') };
    },
    codeOf: (input) => input.cashBankCode,
    same: (c, input) => sameFields(c, input),
    create: (input) => createCashBank(tx, actor, input),
    update: (c, input) => updateCashBank(tx, actor, c.cashBankId, input),
    setActive: (c, a) => setCashBankActive(tx, actor, c.cashBankId, a),
  });
}
