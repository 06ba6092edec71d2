import { z } from 'zod';
import { defineEndpoint, listOf, listQuery } from '../endpoint.ts';
import type { ErrorCode } from '../errors.ts';

/** Spec 3/5 organisation-unit types. Company is type 10; COM, BRA and OUT are the spec's type codes. */
export const OU_TYPES = [
  { id: 10, code: 'COM', key: 'company' },
  { id: 20, code: 'MBU', key: 'mainBusinessUnit' },
  { id: 30, code: 'SBU', key: 'subBusinessUnit' },
  { id: 40, code: 'BRA', key: 'branch' },
  { id: 50, code: 'OUT', key: 'accountingUnit' },
] as const;
export type OuTypeCode = (typeof OU_TYPES)[number]['code'];
export const OU_TYPE_CODES = OU_TYPES.map((t) => t.code) as [OuTypeCode, ...OuTypeCode[]];
export const ouTypeByCode = (code: string) => OU_TYPES.find((t) => t.code === code);

/**
 * Spec 5 hierarchy rules for a unit of `type` under a parent of `parentType` (undefined: no parent). Returns the
 * error code of the first rule broken, or undefined. Self- and descendant-parent checks need the tree: the server does them.
 */
export function ouParentProblem(type: OuTypeCode, parentType: OuTypeCode | undefined): ErrorCode | undefined {
  switch (type) {
    case 'COM':
      return parentType ? 'ou_company_cannot_have_parent' : undefined;
    case 'MBU':
      return parentType ? 'ou_main_business_unit_cannot_have_parent' : undefined;
    case 'SBU':
      return parentType === 'BRA' ? undefined : 'ou_sub_business_unit_parent_must_be_branch';
    case 'BRA':
      return parentType === 'MBU' ? undefined : 'ou_branch_parent_must_be_main_business_unit';
    case 'OUT':
      return undefined;
  }
}

const OU_READ = ['readOnlyConfigBusinessUnit', 'createEditConfigBusinessUnit', 'writeAllConfigBusinessUnit'] as const;
const OU_EDIT = ['createEditConfigBusinessUnit', 'writeAllConfigBusinessUnit'] as const;
/** Policy screens and ERP pickers list OUs too. */
const OU_PICK = [
  ...OU_READ,
  'readOnlyConfigPolicy',
  'createEditConfigPolicy',
  'writeAllConfigPolicy',
  'readOnlyConfigUser',
  'createEditConfigUser',
  'writeAllConfigUser',
] as const;
/** Cash-bank editors choose the OU of a bank account (required for the bank type) from the list too. */
const OU_LIST = [...OU_PICK, 'createEditErpCashBank', 'writeAllErpCashBank', 'createEditErpAll', 'writeAllErpAll'] as const;

export const OU_CODE_PATTERN = /^[A-Za-z0-9._-]+$/;

export const legalInfo = z.object({
  address: z.string().trim().max(500).nullable(),
  taxName: z.string().trim().max(200).nullable(),
  taxNumber: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9.-]*$/, 'digits, dots and dashes')
    .nullable(),
  taxDate: z.iso.date().nullable(),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9+()\- ]*$/, 'a phone number')
    .nullable(),
  fax: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9+()\- ]*$/, 'a fax number')
    .nullable(),
  taxableEntrepreneur: z.boolean(),
});
export type LegalInfo = z.infer<typeof legalInfo>;

export const orgUnit = z.object({
  ouId: z.string(),
  ouCode: z.string(),
  ouName: z.string(),
  ouTypeCode: z.enum(OU_TYPE_CODES),
  ouTypeId: z.number(),
  parentId: z.string().nullable(),
  parentCode: z.string().nullable(),
  active: z.enum(['Y', 'N']),
  hasLogo: z.boolean(),
  legal: legalInfo,
});
export type OrgUnit = z.infer<typeof orgUnit>;

const ouInput = z.object({
  ouCode: z.string().trim().min(1).max(20).regex(OU_CODE_PATTERN, 'letters, digits, dot, dash or underscore, no spaces'),
  ouName: z.string().trim().min(1).max(100),
  ouTypeCode: z.enum(OU_TYPE_CODES),
  parentId: z.uuid().nullable(),
});

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 1024 * 1024;

const ouId = z.object({ ouId: z.uuid() });

export const orgUnitEndpoints = {
  listOrgUnits: defineEndpoint({
    method: 'GET',
    path: '/v1/config/org-units',
    access: OU_LIST,
    summary: 'Organisation units (flat, with parent ids, for the tree and pickers)',
    query: listQuery.extend({
      limit: z.coerce
        .number()
        .int()
        .refine((n) => [5, 25, 30, 50, 100, 1000].includes(n), 'limit')
        .default(1000),
      type: z.enum(OU_TYPE_CODES).optional(),
    }),
    response: listOf(orgUnit),
  }),
  getOrgUnit: defineEndpoint({
    method: 'GET',
    path: '/v1/config/org-units/{ouId}',
    access: OU_LIST,
    summary: 'One organisation unit',
    params: ouId,
    response: orgUnit,
  }),
  createOrgUnit: defineEndpoint({
    method: 'POST',
    path: '/v1/config/org-units',
    access: OU_EDIT,
    summary: 'Create an organisation unit under the hierarchy rules',
    body: ouInput,
    response: orgUnit,
  }),
  updateOrgUnit: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/org-units/{ouId}',
    access: OU_EDIT,
    summary: 'Edit code, name, type or parent under the hierarchy rules',
    params: ouId,
    body: ouInput,
    response: orgUnit,
  }),
  setOrgUnitActive: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/org-units/{ouId}/active',
    access: OU_EDIT,
    summary: 'Activate (Y) or deactivate (N)',
    params: ouId,
    body: z.object({ active: z.enum(['Y', 'N']) }),
    response: orgUnit,
  }),
  deleteOrgUnit: defineEndpoint({
    method: 'DELETE',
    path: '/v1/config/org-units/{ouId}',
    access: ['writeAllConfigBusinessUnit'],
    summary: 'Delete a unit without children',
    params: ouId,
    response: z.object({ ok: z.literal(true) }),
  }),
  saveLegalInfo: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/org-units/{ouId}/legal',
    access: OU_EDIT,
    summary: 'Save legal info',
    params: ouId,
    body: legalInfo,
    response: orgUnit,
  }),
  uploadLogo: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/org-units/{ouId}/logo',
    access: OU_EDIT,
    summary: 'Upload the logo (PNG, JPEG or WebP, at most 1 MiB, base64)',
    params: ouId,
    body: z.object({ contentType: z.enum(LOGO_TYPES), dataBase64: z.base64().max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 4) }),
    response: orgUnit,
  }),
  getLogo: defineEndpoint({
    method: 'GET',
    path: '/v1/config/org-units/{ouId}/logo',
    access: OU_PICK,
    summary: 'The logo image',
    params: ouId,
    response: z.custom<Uint8Array>(),
    file: { contentType: 'image/*' },
  }),
};
