import { and, asc, eq, exists, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { CoaAccount, CoaGroupPurpose, CoaSign, CoaTreeAccount, CoaType } from '@nusa/contracts';
import { preparedQuery, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { writeXlsx, type XlsxColumn } from '../../../platform/files/xlsx.ts';
import { coaAccounts, coaGroups } from './schema.ts';
import { EXPORT_ROW_LIMIT, allCoaGroups, getCoaGroup, likePattern, xlsxLabels, yesNo } from './groups.ts';

const MODULE = 'accounting.coa';
const main = alias(coaAccounts, 'main_account');
const sub = alias(coaAccounts, 'sub_account');

/** Answers the name of a record type that still uses an account, or undefined. */
export type InUse = (tx: Tx, id: string) => Promise<string | undefined>;

const columns = {
  id: coaAccounts.id,
  code: coaAccounts.code,
  name: coaAccounts.name,
  description: coaAccounts.description,
  sign: coaAccounts.sign,
  type: coaAccounts.type,
  groupId: coaAccounts.groupId,
  groupCode: coaGroups.code,
  groupName: coaGroups.name,
  groupPurpose: coaGroups.purpose,
  mainAccountId: coaAccounts.mainAccountId,
  mainAccountCode: main.code,
  isDetail: coaAccounts.isDetail,
  isDefault: coaAccounts.isDefault,
  active: coaAccounts.active,
  activityGlCode: coaAccounts.activityGlCode,
  activityGlName: coaAccounts.activityGlName,
};
type Row = {
  id: string;
  code: string;
  name: string;
  description: string | null;
  sign: string;
  type: string;
  groupId: string;
  groupCode: string;
  groupName: string;
  groupPurpose: string;
  mainAccountId: string | null;
  mainAccountCode: string | null;
  isDetail: boolean;
  isDefault: boolean;
  active: boolean;
  activityGlCode: string | null;
  activityGlName: string | null;
};

const toAccount = (r: Row): CoaAccount => ({
  coaId: r.id,
  coaCode: r.code,
  coaName: r.name,
  coaDesc: `${r.code} - ${r.name}`,
  description: r.description,
  sign: r.sign as CoaSign,
  type: r.type as CoaType,
  groupId: r.groupId,
  groupCode: r.groupCode,
  groupName: r.groupName,
  groupPurpose: r.groupPurpose as CoaGroupPurpose,
  mainAccountId: r.mainAccountId,
  mainAccountCode: r.mainAccountCode,
  detail: yesNo(r.isDetail),
  default: yesNo(r.isDefault),
  active: yesNo(r.active),
  activityGlCode: r.activityGlCode,
  activityGlName: r.activityGlName,
});

const base = (tx: Tx) =>
  tx
    .select(columns)
    .from(coaAccounts)
    .innerJoin(coaGroups, and(eq(coaGroups.tenantId, coaAccounts.tenantId), eq(coaGroups.id, coaAccounts.groupId)))
    .leftJoin(main, and(eq(main.tenantId, coaAccounts.tenantId), eq(main.id, coaAccounts.mainAccountId)));

export interface CoaFilter {
  keyword?: string;
  groupId?: string;
  purpose?: CoaGroupPurpose;
  type?: CoaType;
  detail?: 'Y' | 'N';
  active?: 'Y' | 'N';
}

function conditions(f: CoaFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.keyword) {
    const p = likePattern(f.keyword);
    where.push(or(sql`${coaAccounts.code} ILIKE ${p}`, sql`${coaAccounts.name} ILIKE ${p}`, sql`${coaAccounts.description} ILIKE ${p}`));
  }
  if (f.groupId) where.push(eq(coaAccounts.groupId, f.groupId));
  if (f.purpose) where.push(eq(coaGroups.purpose, f.purpose));
  if (f.type) where.push(eq(coaAccounts.type, f.type));
  if (f.detail) where.push(eq(coaAccounts.isDetail, f.detail === 'Y'));
  if (f.active) where.push(eq(coaAccounts.active, f.active === 'Y'));
  return where.length ? and(...where) : undefined;
}
const order = asc(sql`lower(${coaAccounts.code})`);

/** The list; `excludeIds` leaves accounts out (those another module has taken, e.g. cash banks' accounts). */
export async function listCoa(tx: Tx, f: CoaFilter & { page: number; limit: number; excludeIds?: readonly string[] }) {
  const where = and(conditions(f), f.excludeIds?.length ? notInArray(coaAccounts.id, [...f.excludeIds]) : undefined);
  const rows = await base(tx)
    .where(where)
    .orderBy(order)
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const total = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(coaAccounts)
    .innerJoin(coaGroups, and(eq(coaGroups.tenantId, coaAccounts.tenantId), eq(coaGroups.id, coaAccounts.groupId)))
    .where(where);
  return { items: rows.map(toAccount), total: total[0].n };
}

export async function getCoa(tx: Tx, id: string): Promise<CoaAccount> {
  const rows = await base(tx).where(eq(coaAccounts.id, id));
  if (!rows[0]) throw new AppError('coa_not_found', [id]);
  return toAccount(rows[0]);
}

/** An account by id, or undefined (other modules check the accounts they reference through this). */
export async function findCoa(tx: Tx, id: string): Promise<CoaAccount | undefined> {
  const rows = await base(tx).where(eq(coaAccounts.id, id));
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/** The account of a code (any case), for imports of this and other modules (cash banks). */
export async function findCoaByCode(tx: Tx, code: string): Promise<CoaAccount | undefined> {
  const rows = await base(tx).where(sql`lower(${coaAccounts.code}) = lower(${code})`);
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/** Groups → main accounts → sub accounts, each level ordered by code. */
export async function coaTree(tx: Tx) {
  const groups = await allCoaGroups(tx);
  const rows = await base(tx).orderBy(order);
  const accounts = rows.map(toAccount);
  const subs = new Map<string, CoaAccount[]>();
  for (const a of accounts) if (a.mainAccountId) subs.set(a.mainAccountId, [...(subs.get(a.mainAccountId) ?? []), a]);
  return groups.map((g) => ({
    ...g,
    accounts: accounts.filter((a) => a.groupId === g.groupId && !a.mainAccountId).map((a): CoaTreeAccount => ({ ...a, subAccounts: subs.get(a.coaId) ?? [] })),
  }));
}

export interface CoaInput {
  coaCode: string;
  coaName: string;
  description: string | null;
  groupId: string;
  mainAccountId: string | null;
  sign?: CoaSign;
  type?: CoaType;
  detail: boolean;
  isDefault: boolean;
  activityGlCode: string | null;
  activityGlName: string | null;
}

/** Spec 5 rules of an account: unique code, an active group, a main account of the same group, one detail account per group. */
async function checkInput(tx: Tx, input: CoaInput, id?: string) {
  await lockUniqueKey(tx, `coa-code:${input.coaCode.toLowerCase()}`);
  const same = await tx
    .select({ id: coaAccounts.id })
    .from(coaAccounts)
    .where(sql`lower(${coaAccounts.code}) = lower(${input.coaCode})`);
  if (same.some((r) => r.id !== id)) throw new AppError('coa_code_already_exists', [input.coaCode]);
  const group = await getCoaGroup(tx, input.groupId);
  if (group.active === 'N') throw new AppError('coa_group_inactive', [group.groupCode]);
  if (input.mainAccountId) {
    const mainAccount = await findCoa(tx, input.mainAccountId);
    if (!mainAccount || mainAccount.coaId === id || mainAccount.mainAccountId || mainAccount.groupId !== input.groupId) {
      throw new AppError('coa_main_account_invalid', [mainAccount?.coaCode ?? input.mainAccountId]);
    }
  }
  if (id) {
    const sub = await tx.select({ code: coaAccounts.code, groupId: coaAccounts.groupId }).from(coaAccounts).where(eq(coaAccounts.mainAccountId, id)).limit(1);
    // Two levels only, and sub accounts stay in their main account's group.
    if (sub[0] && (input.mainAccountId || input.groupId !== sub[0].groupId)) {
      const self = await getCoa(tx, id);
      throw new AppError('coa_has_sub_accounts', [self.coaCode]);
    }
  }
  if (input.detail) {
    await lockUniqueKey(tx, `coa-detail:${input.groupId}`);
    const detail = await tx
      .select({ id: coaAccounts.id })
      .from(coaAccounts)
      .where(and(eq(coaAccounts.groupId, input.groupId), eq(coaAccounts.isDetail, true)));
    if (detail.some((r) => r.id !== id)) throw new AppError('coa_group_has_detail', [group.groupCode]);
  }
  return group;
}

const lockedDefault = (a: CoaAccount) => {
  if (a.default === 'Y') throw new AppError('coa_default_cannot_be_changed', [a.coaCode]);
};

export async function createCoa(tx: Tx, actor: Actor, input: CoaInput): Promise<CoaAccount> {
  const group = await checkInput(tx, input);
  const id = uuidv7();
  await tx.insert(coaAccounts).values({
    tenantId: actor.tenantId,
    id,
    code: input.coaCode,
    name: input.coaName,
    description: input.description,
    sign: input.sign ?? group.sign,
    type: input.type ?? group.type,
    groupId: input.groupId,
    mainAccountId: input.mainAccountId,
    isDetail: input.detail,
    isDefault: input.isDefault,
    activityGlCode: input.activityGlCode,
    activityGlName: input.activityGlName,
  });
  const after = await getCoa(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'coa', entityId: id, after });
  return after;
}

export async function updateCoa(tx: Tx, actor: Actor, id: string, input: CoaInput): Promise<CoaAccount> {
  const before = await getCoa(tx, id);
  lockedDefault(before);
  const group = await checkInput(tx, input, id);
  await tx
    .update(coaAccounts)
    .set({
      code: input.coaCode,
      name: input.coaName,
      description: input.description,
      sign: input.sign ?? group.sign,
      type: input.type ?? group.type,
      groupId: input.groupId,
      mainAccountId: input.mainAccountId,
      isDetail: input.detail,
      isDefault: input.isDefault,
      activityGlCode: input.activityGlCode,
      activityGlName: input.activityGlName,
    })
    .where(eq(coaAccounts.id, id));
  const after = await getCoa(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'coa', entityId: id, before, after });
  return after;
}

export async function setCoaActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<CoaAccount> {
  const before = await getCoa(tx, id);
  lockedDefault(before);
  await tx
    .update(coaAccounts)
    .set({ active: active === 'Y' })
    .where(eq(coaAccounts.id, id));
  const after = await getCoa(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'coa', entityId: id, before, after });
  return after;
}

