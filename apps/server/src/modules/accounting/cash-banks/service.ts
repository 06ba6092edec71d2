import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { CASH_BANK_NUMBERING_KEY, todayInJakarta, type CASH_BANK_SORT, type CashBank, type CashBankType, type SortValue } from '@nusa/contracts';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { coaByIds, findCoa } from '../coa/service.ts';
import { currenciesByIds, requireActiveCurrency } from '../currencies/service.ts';
import { orgUnitExists, orgUnitNamesByIds } from '../../configuration/org-units/service.ts';
import { nextCode } from '../document-templates/service.ts';
import { cashBanks } from './schema.ts';

const MODULE = 'erp.cash-bank';
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Row = typeof cashBanks.$inferSelect;

/** Rows with the codes of their COA, currency and OU, read through those modules' services. */
async function present(tx: Tx, rows: Row[]): Promise<CashBank[]> {
  const coas = await coaByIds(tx, rows.map((r) => r.coaId));
  const currencies = await currenciesByIds(tx, rows.map((r) => r.currencyId));
  const ous = await orgUnitNamesByIds(tx, rows.map((r) => r.ouId));
  return rows.map((r) => ({
    cashBankId: r.id, cashBankCode: r.code, cashBankName: r.name, type: r.type as CashBankType, coaId: r.coaId,
    coaCode: coas.get(r.coaId)?.coaCode ?? '', coaName: coas.get(r.coaId)?.coaName ?? '', currencyId: r.currencyId,
    currencyCode: currencies.get(r.currencyId)?.currencyCode ?? '', ouId: r.ouId, ouCode: r.ouId ? (ous.get(r.ouId)?.code ?? null) : null,
    ouName: r.ouId ? (ous.get(r.ouId)?.name ?? null) : null, accountNumber: r.accountNumber, active: r.active ? 'Y' : 'N',
  }));
}

export interface CashBankFilter { keyword?: string; type?: CashBankType; active?: 'Y' | 'N'; sort?: SortValue<(typeof CASH_BANK_SORT)[number]> }

function conditions(f: CashBankFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.keyword) where.push(or(sql`${cashBanks.code} ILIKE ${likePattern(f.keyword)}`, sql`${cashBanks.name} ILIKE ${likePattern(f.keyword)}`));
  if (f.type) where.push(eq(cashBanks.type, f.type));
  if (f.active) where.push(eq(cashBanks.active, f.active === 'Y'));
  return where.length ? and(...where) : undefined;
}
const SORT_COLUMNS = {
  code: caseless(cashBanks.code), name: caseless(cashBanks.name), type: cashBanks.type, accountNumber: caseless(cashBanks.accountNumber), active: cashBanks.active,
};
const order = (f: CashBankFilter) => listOrder(f.sort, SORT_COLUMNS, [asc(sql`lower(${cashBanks.code})`)], cashBanks.id);

export async function listCashBanks(tx: Tx, f: CashBankFilter & { page: number; limit: number }) {
  const where = conditions(f);
  const rows = await tx.select().from(cashBanks).where(where).orderBy(...order(f)).limit(f.limit).offset((f.page - 1) * f.limit);
  const total = await tx.select({ n: sql<number>`count(*)::int` }).from(cashBanks).where(where);
  return { items: await present(tx, rows), total: total[0].n };
}

export async function getCashBank(tx: Tx, id: string): Promise<CashBank> {
  const rows = await tx.select().from(cashBanks).where(eq(cashBanks.id, id));
  if (!rows[0]) throw new AppError('cash_bank_not_found', [id]);
  return (await present(tx, rows))[0];
}

export interface CashBankInput {
  cashBankCode: string; cashBankName: string; type: CashBankType; coaId: string; currencyId: string; ouId: string | null; accountNumber: string | null;
}

const codeTaken = (tx: Tx, code: string, exceptId?: string) =>
  tx.select({ id: cashBanks.id }).from(cashBanks).where(sql`lower(${cashBanks.code}) = lower(${code})`).then((rows) => rows.some((r) => r.id !== exceptId));

