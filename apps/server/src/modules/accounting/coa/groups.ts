import { asc, eq, sql } from 'drizzle-orm';
import type { COA_GROUP_SORT, CoaGroup, CoaGroupPurpose, CoaSign, CoaType, SEGMENT_GROUP_SORT, SegmentGroup, SortValue } from '@nusa/contracts';
import { caseless } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { recordKit } from '../../../platform/records/kit.ts';
import { defineSheet } from '../../../platform/records/sheet.ts';
import { coaAccounts, coaGroups, coaSegmentGroups } from './schema.ts';

const MODULE = 'accounting.coa';
export const EXPORT_ROW_LIMIT = 50_000;
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
export const yesNo = (b: boolean) => (b ? 'Y' : 'N') as 'Y' | 'N';
export const xlsxLabels = (lang: 'id' | 'en') => (lang === 'id' ? { Y: 'Ya', N: 'Tidak' } : { Y: 'Yes', N: 'No' });

// ---- COA groups ----

type GroupRow = typeof coaGroups.$inferSelect;
export const toGroup = (r: GroupRow): CoaGroup => ({
  groupId: r.id,
  groupCode: r.code,
  groupName: r.name,
  type: r.type as CoaType,
  sign: r.sign as CoaSign,
  purpose: r.purpose as CoaGroupPurpose,
  systemPredefined: yesNo(r.systemPredefined),
  active: yesNo(r.active),
});

interface GroupFilter {
  keyword?: string;
  purpose?: CoaGroupPurpose;
  sort?: GroupSort;
}

const groupOrder = asc(sql`lower(${coaGroups.code})`);
type GroupSort = SortValue<(typeof COA_GROUP_SORT)[number]>;

/** The COA group sheet: the export writes it, the import reads it back (system-predefined for reading only). */
export const COA_GROUP_SHEET = defineSheet<CoaGroup>()({
  name: { id: 'Grup COA', en: 'COA Groups' },
  fields: {
    groupCode: { id: 'Kode', en: 'Code', value: (r) => r.groupCode },
    groupName: { id: 'Nama', en: 'Name', width: 32, value: (r) => r.groupName },
    type: { id: 'Tipe', en: 'Type', value: (r) => r.type },
    sign: { id: 'Saldo Normal', en: 'Normal Balance', width: 14, value: (r) => r.sign },
    purpose: { id: 'Kegunaan', en: 'Purpose', value: (r) => r.purpose },
    systemPredefined: { id: 'Bawaan Sistem', en: 'System Predefined', width: 16, value: (r, lang) => xlsxLabels(lang)[r.systemPredefined], exportOnly: true },
    active: { id: 'Aktif', en: 'Active', value: (r, lang) => xlsxLabels(lang)[r.active] },
  },
});

const groupKit = recordKit({
  table: coaGroups,
  module: MODULE,
  entity: 'coa-group',
  errors: { notFound: 'group_coa_not_found', codeTaken: 'group_coa_code_already_exists' },
  lockCode: 'coa-group-code',
  filters: (f: GroupFilter) => [f.purpose ? eq(coaGroups.purpose, f.purpose) : undefined],
  sort: {
    columns: {
      code: caseless(coaGroups.code),
      name: caseless(coaGroups.name),
      type: coaGroups.type,
      sign: coaGroups.sign,
      purpose: coaGroups.purpose,
      active: coaGroups.active,
    },
    fallback: [groupOrder],
  },
  toRecords: (_tx, rows) => rows.map(toGroup),
  idOf: (r) => r.groupId,
  codeOf: (r) => r.groupCode,
  usedBy: async (tx, r) =>
    (await tx.select({ id: coaAccounts.id }).from(coaAccounts).where(eq(coaAccounts.groupId, r.groupId)).limit(1))[0] ? 'coa_accounts' : undefined,
  sheet: COA_GROUP_SHEET,
});

export const listCoaGroups = (tx: Tx, f: GroupFilter & { page: number; limit: number }) => groupKit.list(tx, f);

export async function allCoaGroups(tx: Tx): Promise<CoaGroup[]> {
  return (await tx.select().from(coaGroups).orderBy(groupOrder)).map(toGroup);
}

export const getCoaGroup = (tx: Tx, id: string): Promise<CoaGroup> => groupKit.get(tx, id);

/** The group of a code, any case (the import upserts by it). */
export const findCoaGroupByCode = (tx: Tx, code: string): Promise<CoaGroup | undefined> => groupKit.findByCode(tx, code);

export interface CoaGroupInput {
  groupCode: string;
  groupName: string;
  type: CoaType;
  sign: CoaSign;
  purpose: CoaGroupPurpose;
}

const groupFields = (input: CoaGroupInput) => ({ name: input.groupName, type: input.type, sign: input.sign, purpose: input.purpose });