/** Refused for a default account, a main account with sub accounts, and an account other records (`inUse`) still use. */
export async function deleteCoa(tx: Tx, actor: Actor, id: string, inUse: InUse[] = []): Promise<void> {
  const before = await getCoa(tx, id);
  lockedDefault(before);
  const sub = await tx.select({ id: coaAccounts.id }).from(coaAccounts).where(eq(coaAccounts.mainAccountId, id)).limit(1);
  if (sub[0]) throw new AppError('coa_has_sub_accounts', [before.coaCode]);
  for (const check of inUse) {
    const user = await check(tx, id);
    if (user) throw new AppError('used_by_another_table', [user]);
  }
  await tx.delete(coaAccounts).where(eq(coaAccounts.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'coa', entityId: id, before });
}

/**
 * The accounts the COA tree's search shows (web coa-tree.ts filterCoaTree): those whose code or name matches, with
 * everything under a matching group or main account, and a main account above a matching sub account.
 */
function treeKeyword(tx: Tx, keyword: string): SQL | undefined {
  const p = likePattern(keyword);
  const subMatch = tx
    .select({ id: sub.id })
    .from(sub)
    .where(and(eq(sub.tenantId, coaAccounts.tenantId), eq(sub.mainAccountId, coaAccounts.id), or(sql`${sub.code} ILIKE ${p}`, sql`${sub.name} ILIKE ${p}`)));
  return or(
    sql`${coaAccounts.code} ILIKE ${p}`,
    sql`${coaAccounts.name} ILIKE ${p}`,
    sql`${main.code} ILIKE ${p}`,
    sql`${main.name} ILIKE ${p}`,
    sql`${coaGroups.code} ILIKE ${p}`,
    sql`${coaGroups.name} ILIKE ${p}`,
    exists(subMatch),
  );
}

