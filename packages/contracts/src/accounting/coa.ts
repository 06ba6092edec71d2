import { z } from 'zod';
import { XLSX_CONTENT_TYPE, defineEndpoint, listOf, listQuery, sortBy } from '../endpoint.ts';
import { importEndpoint } from './sheet-import.ts';

/** Chart of accounts (spec 5, issue 4): COA groups, segment groups and accounts (main and sub accounts). */

export const COA_TYPES = ['asset', 'liability', 'equity', 'cost', 'revenue'] as const;
export type CoaType = (typeof COA_TYPES)[number];
export const COA_SIGNS = ['debit', 'credit'] as const;
export type CoaSign = (typeof COA_SIGNS)[number];
/** What a group's accounts are for: cash banks of type CASH take accounts of a `cash` group, of type BANK of a `bank` group. */
export const COA_GROUP_PURPOSES = ['general', 'cash', 'bank'] as const;
export type CoaGroupPurpose = (typeof COA_GROUP_PURPOSES)[number];
/** Spec 5 leaves the segment group name limit open; we allow 40 characters (fits the report column). */
export const SEGMENT_GROUP_NAME_MAX = 40;
export const COA_CODE_PATTERN = /^[A-Za-z0-9.-]+$/;

const COA_READ = ['readOnlyErpCoa', 'createEditErpCoa', 'writeAllErpCoa', 'readOnlyErpAll', 'createEditErpAll', 'writeAllErpAll'] as const;
/** Account pickers: cash-bank editors choose the cash bank's account. */
const COA_PICK = [...COA_READ, 'createEditErpCashBank', 'writeAllErpCashBank'] as const;
const COA_EDIT = ['createEditErpCoa', 'writeAllErpCoa', 'createEditErpAll', 'writeAllErpAll'] as const;
const COA_FULL = ['writeAllErpCoa', 'writeAllErpAll'] as const;

const YN = z.enum(['Y', 'N']);
const activeBody = z.object({ active: YN });
const ok = z.object({ ok: z.literal(true) });
/** Sort fields of the COA group and segment group lists (their tables' columns). */
export const COA_GROUP_SORT = ['code', 'name', 'type', 'sign', 'purpose', 'active'] as const;
export const SEGMENT_GROUP_SORT = ['code', 'name', 'active'] as const;

const exportQuery = z.object({ keyword: z.string().trim().max(100).optional(), lang: z.enum(['id', 'en']).default('id') });
const xlsx = { response: z.custom<Uint8Array>(), file: { contentType: XLSX_CONTENT_TYPE } };
const code = (max: number) => z.string().trim().min(1).max(max).regex(COA_CODE_PATTERN, 'letters, digits, dot or dash, no spaces');

export const coaGroup = z.object({
  groupId: z.string(),
  groupCode: z.string(),
  groupName: z.string(),
  type: z.enum(COA_TYPES),
  sign: z.enum(COA_SIGNS),
  purpose: z.enum(COA_GROUP_PURPOSES),
  systemPredefined: YN,
  active: YN,
});
export type CoaGroup = z.infer<typeof coaGroup>;
export const coaGroupInput = z.object({
  groupCode: code(20),
  groupName: z.string().trim().min(1).max(100),
  type: z.enum(COA_TYPES),
  sign: z.enum(COA_SIGNS),
  purpose: z.enum(COA_GROUP_PURPOSES).default('general'),
});

export const segmentGroup = z.object({ segmentId: z.string(), segmentCode: z.string(), segmentName: z.string(), active: YN });
export type SegmentGroup = z.infer<typeof segmentGroup>;
export const segmentGroupInput = z.object({ segmentCode: code(20), segmentName: z.string().trim().min(1).max(SEGMENT_GROUP_NAME_MAX) });

