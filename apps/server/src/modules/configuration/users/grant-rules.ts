import { and, eq, inArray } from 'drizzle-orm';
import { mayGrant, TASKS } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { roles, roleTasks, userRoles, users } from './schema.ts';

/**
 * The rules of every path that grants or limits rights (issue 9):
 *   1. nobody grants a task they do not hold (`task_not_held`); a Super Admin holds all;
 *   2. nobody but a Super Admin changes a Super Admin's account, roles, access or prohibitions, or hands out the
 *      Super Admin role (`super-admin-only`);
 *   3. nobody raises their own rights: own page access, own roles, own roles' tasks, own prohibitions and OU
 *      policies (`cannot_raise_own_rights`). Lowering one's own rights stays allowed.
 * Page access, roles, users and policies call these before they write.
 */
export interface Grantor {
  userId?: string;
  isSuperAdmin: boolean;
  /** The caller's effective tasks at this request. */
  tasks: readonly string[];
}

/** Rule 1 for `tasks` being added: each must be held, itself or through a stronger variant of its page. */
export function assertHolds(actor: Grantor, tasks: Iterable<string>): void {
  const missing = [...new Set(tasks)].filter((task) => !mayGrant(actor.tasks, task)).sort();
  if (missing.length) throw new AppError('task_not_held', [missing.join(', ')]);
}

/** Rule 3: `raises` says whether the change widens the caller's own rights. */
export function assertNotRaisingOwn(actor: Grantor, raises: boolean): void {
  if (raises && !actor.isSuperAdmin) throw new AppError('cannot_raise_own_rights');
}

/** The users among `userIds` who hold the Super Admin role, as their main role or as an extra role. */
export async function superAdminsAmong(tx: Tx, userIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const main = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(and(inArray(users.id, ids), eq(roles.isSuperAdmin, true)));
  const extra = await tx
    .select({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
    .where(and(inArray(userRoles.userId, ids), eq(roles.isSuperAdmin, true)));
  return [...new Set([...main, ...extra].map((r) => r.id))];
}

/** Rule 2: a caller who is not a Super Admin may not change any of these users if one of them is a Super Admin. */
export async function assertMayManage(tx: Tx, actor: Grantor, userIds: readonly string[]): Promise<void> {
  if (actor.isSuperAdmin) return;
  if ((await superAdminsAmong(tx, userIds)).length) throw new AppError('super-admin-only');
}

/** The roles a user holds: the main role and the extra roles they may switch to. */
export async function rolesOfUser(tx: Tx, userId: string): Promise<string[]> {
  const main = await tx.select({ id: users.roleId }).from(users).where(eq(users.id, userId));
  const extra = await tx.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return [...new Set([...main, ...extra].map((r) => r.id))];
}

/** The tasks that holding `roleIds` gives (a Super Admin role gives every task). */
export async function tasksOfRoles(tx: Tx, roleIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(roleIds)];
  if (ids.length === 0) return [];
  const superAdmin = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, ids), eq(roles.isSuperAdmin, true)));
  if (superAdmin.length) return [...TASKS];
  const rows = await tx.selectDistinct({ task: roleTasks.task }).from(roleTasks).where(inArray(roleTasks.roleId, ids));
  return rows.map((r) => r.task);
}

/**
 * Rules 1 and 3 for a change of a role's tasks from `before` to `after`: the tasks added must be held, and a role
 * the caller holds may not gain any.
 */
export async function assertMayChangeRoleTasks(
  tx: Tx,
  actor: Grantor,
  roleId: string | undefined,
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const added = after.filter((task) => !before.includes(task));
  if (added.length === 0) return;
  if (roleId && actor.userId && !actor.isSuperAdmin) assertNotRaisingOwn(actor, (await rolesOfUser(tx, actor.userId)).includes(roleId));
  assertHolds(actor, added);
}
