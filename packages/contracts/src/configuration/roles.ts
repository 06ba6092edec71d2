import { z } from 'zod';
import { defineEndpoint, listOf, listQuery, sortBy } from '../endpoint.ts';
import { isTask } from '../tasks.ts';

export const ROLE_TYPES = ['SUPER_ADMIN', 'ADMIN', 'USER', 'CS_AGENT', 'CASHIER'] as const;
export const UNLIMITED = -1;

const ROLE_READ = ['readOnlyConfigRole', 'createEditConfigRole', 'writeAllConfigRole'] as const;
const ROLE_EDIT = ['createEditConfigRole', 'writeAllConfigRole'] as const;
/** Role pickers on the user and page-access screens read roles too. */
const ROLE_PICK = [
  ...ROLE_READ,
  'readOnlyConfigUser',
  'createEditConfigUser',
  'writeAllConfigUser',
  'readOnlyAksesHalaman',
  'createEditAksesHalaman',
  'writeAllAksesHalaman',
] as const;

/** Spec 6 variants of a page's task, strongest first: writeAll* does all createEdit* does, which does all readOnly* does. */
const VARIANT_ORDER = ['writeAll', 'createEdit', 'readOnly'] as const;
const VARIANT = /^(writeAll|createEdit|readOnly)(.+)$/;

/**
 * Whether a user holding `held` may grant `task` (issue 9): only a task they hold, or a weaker variant of one they
 * hold (every endpoint that accepts readOnlyX also accepts createEditX and writeAllX, so it gives nothing new).
 */
export function mayGrant(held: readonly string[], task: string): boolean {
  if (held.includes(task)) return true;
  const m = VARIANT.exec(task);
  if (!m) return false;
  const rank = VARIANT_ORDER.indexOf(m[1] as (typeof VARIANT_ORDER)[number]);
  return VARIANT_ORDER.slice(0, rank).some((stronger) => held.includes(`${stronger}${m[2]}`));
}

/** -1 means unlimited (spec 3/9); otherwise 0 or more. Amounts are decimal strings (never floats). */
const limit = z.union([z.literal(UNLIMITED), z.number().min(0)]);
const amountLimit = z.union([z.literal('-1'), z.string().regex(/^\d{1,16}(\.\d{1,4})?$/, 'a non-negative amount')]);

export const roleItem = z.object({
  roleId: z.string(),
  name: z.string(),
  type: z.enum(ROLE_TYPES),
  superAdmin: z.boolean(),
  defaultPage: z.string(),
  minDiscountPercent: z.number(),
  maxDiscountPercent: z.number(),
  minDiscountAmount: z.string(),
  maxDiscountAmount: z.string(),
  active: z.enum(['Y', 'N']),
  userCount: z.number().int(),
  taskCount: z.number().int(),
});
export type RoleItem = z.infer<typeof roleItem>;

export const roleInput = z.object({
  name: z.string().trim().min(1).max(60),
  type: z.enum(ROLE_TYPES).exclude(['SUPER_ADMIN']),
  defaultPage: z.string().trim().min(1).max(200),
  minDiscountPercent: limit.refine((n) => n <= 100, 'at most 100'),
  maxDiscountPercent: limit.refine((n) => n <= 100, 'at most 100'),
  minDiscountAmount: amountLimit,
  maxDiscountAmount: amountLimit,
  tasks: z.array(z.string().refine(isTask, 'unknown task')).max(500).default([]),
});

/** The role list's sort fields (its table's columns; users and tasks are their counts). */
export const ROLE_SORT = ['name', 'type', 'users', 'tasks'] as const;

const roleId = z.object({ roleId: z.uuid() });

export const roleEndpoints = {
  listRoles: defineEndpoint({
    method: 'GET',
    path: '/v1/config/roles',
    access: ROLE_PICK,
    summary: 'Roles of the tenant with their user and task counts',
    query: listQuery.extend({ sort: sortBy(ROLE_SORT) }),
    response: listOf(roleItem),
  }),
  getRole: defineEndpoint({
    method: 'GET',
    path: '/v1/config/roles/{roleId}',
    access: ROLE_READ,
    summary: 'One role with its tasks',
    params: roleId,
    response: roleItem.extend({ tasks: z.array(z.string()) }),
  }),
  createRole: defineEndpoint({
    method: 'POST',
    path: '/v1/config/roles',
    access: ROLE_EDIT,
    summary: 'Create a role',
    body: roleInput,
    response: roleItem.extend({ tasks: z.array(z.string()) }),
  }),
  updateRole: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/roles/{roleId}',
    access: ROLE_EDIT,
    summary: 'Edit a role',
    params: roleId,
    body: roleInput,
    response: roleItem.extend({ tasks: z.array(z.string()) }),
  }),
  deleteRole: defineEndpoint({
    method: 'DELETE',
    path: '/v1/config/roles/{roleId}',
    access: ['writeAllConfigRole'],
    summary: 'Delete a role; refused while users hold it or user-role links point to it',
    params: roleId,
    response: z.object({ ok: z.literal(true) }),
  }),
};

const PAGE_ACCESS_READ = ['readOnlyAksesHalaman', 'createEditAksesHalaman', 'writeAllAksesHalaman'] as const;
const PAGE_ACCESS_EDIT = ['createEditAksesHalaman', 'writeAllAksesHalaman'] as const;
const grants = z.object({ tasks: z.array(z.string()) });
const target = z.object({ kind: z.enum(['role', 'user']), id: z.uuid() });

export const pageAccessEndpoints = {
  getPageAccess: defineEndpoint({
    method: 'GET',
    path: '/v1/config/page-access/{kind}/{id}',
    access: PAGE_ACCESS_READ,
    summary: 'Tasks granted to a role or directly to a user',
    params: target,
    response: grants,
  }),
  setPageAccess: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/page-access/{kind}/{id}',
    access: PAGE_ACCESS_EDIT,
    summary: "Replace a role's or user's granted tasks; affected users get them at their next request",
    params: target,
    body: z.object({ tasks: z.array(z.string().refine(isTask, 'unknown task')).max(500) }),
    response: grants,
  }),
  clearPageAccess: defineEndpoint({
    method: 'DELETE',
    path: '/v1/config/page-access/{kind}/{id}',
    access: ['writeAllAksesHalaman'],
    summary: 'Remove every task granted to a role or user at once',
    params: target,
    response: grants,
  }),
};