/** Spec 5: COA of the cash (CASH) or bank (BANK) group serving no other cash bank, an active currency, an OU for a bank. */
async function checkInput(tx: Tx, input: CashBankInput, exceptId?: string) {
  // Locks in one order (COA, then code; a blank code is locked after numbering) so concurrent creators never deadlock.
  await lockUniqueKey(tx, `cash-bank-coa:${input.coaId}`);
  if (input.cashBankCode) await lockUniqueKey(tx, `cash-bank-code:${input.cashBankCode.toLowerCase()}`);
  if (input.cashBankCode && (await codeTaken(tx, input.cashBankCode, exceptId))) throw new AppError('cash_bank_code_already_exists', [input.cashBankCode]);
  const coa = await findCoa(tx, input.coaId);
  if (!coa) throw new AppError('coa_not_found', [input.coaId]);
  if (coa.groupPurpose !== (input.type === 'CASH' ? 'cash' : 'bank')) throw new AppError('cash_bank_coa_group_invalid', [coa.coaCode]);
  const user = await tx.select({ id: cashBanks.id }).from(cashBanks).where(eq(cashBanks.coaId, input.coaId));
  if (user.some((r) => r.id !== exceptId)) throw new AppError('cash_bank_coa_already_used', [coa.coaCode]);
  await requireActiveCurrency(tx, input.currencyId);
  if (input.type === 'BANK' && !input.ouId) throw new AppError('cash_bank_ou_required');
  if (input.ouId && !(await orgUnitExists(tx, input.ouId))) throw new AppError('ou_not_found', [input.ouId]);
}

const columnsOf = (input: CashBankInput, code: string) => ({
  code, name: input.cashBankName, type: input.type, coaId: input.coaId, currencyId: input.currencyId, ouId: input.ouId, accountNumber: input.accountNumber || null,
});

export async function createCashBank(tx: Tx, actor: Actor, input: CashBankInput): Promise<CashBank> {
  await checkInput(tx, input);
  const code = input.cashBankCode || (await nextCode(tx, actor.tenantId, CASH_BANK_NUMBERING_KEY, todayInJakarta(), async (c) => {
    await lockUniqueKey(tx, `cash-bank-code:${c.toLowerCase()}`);
    return codeTaken(tx, c);
  }));
  const id = uuidv7();
  await tx.insert(cashBanks).values({ tenantId: actor.tenantId, id, ...columnsOf(input, code) });
  const after = await getCashBank(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'cash-bank', entityId: id, after });
  return after;
}

/** A blank code on edit keeps the current code. */
export async function updateCashBank(tx: Tx, actor: Actor, id: string, input: CashBankInput): Promise<CashBank> {
  const before = await getCashBank(tx, id);
  await checkInput(tx, input, id);
  await tx.update(cashBanks).set(columnsOf(input, input.cashBankCode || before.cashBankCode)).where(eq(cashBanks.id, id));
  const after = await getCashBank(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'cash-bank', entityId: id, before, after });
  return after;
}

export async function setCashBankActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<CashBank> {
  const before = await getCashBank(tx, id);
  await tx.update(cashBanks).set({ active: active === 'Y' }).where(eq(cashBanks.id, id));
  const after = await getCashBank(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'cash-bank', entityId: id, before, after });
  return after;
}

export async function deleteCashBank(tx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await getCashBank(tx, id);
  await tx.delete(cashBanks).where(eq(cashBanks.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'cash-bank', entityId: id, before });
}

/** For the COA, currency and OU modules: whether a cash bank still uses the record (blocks its deletion). */
/** The accounts cash banks use, but for `exceptCashBankId`'s own (spec 5: a COA serves one cash bank). */
export async function coaIdsUsedByCashBanks(tx: Tx, exceptCashBankId?: string): Promise<string[]> {
  const rows = await tx.select({ coaId: cashBanks.coaId, id: cashBanks.id }).from(cashBanks);
  return rows.filter((r) => r.id !== exceptCashBankId).map((r) => r.coaId);
}

export const cashBankUsesCoa = async (tx: Tx, coaId: string) =>
  ((await tx.select({ id: cashBanks.id }).from(cashBanks).where(eq(cashBanks.coaId, coaId)).limit(1)).length ? 'cash_banks' : undefined);
export const cashBankUsesCurrency = async (tx: Tx, currencyId: string) =>
  ((await tx.select({ id: cashBanks.id }).from(cashBanks).where(eq(cashBanks.currencyId, currencyId)).limit(1)).length ? 'cash_banks' : undefined);
export const cashBankUsesOu = async (tx: Tx, ouId: string) =>
  ((await tx.select({ id: cashBanks.id }).from(cashBanks).where(eq(cashBanks.ouId, ouId)).limit(1)).length ? 'cash_banks' : undefined);