/** The accounts the account list (or, with match=tree, the COA tree) shows for the same keyword and filters. */
export async function exportCoa(tx: Tx, f: CoaFilter & { match?: 'account' | 'tree' }, lang: 'id' | 'en'): Promise<Buffer> {
  const where = f.match === 'tree' && f.keyword ? and(conditions({ ...f, keyword: undefined }), treeKeyword(tx, f.keyword)) : conditions(f);
  const rows = (await base(tx).where(where).orderBy(order).limit(EXPORT_ROW_LIMIT)).map(toAccount);
  return writeXlsx<CoaAccount>(lang === 'id' ? 'Bagan Akun' : 'Chart of Accounts', coaSheetColumns(lang), rows);
}

/** The export's columns; the import reads a stored account's cells from them too. */
export function coaSheetColumns(lang: 'id' | 'en'): XlsxColumn<CoaAccount>[] {
  const h =
    lang === 'id'
      ? ['Kode', 'Nama', 'Keterangan', 'Grup', 'Akun Induk', 'Tipe', 'Saldo Normal', 'Detail', 'Bawaan', 'Aktif', 'Kode Aktivitas G/L', 'Nama Aktivitas G/L']
      : [
          'Code',
          'Name',
          'Description',
          'Group',
          'Main Account',
          'Type',
          'Normal Balance',
          'Detail',
          'Default',
          'Active',
          'G/L Activity Code',
          'G/L Activity Name',
        ];
  const yn = xlsxLabels(lang);
  return [
    { header: h[0], width: 14, value: (r) => r.coaCode },
    { header: h[1], width: 36, value: (r) => r.coaName },
    { header: h[2], width: 30, value: (r) => r.description },
    { header: h[3], width: 14, value: (r) => r.groupCode },
    { header: h[4], width: 14, value: (r) => r.mainAccountCode },
    { header: h[5], value: (r) => r.type },
    { header: h[6], width: 14, value: (r) => r.sign },
    { header: h[7], value: (r) => yn[r.detail] },
    { header: h[8], value: (r) => yn[r.default] },
    { header: h[9], value: (r) => yn[r.active] },
    { header: h[10], width: 18, value: (r) => r.activityGlCode },
    { header: h[11], width: 24, value: (r) => r.activityGlName },
  ];
}