export const coaAccount = z.object({
  coaId: z.string(),
  coaCode: z.string(),
  coaName: z.string(),
  /** Display text for pickers and reports: "code - name". */
  coaDesc: z.string(),
  description: z.string().nullable(),
  sign: z.enum(COA_SIGNS),
  type: z.enum(COA_TYPES),
  groupId: z.string(),
  groupCode: z.string(),
  groupName: z.string(),
  groupPurpose: z.enum(COA_GROUP_PURPOSES),
  /** The main account of a sub account; null for a main account. */
  mainAccountId: z.string().nullable(),
  mainAccountCode: z.string().nullable(),
  detail: YN,
  default: YN,
  active: YN,
  activityGlCode: z.string().nullable(),
  activityGlName: z.string().nullable(),
});
export type CoaAccount = z.infer<typeof coaAccount>;

export const coaAccountInput = z.object({
  coaCode: code(30),
  coaName: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).nullable().default(null),
  groupId: z.uuid(),
  mainAccountId: z.uuid().nullable().default(null),
  /** Default: the group's sign and type. */
  sign: z.enum(COA_SIGNS).optional(),
  type: z.enum(COA_TYPES).optional(),
  detail: z.boolean().default(false),
  /** A default account is locked once saved (spec 5: default COA details cannot be edited or removed). */
  isDefault: z.boolean().default(false),
  activityGlCode: z.string().trim().max(30).nullable().default(null),
  activityGlName: z.string().trim().max(100).nullable().default(null),
});
export type CoaAccountInput = z.input<typeof coaAccountInput>;

export type CoaTreeAccount = CoaAccount & { subAccounts: CoaAccount[] };
export const coaTree = z.array(coaGroup.extend({ accounts: z.array(coaAccount.extend({ subAccounts: z.array(coaAccount) })) }));

const groupId = z.object({ groupId: z.uuid() });
const segmentId = z.object({ segmentId: z.uuid() });
const coaId = z.object({ coaId: z.uuid() });
/** What the COA group and account lists filter by besides the keyword; their exports take the same. */
const coaGroupFilters = { purpose: z.enum(COA_GROUP_PURPOSES).optional(), sort: sortBy(COA_GROUP_SORT) };
const coaFilters = {
  groupId: z.uuid().optional(),
  purpose: z.enum(COA_GROUP_PURPOSES).optional(),
  type: z.enum(COA_TYPES).optional(),
  detail: YN.optional(),
  active: YN.optional(),
};

