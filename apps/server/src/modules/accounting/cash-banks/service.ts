import { asc, eq, sql } from 'drizzle-orm';
import { CASH_BANK_NUMBERING_KEY, todayInJakarta, type CASH_BANK_SORT, type CashBank, type CashBankType, type SortValue } from '@nusa/contracts';
import { caseless } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { recordKit } from '../../../platform/records/kit.ts';
import { defineSheet } from '../../../platform/records/sheet.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { coaByIds, findCoa } from '../coa/service.ts';
import { currenciesByIds, requireActiveCurrency } from '../currencies/service.ts';
import { orgUnitExists, orgUnitNamesByIds } from '../../configuration/org-units/service.ts';
import { nextCode } from '../document-templates/service.ts';
import { cashBanks } from './schema.ts';

type Row = typeof cashBanks.$inferSelect;

/** Rows with the codes of their COA, currency and OU, read through those modules' services. */
async function present(tx: Tx, rows: Row[]): Promise<CashBank[]> {
  const coas = await coaByIds(
    tx,
    rows.map((r) => r.coaId),
  );
  const currencies = await currenciesByIds(
    tx,
    rows.map((r) => r.currencyId),
  );
  const ous = await orgUnitNamesByIds(
    tx,
    rows.map((r) => r.ouId),
  );
  return rows.map((r) => ({
    cashBankId: r.id,
    cashBankCode: r.code,
    cashBankName: r.name,
    type: r.type as CashBankType,
    coaId: r.coaId,
    coaCode: coas.get(r.coaId)?.coaCode ?? '',
    coaName: coas.get(r.coaId)?.coaName ?? '',
    currencyId: r.currencyId,
    currencyCode: currencies.get(r.currencyId)?.currencyCode ?? '',
    ouId: r.ouId,
    ouCode: r.ouId ? (ous.get(r.ouId)?.code ?? null) : null,
    ouName: r.ouId ? (ous.get(r.ouId)?.name ?? null) : null,
    accountNumber: r.accountNumber,
    active: r.active ? 'Y' : 'N',
  }));
}

export interface CashBankFilter {
  keyword?: string;
  type?: CashBankType;
  active?: 'Y' | 'N';
  sort?: SortValue<(typeof CASH_BANK_SORT)[number]>;
}

export const TYPE_NAMES: Record<'id' | 'en', Record<CashBankType, string>> = { id: { CASH: 'Kas', BANK: 'Bank' }, en: { CASH: 'Cash', BANK: 'Bank' } };

/** The cash bank sheet: the export writes it, the import reads it back (the COA name it does not use). */
export const CASH_BANK_SHEET = defineSheet<CashBank>()({
  name: { id: 'Kas dan Bank', en: 'Cash and Bank' },
  fields: {
    cashBankCode: { id: 'Kode', en: 'Code', width: 14, value: (r) => r.cashBankCode },
    cashBankName: { id: 'Nama', en: 'Name', width: 30, value: (r) => r.cashBankName },
    type: { id: 'Tipe', en: 'Type', value: (r, lang) => TYPE_NAMES[lang][r.type] },
    coaCode: { id: 'Kode COA', en: 'COA Code', width: 14, value: (r) => r.coaCode },
    coaName: { id: 'Nama COA', en: 'COA Name', width: 30, value: (r) => r.coaName },
    currencyCode: { id: 'Mata Uang', en: 'Currency', value: (r) => r.currencyCode },
    ouCode: { id: 'Kode OU', en: 'OU Code', value: (r) => r.ouCode },
    accountNumber: { id: 'No. Rekening', en: 'Account Number', width: 20, value: (r) => r.accountNumber },
    active: { id: 'Aktif', en: 'Active', value: (r) => r.active },
  },
});

const codeLock = (code: string) => `cash-bank-code:${code.toLowerCase()}`;

const kit = recordKit({
  table: cashBanks,
  module: 'accounting.cash-bank',
  entity: 'cash-bank',
  errors: { notFound: 'cash_bank_not_found', codeTaken: 'cash_bank_code_already_exists' },
  lockCode: 'cash-bank-code',
  filters: (f: CashBankFilter) => [f.type ? eq(cashBanks.type, f.type) : undefined],
  sort: {
    columns: {
      code: caseless(cashBanks.code),
      name: caseless(cashBanks.name),
      type: cashBanks.type,
      accountNumber: caseless(cashBanks.accountNumber),
      active: cashBanks.active,
    },
    fallback: [asc(sql`lower(${cashBanks.code})`)],
  },
  toRecords: present,
  idOf: (r) => r.cashBankId,
  codeOf: (r) => r.cashBankCode,
  // Each candidate number is locked before it is checked, as a typed code is (see checkInput).
  nextCode: (tx, tenantId, taken) =>
    nextCode(tx, tenantId, CASH_BANK_NUMBERING_KEY, todayInJakarta(), async (c) => {
      await lockUniqueKey(tx, codeLock(c));
      return taken(c);
    }),
  sheet: CASH_BANK_SHEET,
});

