import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { COA_GROUP_SORT, CoaGroup, CoaGroupPurpose, CoaSign, CoaType, SEGMENT_GROUP_SORT, SegmentGroup, SortValue } from '@nusa/contracts';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { writeXlsx, type XlsxColumn } from '../../../platform/files/xlsx.ts';
import { coaAccounts, coaGroups, coaSegmentGroups } from './schema.ts';

const MODULE = 'erp.coa';
export const EXPORT_ROW_LIMIT = 50_000;
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
export const yesNo = (b: boolean) => (b ? 'Y' : 'N') as 'Y' | 'N';
export const xlsxLabels = (lang: 'id' | 'en') => (lang === 'id' ? { Y: 'Ya', N: 'Tidak' } : { Y: 'Yes', N: 'No' });

// ---- COA groups ----

type GroupRow = typeof coaGroups.$inferSelect;
export const toGroup = (r: GroupRow): CoaGroup => ({
  groupId: r.id, groupCode: r.code, groupName: r.name, type: r.type as CoaType, sign: r.sign as CoaSign, purpose: r.purpose as CoaGroupPurpose,
  systemPredefined: yesNo(r.systemPredefined), active: yesNo(r.active),
});

interface GroupFilter { keyword?: string; purpose?: CoaGroupPurpose; sort?: GroupSort }

function groupConditions(f: GroupFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.keyword) where.push(or(sql`${coaGroups.code} ILIKE ${likePattern(f.keyword)}`, sql`${coaGroups.name} ILIKE ${likePattern(f.keyword)}`));
  if (f.purpose) where.push(eq(coaGroups.purpose, f.purpose));
  return where.length ? and(...where) : undefined;
}
const groupOrder = asc(sql`lower(${coaGroups.code})`);
type GroupSort = SortValue<(typeof COA_GROUP_SORT)[number]>;
const GROUP_SORT_COLUMNS = {
  code: caseless(coaGroups.code), name: caseless(coaGroups.name), type: coaGroups.type, sign: coaGroups.sign, purpose: coaGroups.purpose, active: coaGroups.active,
};
const groupListOrder = (sort?: GroupSort) => listOrder(sort, GROUP_SORT_COLUMNS, [groupOrder], coaGroups.id);

export async function listCoaGroups(tx: Tx, f: GroupFilter & { page: number; limit: number }) {
  const where = groupConditions(f);
  const rows = await tx.select().from(coaGroups).where(where).orderBy(...groupListOrder(f.sort)).limit(f.limit).offset((f.page - 1) * f.limit);
  const total = await tx.select({ n: sql<number>`count(*)::int` }).from(coaGroups).where(where);
  return { items: rows.map(toGroup), total: total[0].n };
}

export async function allCoaGroups(tx: Tx): Promise<CoaGroup[]> {
  return (await tx.select().from(coaGroups).orderBy(groupOrder)).map(toGroup);
}

export async function getCoaGroup(tx: Tx, id: string): Promise<CoaGroup> {
  const rows = await tx.select().from(coaGroups).where(eq(coaGroups.id, id));
  if (!rows[0]) throw new AppError('group_coa_not_found', [id]);
  return toGroup(rows[0]);
}

export interface CoaGroupInput { groupCode: string; groupName: string; type: CoaType; sign: CoaSign; purpose: CoaGroupPurpose }

async function checkGroupCodeFree(tx: Tx, code: string, exceptId?: string) {
  await lockUniqueKey(tx, `coa-group-code:${code.toLowerCase()}`);
  const rows = await tx.select({ id: coaGroups.id }).from(coaGroups).where(sql`lower(${coaGroups.code}) = lower(${code})`);
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('group_coa_code_already_exists', [code]);
}

export async function createCoaGroup(tx: Tx, actor: Actor, input: CoaGroupInput, opts: { systemPredefined?: boolean } = {}): Promise<CoaGroup> {
  await checkGroupCodeFree(tx, input.groupCode);
  const id = uuidv7();
  await tx.insert(coaGroups).values({
    tenantId: actor.tenantId, id, code: input.groupCode, name: input.groupName, type: input.type, sign: input.sign, purpose: input.purpose,
    systemPredefined: opts.systemPredefined ?? false,
  });
  const after = await getCoaGroup(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'coa-group', entityId: id, after });
  return after;
}