export const coaEndpoints = {
  listCoaGroups: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/coa-groups',
    access: COA_PICK,
    summary: 'COA groups',
    query: listQuery.extend(coaGroupFilters),
    response: listOf(coaGroup),
  }),
  exportCoaGroups: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/coa-groups/export',
    access: COA_READ,
    summary: "COA groups of the list's filters as an xlsx file",
    query: exportQuery.extend(coaGroupFilters),
    ...xlsx,
  }),
  importCoaGroups: importEndpoint('/v1/erp/coa-groups', 'COA group', COA_EDIT),
  getCoaGroup: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/coa-groups/{groupId}',
    access: COA_PICK,
    summary: 'One COA group',
    params: groupId,
    response: coaGroup,
  }),
  createCoaGroup: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/coa-groups',
    access: COA_EDIT,
    summary: 'Create a COA group',
    body: coaGroupInput,
    response: coaGroup,
  }),
  updateCoaGroup: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/coa-groups/{groupId}',
    access: COA_EDIT,
    summary: 'Edit a COA group (a system-predefined group: its name only)',
    params: groupId,
    body: coaGroupInput,
    response: coaGroup,
  }),
  setCoaGroupActive: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/coa-groups/{groupId}/active',
    access: COA_EDIT,
    summary: 'Activate (Y) or deactivate (N); not a system-predefined group',
    params: groupId,
    body: activeBody,
    response: coaGroup,
  }),
  deleteCoaGroup: defineEndpoint({
    method: 'DELETE',
    path: '/v1/erp/coa-groups/{groupId}',
    access: COA_FULL,
    summary: 'Delete a COA group without accounts; not a system-predefined group',
    params: groupId,
    response: ok,
  }),

  listSegmentGroups: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/segment-groups',
    access: COA_PICK,
    summary: 'Segment groups',
    query: listQuery.extend({ sort: sortBy(SEGMENT_GROUP_SORT) }),
    response: listOf(segmentGroup),
  }),
  exportSegmentGroups: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/segment-groups/export',
    access: COA_READ,
    summary: 'Segment groups as an xlsx file',
    query: exportQuery.extend({ sort: sortBy(SEGMENT_GROUP_SORT) }),
    ...xlsx,
  }),
  importSegmentGroups: importEndpoint('/v1/erp/segment-groups', 'segment group', COA_EDIT),
  getSegmentGroup: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/segment-groups/{segmentId}',
    access: COA_PICK,
    summary: 'One segment group',
    params: segmentId,
    response: segmentGroup,
  }),
  createSegmentGroup: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/segment-groups',
    access: COA_EDIT,
    summary: `Create a segment group (name at most ${SEGMENT_GROUP_NAME_MAX} characters)`,
    body: segmentGroupInput,
    response: segmentGroup,
  }),
  updateSegmentGroup: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/segment-groups/{segmentId}',
    access: COA_EDIT,
    summary: 'Edit a segment group',
    params: segmentId,
    body: segmentGroupInput,
    response: segmentGroup,
  }),
  setSegmentGroupActive: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/segment-groups/{segmentId}/active',
    access: COA_EDIT,
    summary: 'Activate (Y) or deactivate (N)',
    params: segmentId,
    body: activeBody,
    response: segmentGroup,
  }),
  deleteSegmentGroup: defineEndpoint({
    method: 'DELETE',
    path: '/v1/erp/segment-groups/{segmentId}',
    access: COA_FULL,
    summary: 'Delete a segment group',
    params: segmentId,
    response: ok,
  }),

  listCoa: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/coa',
    access: COA_PICK,
    summary: 'Accounts; filter by group, purpose (cash/bank pickers), type, detail and active',
    query: listQuery.extend({
      ...coaFilters,
      /**
       * Only accounts no cash bank uses yet (spec 5: a COA serves one cash bank): 'new' for a cash bank being
       * created, else the id of the cash bank being edited, whose own account stays on offer.
       */
      freeForCashBank: z.union([z.literal('new'), z.uuid()]).optional(),
    }),
    response: listOf(coaAccount),
  }),
  exportCoa: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/coa/export',
    access: COA_READ,
    summary: "Chart of accounts (of the account list's filters, or of the tree's search) as an xlsx file",
    query: exportQuery.extend({
      ...coaFilters,
      /**
       * How the keyword matches: `account` like the account list (code, name, description); `tree` like the COA tree's
       * search, which shows an account when its code or name matches, or its main account's, its group's or a sub account's.
       */
      match: z.enum(['account', 'tree']).default('account'),
    }),
    ...xlsx,
  }),
  importCoa: importEndpoint('/v1/erp/coa', 'account (COA)', COA_EDIT),
  coaTree: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/coa/tree',
    access: COA_PICK,
    summary: 'Chart of accounts as a tree: groups → main accounts → sub accounts',
    response: coaTree,
  }),
  getCoa: defineEndpoint({ method: 'GET', path: '/v1/erp/coa/{coaId}', access: COA_PICK, summary: 'One account', params: coaId, response: coaAccount }),
  createCoa: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/coa',
    access: COA_EDIT,
    summary: 'Create an account (a main account, or a sub account of a main account of the same group)',
    body: coaAccountInput,
    response: coaAccount,
  }),
  updateCoa: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/coa/{coaId}',
    access: COA_EDIT,
    summary: 'Edit an account; never a default account',
    params: coaId,
    body: coaAccountInput,
    response: coaAccount,
  }),
  setCoaActive: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/coa/{coaId}/active',
    access: COA_EDIT,
    summary: 'Activate (Y) or deactivate (N); never a default account',
    params: coaId,
    body: activeBody,
    response: coaAccount,
  }),
  deleteCoa: defineEndpoint({
    method: 'DELETE',
    path: '/v1/erp/coa/{coaId}',
    access: COA_FULL,
    summary: 'Delete an account without sub accounts that no record uses; never a default account',
    params: coaId,
    response: ok,
  }),
};
