import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { CASH_BANK_TYPES, cashBankInput, type CashBank, type CashBankType } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { writeXlsx, type XlsxColumn } from '../../../platform/files/xlsx.ts';
import { exportedCells, headings, importRecords, RowError, sameFields, upsertRecord, validated, type Lang, type SheetColumns } from '../../../platform/files/sheet-import.ts';
import { findCoaByCode } from '../coa/service.ts';
import { findCurrencyByCode } from '../currencies/service.ts';
import { listOrgUnits } from '../../configuration/org-units/service.ts';
import { createCashBank, getCashBank, listCashBanks, setCashBankActive, updateCashBank, type CashBankFilter, type CashBankInput } from './service.ts';
import { cashBanks } from './schema.ts';

const EXPORT_ROW_LIMIT = 50_000;

/** Export and import columns; the COA name is written for reading only. */
export const CASH_BANK_COLUMNS = {
  cashBankCode: { id: 'Kode', en: 'Code' },
  cashBankName: { id: 'Nama', en: 'Name' },
  type: { id: 'Tipe', en: 'Type' },
  coaCode: { id: 'Kode COA', en: 'COA Code' },
  coaName: { id: 'Nama COA', en: 'COA Name' },
  currencyCode: { id: 'Mata Uang', en: 'Currency' },
  ouCode: { id: 'Kode OU', en: 'OU Code' },
  accountNumber: { id: 'No. Rekening', en: 'Account Number' },
  active: { id: 'Aktif', en: 'Active' },
} satisfies SheetColumns<string>;
type Column = keyof typeof CASH_BANK_COLUMNS;

const TYPE_NAMES: Record<Lang, Record<CashBankType, string>> = { id: { CASH: 'Kas', BANK: 'Bank' }, en: { CASH: 'Cash', BANK: 'Bank' } };

/** Every organisation unit by id and by lower-cased code, read through the OU service. */
async function orgUnitCodes(tx: Tx) {
  const byId = new Map<string, string>();
  const byCode = new Map<string, { ouId: string }>();
  for (let page = 1; ; page++) {
    const { items } = await listOrgUnits(tx, { page, limit: 1000 });
    for (const u of items) {
      byId.set(u.ouId, u.ouCode);
      byCode.set(u.ouCode.toLowerCase(), { ouId: u.ouId });
    }
    if (items.length < 1000) return { byId, byCode };
  }
}

async function cashBankByCode(tx: Tx, code: string) {
  const rows = await tx.select({ id: cashBanks.id }).from(cashBanks).where(sql`lower(${cashBanks.code}) = lower(${code})`);
  return rows[0] ? getCashBank(tx, rows[0].id) : undefined;
}

/** The cash banks the list shows for the same filter (keyword, type, active) and sort. */
export async function exportCashBanks(tx: Tx, f: CashBankFilter, lang: Lang): Promise<Buffer> {
  const { items } = await listCashBanks(tx, { ...f, page: 1, limit: EXPORT_ROW_LIMIT });
  return writeXlsx<CashBank>(lang === 'id' ? 'Kas dan Bank' : 'Cash and Bank', cashBankSheetColumns(lang, (await orgUnitCodes(tx)).byId), items);
}

/** The export's columns (OU codes by OU id); the import reads a stored cash bank's cells from them too. */
function cashBankSheetColumns(lang: Lang, ouCodes: Map<string, string>): XlsxColumn<CashBank>[] {
  const value: Record<Column, (r: CashBank) => string | null> = {
    cashBankCode: (r) => r.cashBankCode, cashBankName: (r) => r.cashBankName, type: (r) => TYPE_NAMES[lang][r.type], coaCode: (r) => r.coaCode,
    coaName: (r) => r.coaName, currencyCode: (r) => r.currencyCode, ouCode: (r) => (r.ouId ? ouCodes.get(r.ouId) ?? null : null),
    accountNumber: (r) => r.accountNumber, active: (r) => r.active,
  };
  const wide: Partial<Record<Column, number>> = { cashBankCode: 14, cashBankName: 30, coaCode: 14, coaName: 30, accountNumber: 20 };
  const keys = Object.keys(CASH_BANK_COLUMNS) as Column[];
  const titles = headings(CASH_BANK_COLUMNS, lang);
  return keys.map((k, i) => ({ header: titles[i], width: wide[k], value: value[k] }));
}

/**
 * Cash banks from xlsx: upsert by code through the cash-bank service (blank code: the `cash-bank` numbering); the COA,
 * currency and OU by their codes.
 */
export async function importCashBanks(tx: Tx, actor: Actor, file: Readable) {
  const { byCode: ous, byId: ouCodes } = await orgUnitCodes(tx);
  return importRecords(tx, file, {
    columns: CASH_BANK_COLUMNS,
    required: ['cashBankCode', 'cashBankName', 'type', 'coaCode', 'currencyCode'],
    keyColumn: 'cashBankCode',
    stored: async (row) => {
      const code = row.text('cashBankCode');
      const stored = code ? await cashBankByCode(tx, code) : undefined;
      return stored && exportedCells(CASH_BANK_COLUMNS, cashBankSheetColumns('id', ouCodes), stored);
    },
    columnOf: {
      cash_bank_coa_group_invalid: 'coaCode', cash_bank_coa_already_used: 'coaCode', currency_not_found: 'currencyCode', cash_bank_ou_required: 'ouCode',
    },
    parse: async (row) => {
      const coaCode = row.get('coaCode');
      const coa = coaCode ? await findCoaByCode(tx, coaCode) : undefined;
      if (coaCode && !coa) throw new RowError('coaCode', 'coa_not_found', [coaCode]);
      const currencyCode = row.get('currencyCode');
      const currency = currencyCode ? await findCurrencyByCode(tx, currencyCode) : undefined;
      if (currencyCode && !currency) throw new RowError('currencyCode', 'currency_not_found', [currencyCode]);
      const input = validated(cashBankInput, {
        cashBankCode: row.text('cashBankCode'), cashBankName: row.text('cashBankName'), type: row.choice('type', CASH_BANK_TYPES, TYPE_NAMES),
        coaId: coa?.coaId, currencyId: currency?.currencyId, ouId: row.ref('ouCode', ous, 'ou_not_found')?.ouId, accountNumber: row.text('accountNumber'),
      }, (f) => ({ coaId: 'coaCode', currencyId: 'currencyCode', ouId: 'ouCode' })[f] ?? f) as CashBankInput;
      return { input, active: row.flag('active') };
    },
    keyOf: (v) => v.input.cashBankCode.toLowerCase(),
    save: async ({ input, active }, guard) => upsertRecord({
      guard,
      stored: input.cashBankCode ? await cashBankByCode(tx, input.cashBankCode) : undefined,
      active,
      same: (c) => sameFields(c, input),
      create: () => createCashBank(tx, actor, input),
      update: (c) => updateCashBank(tx, actor, c.cashBankId, input),
      setActive: (c, a) => setCashBankActive(tx, actor, c.cashBankId, a),
    }),
  });
}