/** Accounts by id (for modules that show the accounts they reference), keyed by id. */
export async function coaByIds(tx: Tx, ids: string[]): Promise<Map<string, CoaAccount>> {
  if (ids.length === 0) return new Map();
  // Every document's checks read their accounts: one statement of fixed shape, prepared once per connection.
  const rows = await preparedQuery(tx, 'nusa_coa_by_ids', (tx, name) =>
    base(tx)
      .where(sql`${coaAccounts.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare(name),
  ).execute({ ids: [...new Set(ids)] });
  return new Map(rows.map((r) => [r.id, toAccount(r)]));
}

/**
 * `coaByIds`, and which of them are main accounts with sub accounts (summary accounts: postings go to their sub
 * accounts), in one prepared statement: every journal and cash document's checks ask both.
 */
export async function coaByIdsWithSubAccounts(tx: Tx, ids: string[]): Promise<{ coas: Map<string, CoaAccount>; withSubAccounts: Set<string> }> {
  if (ids.length === 0) return { coas: new Map(), withSubAccounts: new Set() };
  const rows = await preparedQuery(tx, 'nusa_coa_by_ids_with_sub_accounts', (tx, name) =>
    tx
      .select({
        ...columns,
        hasSubAccounts: sql<boolean>`${coaAccounts.id} in (select s.main_account_id from coa_accounts s where s.main_account_id = any(${sql.placeholder('ids')}::uuid[]))`,
      })
      .from(coaAccounts)
      .innerJoin(coaGroups, and(eq(coaGroups.tenantId, coaAccounts.tenantId), eq(coaGroups.id, coaAccounts.groupId)))
      .leftJoin(main, and(eq(main.tenantId, coaAccounts.tenantId), eq(main.id, coaAccounts.mainAccountId)))
      .where(sql`${coaAccounts.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare(name),
  ).execute({ ids: [...new Set(ids)] });
  return { coas: new Map(rows.map((r) => [r.id, toAccount(r)])), withSubAccounts: new Set(rows.filter((r) => r.hasSubAccounts).map((r) => r.id)) };
}

/* The COA module's public face for other modules (onboarding prepares a new tenant's chart): groups and the seed. */
export { listCoaGroups } from './groups.ts';
export { seedChartOfAccounts } from './seed.ts';