/** A system-predefined group keeps its code, type, sign and purpose (the system relies on them); its name may change. */
export async function updateCoaGroup(tx: Tx, actor: Actor, id: string, input: CoaGroupInput): Promise<CoaGroup> {
  const before = await getCoaGroup(tx, id);
  if (before.systemPredefined === 'Y'
    && (input.groupCode !== before.groupCode || input.type !== before.type || input.sign !== before.sign || input.purpose !== before.purpose)) {
    throw new AppError('coa_group_system_predefined', [before.groupCode]);
  }
  await checkGroupCodeFree(tx, input.groupCode, id);
  await tx.update(coaGroups).set({ code: input.groupCode, name: input.groupName, type: input.type, sign: input.sign, purpose: input.purpose }).where(eq(coaGroups.id, id));
  const after = await getCoaGroup(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'coa-group', entityId: id, before, after });
  return after;
}

export async function setCoaGroupActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<CoaGroup> {
  const before = await getCoaGroup(tx, id);
  if (before.systemPredefined === 'Y') throw new AppError('coa_group_system_predefined', [before.groupCode]);
  await tx.update(coaGroups).set({ active: active === 'Y' }).where(eq(coaGroups.id, id));
  const after = await getCoaGroup(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'coa-group', entityId: id, before, after });
  return after;
}

export async function deleteCoaGroup(tx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await getCoaGroup(tx, id);
  if (before.systemPredefined === 'Y') throw new AppError('coa_group_system_predefined', [before.groupCode]);
  const account = await tx.select({ id: coaAccounts.id }).from(coaAccounts).where(eq(coaAccounts.groupId, id)).limit(1);
  if (account[0]) throw new AppError('used_by_another_table', ['coa_accounts']);
  await tx.delete(coaGroups).where(eq(coaGroups.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'coa-group', entityId: id, before });
}

/** The groups the list shows for the same filter (keyword, purpose) and sort. */
export async function exportCoaGroups(tx: Tx, f: GroupFilter, lang: 'id' | 'en'): Promise<Buffer> {
  const rows = (await tx.select().from(coaGroups).where(groupConditions(f)).orderBy(...groupListOrder(f.sort)).limit(EXPORT_ROW_LIMIT)).map(toGroup);
  return writeXlsx<CoaGroup>(lang === 'id' ? 'Grup COA' : 'COA Groups', coaGroupSheetColumns(lang), rows);
}

/** The export's columns; the import reads a stored group's cells from them too. */
export function coaGroupSheetColumns(lang: 'id' | 'en'): XlsxColumn<CoaGroup>[] {
  const h = lang === 'id'
    ? ['Kode', 'Nama', 'Tipe', 'Saldo Normal', 'Kegunaan', 'Bawaan Sistem', 'Aktif']
    : ['Code', 'Name', 'Type', 'Normal Balance', 'Purpose', 'System Predefined', 'Active'];
  const yn = xlsxLabels(lang);
  return [
    { header: h[0], value: (r) => r.groupCode },
    { header: h[1], width: 32, value: (r) => r.groupName },
    { header: h[2], value: (r) => r.type },
    { header: h[3], width: 14, value: (r) => r.sign },
    { header: h[4], value: (r) => r.purpose },
    { header: h[5], width: 16, value: (r) => yn[r.systemPredefined] },
    { header: h[6], value: (r) => yn[r.active] },
  ];
}

// ---- Segment groups ----

type SegmentRow = typeof coaSegmentGroups.$inferSelect;
const toSegment = (r: SegmentRow): SegmentGroup => ({ segmentId: r.id, segmentCode: r.code, segmentName: r.name, active: yesNo(r.active) });
const segmentKeyword = (keyword?: string): SQL | undefined =>
  keyword ? or(sql`${coaSegmentGroups.code} ILIKE ${likePattern(keyword)}`, sql`${coaSegmentGroups.name} ILIKE ${likePattern(keyword)}`) : undefined;
