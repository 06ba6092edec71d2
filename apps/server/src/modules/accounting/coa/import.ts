import type { Readable } from 'node:stream';
import { COA_GROUP_PURPOSES, COA_SIGNS, COA_TYPES, coaAccountInput, coaGroupInput, segmentGroupInput, type CoaAccount } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { exportedCells, importRecords, RowError, sameFields, upsertRecord, validated, type SheetColumns } from '../../../platform/files/sheet-import.ts';
import { importSheet } from '../../../platform/records/import.ts';
import {
  allCoaGroups,
  COA_GROUP_SHEET,
  createCoaGroup,
  createSegmentGroup,
  findCoaGroupByCode,
  findSegmentGroupByCode,
  SEGMENT_GROUP_SHEET,
  setCoaGroupActive,
  setSegmentGroupActive,
  updateCoaGroup,
  updateSegmentGroup,
} from './groups.ts';
import { coaSheetColumns, createCoa, findCoaByCode, setCoaActive, updateCoa, type CoaInput } from './service.ts';

const yes = (flag: 'Y' | 'N' | undefined) => flag === 'Y';

/** COA groups from xlsx: upsert by code through the group service (a system-predefined group keeps its rules). */
export function importCoaGroups(tx: Tx, actor: Actor, file: Readable) {
  return importSheet(tx, file, COA_GROUP_SHEET, {
    required: ['groupCode', 'groupName', 'type', 'sign'],
    keyColumn: 'groupCode',
    find: (code) => findCoaGroupByCode(tx, code),
    parse: (row) => ({
      input: validated(coaGroupInput, {
        groupCode: row.text('groupCode'),
        groupName: row.text('groupName'),
        type: row.choice('type', COA_TYPES),
        sign: row.choice('sign', COA_SIGNS),
        purpose: row.choice('purpose', COA_GROUP_PURPOSES),
      }),
      active: row.flag('active'),
    }),
    codeOf: (input) => input.groupCode,
    same: (g, input) => sameFields(g, input),
    create: (input) => createCoaGroup(tx, actor, input),
    update: (g, input) => updateCoaGroup(tx, actor, g.groupId, input),
    setActive: (g, a) => setCoaGroupActive(tx, actor, g.groupId, a),
  });
}

/** Segment groups from xlsx: upsert by code through the group service. */
export function importSegmentGroups(tx: Tx, actor: Actor, file: Readable) {
  return importSheet(tx, file, SEGMENT_GROUP_SHEET, {
    required: ['segmentCode', 'segmentName'],
    keyColumn: 'segmentCode',
    find: (code) => findSegmentGroupByCode(tx, code),
    parse: (row) => ({
      input: validated(segmentGroupInput, { segmentCode: row.text('segmentCode'), segmentName: row.text('segmentName') }),
      active: row.flag('active'),
    }),
    codeOf: (input) => input.segmentCode,
    same: (s, input) => sameFields(s, input),
    create: (input) => createSegmentGroup(tx, actor, input),
    update: (s, input) => updateSegmentGroup(tx, actor, s.segmentId, input),
    setActive: (s, a) => setSegmentGroupActive(tx, actor, s.segmentId, a),
  });
}

/** The headings of the chart-of-accounts export. */
export const COA_COLUMNS = {
  coaCode: { id: 'Kode', en: 'Code' },
  coaName: { id: 'Nama', en: 'Name' },
  description: { id: 'Keterangan', en: 'Description' },
  groupCode: { id: 'Grup', en: 'Group' },
  mainAccountCode: { id: 'Akun Induk', en: 'Main Account' },
  type: { id: 'Tipe', en: 'Type' },
  sign: { id: 'Saldo Normal', en: 'Normal Balance' },
  detail: { id: 'Detail', en: 'Detail' },
  isDefault: { id: 'Bawaan', en: 'Default' },
  active: { id: 'Aktif', en: 'Active' },
  activityGlCode: { id: 'Kode Aktivitas G/L', en: 'G/L Activity Code' },
  activityGlName: { id: 'Nama Aktivitas G/L', en: 'G/L Activity Name' },
} satisfies SheetColumns<string>;

/** What a row sets, as the stored account shows it. */
const inputOf = (a: CoaAccount): CoaInput => ({
  coaCode: a.coaCode,
  coaName: a.coaName,
  description: a.description,
  groupId: a.groupId,
  mainAccountId: a.mainAccountId,
  sign: a.sign,
  type: a.type,
  detail: a.detail === 'Y',
  isDefault: a.default === 'Y',
  activityGlCode: a.activityGlCode,
  activityGlName: a.activityGlName,
});

/**
 * Accounts from xlsx: upsert by code through the account service (group active, main account of the same group,
 * one detail account per group, default accounts locked). A main account comes before its sub accounts in the file,
 * as in the export (ordered by code).
 */
export async function importCoa(tx: Tx, actor: Actor, file: Readable) {
  const groups = new Map((await allCoaGroups(tx)).map((g) => [g.groupCode.toLowerCase(), g]));
  return importRecords(tx, file, {
    columns: COA_COLUMNS,
    required: ['coaCode', 'coaName', 'groupCode'],
    keyColumn: 'coaCode',
    stored: async (row) => {
      const code = row.text('coaCode');
      const stored = code ? await findCoaByCode(tx, code) : undefined;
      return stored && exportedCells(COA_COLUMNS, coaSheetColumns('id'), stored);
    },
    columnOf: {
      coa_group_inactive: 'groupCode',
      coa_main_account_invalid: 'mainAccountCode',
      coa_has_sub_accounts: 'mainAccountCode',
      coa_group_has_detail: 'detail',
      coa_default_cannot_be_changed: 'isDefault',
    },
    parse: (row) => {
      const group = row.ref('groupCode', groups, 'group_coa_not_found');
      const input = validated(
        coaAccountInput,
        {
          coaCode: row.text('coaCode'),
          coaName: row.text('coaName'),
          description: row.text('description'),
          groupId: group?.groupId,
          type: row.choice('type', COA_TYPES),
          sign: row.choice('sign', COA_SIGNS),
          detail: yes(row.flag('detail')),
          isDefault: yes(row.flag('isDefault')),
          activityGlCode: row.text('activityGlCode'),
          activityGlName: row.text('activityGlName'),
        },
        (f) => (f === 'groupId' ? 'groupCode' : f),
      );
      // The group's sign and type when the row leaves them blank, as create does.
      return {
        input: { ...input, sign: input.sign ?? group!.sign, type: input.type ?? group!.type },
        mainCode: row.text('mainAccountCode'),
        active: row.flag('active'),
      };
    },
    keyOf: (v) => v.input.coaCode.toLowerCase(),
    save: async ({ input: parsed, mainCode, active }, guard) => {
      let mainAccountId: string | null = null;
      if (mainCode) {
        const main = await findCoaByCode(tx, mainCode);
        if (!main) throw new RowError('mainAccountCode', 'coa_not_found', [mainCode]);
        mainAccountId = main.coaId;
      }
      const input: CoaInput = { ...parsed, mainAccountId };
      return upsertRecord({
        guard,
        stored: await findCoaByCode(tx, input.coaCode),
        active,
        same: (a) => sameFields(inputOf(a), input),
        create: () => createCoa(tx, actor, input),
        update: (a) => updateCoa(tx, actor, a.coaId, input),
        setActive: (a, x) => setCoaActive(tx, actor, a.coaId, x),
      });
    },
  });
}