export const createCoaGroup = (tx: Tx, actor: Actor, input: CoaGroupInput, opts: { systemPredefined?: boolean } = {}): Promise<CoaGroup> =>
  groupKit.create(tx, actor, input.groupCode, { ...groupFields(input), systemPredefined: opts.systemPredefined ?? false });

const assertNotSystem = (g: CoaGroup) => {
  if (g.systemPredefined === 'Y') throw new AppError('coa_group_system_predefined', [g.groupCode]);
};

/** A system-predefined group keeps its code, type, sign and purpose (the system relies on them); its name may change. */
export async function updateCoaGroup(tx: Tx, actor: Actor, id: string, input: CoaGroupInput): Promise<CoaGroup> {
  const before = await groupKit.get(tx, id);
  if (input.groupCode !== before.groupCode || input.type !== before.type || input.sign !== before.sign || input.purpose !== before.purpose)
    assertNotSystem(before);
  return groupKit.update(tx, actor, id, input.groupCode, groupFields(input));
}

export async function setCoaGroupActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<CoaGroup> {
  assertNotSystem(await groupKit.get(tx, id));
  return groupKit.setActive(tx, actor, id, active);
}

export async function deleteCoaGroup(tx: Tx, actor: Actor, id: string): Promise<void> {
  assertNotSystem(await groupKit.get(tx, id));
  await groupKit.remove(tx, actor, id);
}

/** The groups the list shows for the same filter (keyword, purpose) and sort. */
export const exportCoaGroups = (tx: Tx, f: GroupFilter, lang: 'id' | 'en'): Promise<Buffer> => groupKit.exportXlsx(tx, f, lang);

// ---- Segment groups ----

type SegmentRow = typeof coaSegmentGroups.$inferSelect;
const toSegment = (r: SegmentRow): SegmentGroup => ({ segmentId: r.id, segmentCode: r.code, segmentName: r.name, active: yesNo(r.active) });
type SegmentSort = SortValue<(typeof SEGMENT_GROUP_SORT)[number]>;

/** The segment group sheet: the export writes it, the import reads it back. */
export const SEGMENT_GROUP_SHEET = defineSheet<SegmentGroup>()({
  name: { id: 'Grup Segmen', en: 'Segment Groups' },
  fields: {
    segmentCode: { id: 'Kode', en: 'Code', value: (r) => r.segmentCode },
    segmentName: { id: 'Nama', en: 'Name', width: 40, value: (r) => r.segmentName },
    active: { id: 'Aktif', en: 'Active', value: (r, lang) => xlsxLabels(lang)[r.active] },
  },
});

const segmentKit = recordKit({
  table: coaSegmentGroups,
  module: MODULE,
  entity: 'segment-group',
  errors: { notFound: 'segment_coa_not_found', codeTaken: 'segment_coa_code_already_exists' },
  lockCode: 'segment-group-code',
  sort: {
    columns: { code: caseless(coaSegmentGroups.code), name: caseless(coaSegmentGroups.name), active: coaSegmentGroups.active },
    fallback: [asc(sql`lower(${coaSegmentGroups.code})`)],
  },
  toRecords: (_tx, rows) => rows.map(toSegment),
  idOf: (r) => r.segmentId,
  codeOf: (r) => r.segmentCode,
  sheet: SEGMENT_GROUP_SHEET,
});

export const listSegmentGroups = (tx: Tx, f: { page: number; limit: number; keyword?: string; sort?: SegmentSort }) => segmentKit.list(tx, f);

export const getSegmentGroup = (tx: Tx, id: string): Promise<SegmentGroup> => segmentKit.get(tx, id);

/** The segment group of a code, any case (the import upserts by it). */
export const findSegmentGroupByCode = (tx: Tx, code: string): Promise<SegmentGroup | undefined> => segmentKit.findByCode(tx, code);

export interface SegmentGroupInput {
  segmentCode: string;
  segmentName: string;
}

export const createSegmentGroup = (tx: Tx, actor: Actor, input: SegmentGroupInput): Promise<SegmentGroup> =>
  segmentKit.create(tx, actor, input.segmentCode, { name: input.segmentName });

export const updateSegmentGroup = (tx: Tx, actor: Actor, id: string, input: SegmentGroupInput): Promise<SegmentGroup> =>
  segmentKit.update(tx, actor, id, input.segmentCode, { name: input.segmentName });

export const setSegmentGroupActive = (tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<SegmentGroup> =>
  segmentKit.setActive(tx, actor, id, active);

export const deleteSegmentGroup = (tx: Tx, actor: Actor, id: string): Promise<void> => segmentKit.remove(tx, actor, id);

export const exportSegmentGroups = (tx: Tx, keyword: string | undefined, lang: 'id' | 'en', sort?: SegmentSort): Promise<Buffer> =>
  segmentKit.exportXlsx(tx, { keyword, sort }, lang);