type SegmentSort = SortValue<(typeof SEGMENT_GROUP_SORT)[number]>;
const SEGMENT_SORT_COLUMNS = { code: caseless(coaSegmentGroups.code), name: caseless(coaSegmentGroups.name), active: coaSegmentGroups.active };
const segmentOrder = (sort?: SegmentSort) => listOrder(sort, SEGMENT_SORT_COLUMNS, [asc(sql`lower(${coaSegmentGroups.code})`)], coaSegmentGroups.id);

export async function listSegmentGroups(tx: Tx, f: { page: number; limit: number; keyword?: string; sort?: SegmentSort }) {
  const where = segmentKeyword(f.keyword);
  const rows = await tx.select().from(coaSegmentGroups).where(where).orderBy(...segmentOrder(f.sort)).limit(f.limit).offset((f.page - 1) * f.limit);
  const total = await tx.select({ n: sql<number>`count(*)::int` }).from(coaSegmentGroups).where(where);
  return { items: rows.map(toSegment), total: total[0].n };
}

export async function getSegmentGroup(tx: Tx, id: string): Promise<SegmentGroup> {
  const rows = await tx.select().from(coaSegmentGroups).where(eq(coaSegmentGroups.id, id));
  if (!rows[0]) throw new AppError('segment_coa_not_found', [id]);
  return toSegment(rows[0]);
}

export interface SegmentGroupInput { segmentCode: string; segmentName: string }

async function checkSegmentCodeFree(tx: Tx, code: string, exceptId?: string) {
  await lockUniqueKey(tx, `segment-group-code:${code.toLowerCase()}`);
  const rows = await tx.select({ id: coaSegmentGroups.id }).from(coaSegmentGroups).where(sql`lower(${coaSegmentGroups.code}) = lower(${code})`);
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('segment_coa_code_already_exists', [code]);
}

export async function createSegmentGroup(tx: Tx, actor: Actor, input: SegmentGroupInput): Promise<SegmentGroup> {
  await checkSegmentCodeFree(tx, input.segmentCode);
  const id = uuidv7();
  await tx.insert(coaSegmentGroups).values({ tenantId: actor.tenantId, id, code: input.segmentCode, name: input.segmentName });
  const after = await getSegmentGroup(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'segment-group', entityId: id, after });
  return after;
}

export async function updateSegmentGroup(tx: Tx, actor: Actor, id: string, input: SegmentGroupInput): Promise<SegmentGroup> {
  const before = await getSegmentGroup(tx, id);
  await checkSegmentCodeFree(tx, input.segmentCode, id);
  await tx.update(coaSegmentGroups).set({ code: input.segmentCode, name: input.segmentName }).where(eq(coaSegmentGroups.id, id));
  const after = await getSegmentGroup(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'segment-group', entityId: id, before, after });
  return after;
}

export async function setSegmentGroupActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<SegmentGroup> {
  const before = await getSegmentGroup(tx, id);
  await tx.update(coaSegmentGroups).set({ active: active === 'Y' }).where(eq(coaSegmentGroups.id, id));
  const after = await getSegmentGroup(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'segment-group', entityId: id, before, after });
  return after;
}

export async function deleteSegmentGroup(tx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await getSegmentGroup(tx, id);
  await tx.delete(coaSegmentGroups).where(eq(coaSegmentGroups.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'segment-group', entityId: id, before });
}

export async function exportSegmentGroups(tx: Tx, keyword: string | undefined, lang: 'id' | 'en', sort?: SegmentSort): Promise<Buffer> {
  const rows = (await tx.select().from(coaSegmentGroups).where(segmentKeyword(keyword)).orderBy(...segmentOrder(sort)).limit(EXPORT_ROW_LIMIT)).map(toSegment);
  const h = lang === 'id' ? ['Kode', 'Nama', 'Aktif'] : ['Code', 'Name', 'Active'];
  const yn = xlsxLabels(lang);
  return writeXlsx<SegmentGroup>(lang === 'id' ? 'Grup Segmen' : 'Segment Groups', [
    { header: h[0], value: (r) => r.segmentCode },
    { header: h[1], width: 40, value: (r) => r.segmentName },
    { header: h[2], value: (r) => yn[r.active] },
  ], rows);
}