export const listCashBanks = (tx: Tx, f: CashBankFilter & { page: number; limit: number }) => kit.list(tx, f);

export const getCashBank = (tx: Tx, id: string): Promise<CashBank> => kit.get(tx, id);

/** The cash bank of a code, any case (the import upserts by it). */
export const findCashBankByCode = (tx: Tx, code: string): Promise<CashBank | undefined> => kit.findByCode(tx, code);

export interface CashBankInput {
  cashBankCode: string;
  cashBankName: string;
  type: CashBankType;
  coaId: string;
  currencyId: string;
  ouId: string | null;
  accountNumber: string | null;
}

/** Spec 5: COA of the cash (CASH) or bank (BANK) group serving no other cash bank, an active currency, an OU for a bank. */
async function checkInput(tx: Tx, input: CashBankInput, exceptId?: string) {
  // Locks in one order (COA, then code; a blank code is locked after numbering) so concurrent creators never deadlock.
  await lockUniqueKey(tx, `cash-bank-coa:${input.coaId}`);
  if (input.cashBankCode) await kit.assertCodeFree(tx, input.cashBankCode, exceptId);
  const coa = await findCoa(tx, input.coaId);
  if (!coa) throw new AppError('coa_not_found', [input.coaId]);
  if (coa.groupPurpose !== (input.type === 'CASH' ? 'cash' : 'bank')) throw new AppError('cash_bank_coa_group_invalid', [coa.coaCode]);
  const user = await tx.select({ id: cashBanks.id }).from(cashBanks).where(eq(cashBanks.coaId, input.coaId));
  if (user.some((r) => r.id !== exceptId)) throw new AppError('cash_bank_coa_already_used', [coa.coaCode]);
  await requireActiveCurrency(tx, input.currencyId);
  if (input.type === 'BANK' && !input.ouId) throw new AppError('cash_bank_ou_required');
  if (input.ouId && !(await orgUnitExists(tx, input.ouId))) throw new AppError('ou_not_found', [input.ouId]);
}

const columnsOf = (input: CashBankInput) => ({
  name: input.cashBankName,
  type: input.type,
  coaId: input.coaId,
  currencyId: input.currencyId,
  ouId: input.ouId,
  accountNumber: input.accountNumber || null,
});

export async function createCashBank(tx: Tx, actor: Actor, input: CashBankInput): Promise<CashBank> {
  await checkInput(tx, input);
  return kit.create(tx, actor, input.cashBankCode, columnsOf(input));
}

/** A blank code on edit keeps the current code. */
export async function updateCashBank(tx: Tx, actor: Actor, id: string, input: CashBankInput): Promise<CashBank> {
  await kit.get(tx, id);
  await checkInput(tx, input, id);
  return kit.update(tx, actor, id, input.cashBankCode, columnsOf(input));
}

export const setCashBankActive = (tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<CashBank> => kit.setActive(tx, actor, id, active);

export const deleteCashBank = (tx: Tx, actor: Actor, id: string): Promise<void> => kit.remove(tx, actor, id);

/** The cash banks the list shows for the same filter (keyword, type, active) and sort. */
export const exportCashBanks = (tx: Tx, f: CashBankFilter, lang: 'id' | 'en'): Promise<Buffer> => kit.exportXlsx(tx, f, lang);

/** The accounts cash banks use, but for `exceptCashBankId`'s own (spec 5: a COA serves one cash bank). */
export async function coaIdsUsedByCashBanks(tx: Tx, exceptCashBankId?: string): Promise<string[]> {
  const rows = await tx.select({ coaId: cashBanks.coaId, id: cashBanks.id }).from(cashBanks);
  return rows.filter((r) => r.id !== exceptCashBankId).map((r) => r.coaId);
}

/** For the COA, currency and OU modules: whether a cash bank still uses the record (blocks its deletion). */
export const cashBankUsesCoa = async (tx: Tx, coaId: string) =>
  (await tx.select({ id: cashBanks.id }).from(cashBanks).where(eq(cashBanks.coaId, coaId)).limit(1)).length ? 'cash_banks' : undefined;
export const cashBankUsesCurrency = async (tx: Tx, currencyId: string) =>
  (await tx.select({ id: cashBanks.id }).from(cashBanks).where(eq(cashBanks.currencyId, currencyId)).limit(1)).length ? 'cash_banks' : undefined;
export const cashBankUsesOu = async (tx: Tx, ouId: string) =>
  (await tx.select({ id: cashBanks.id }).from(cashBanks).where(eq(cashBanks.ouId, ouId)).limit(1)).length ? 'cash_banks' : undefined;

export { seedCashBoxes } from './seed.ts';
