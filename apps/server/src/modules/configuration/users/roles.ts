import { and, asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { APP_ROUTES, TASKS, UNLIMITED, type ROLE_SORT, type RoleItem, type roleInput, type SortValue } from '@nusa/contracts';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit } from '../../../platform/audit/write.ts';
import { roles, roleTasks, userRoles, users } from './schema.ts';
import type { ManageActor } from './manage.ts';
import { assertHolds, assertMayChangeRoleTasks } from './grant-rules.ts';

const MODULE = 'configuration.role';
type RoleInput = z.output<typeof roleInput>;

const columns = {
  id: roles.id,
  name: roles.name,
  type: roles.type,
  superAdmin: roles.isSuperAdmin,
  defaultPage: roles.defaultPage,
  minDiscountPercent: roles.minDiscountPercent,
  maxDiscountPercent: roles.maxDiscountPercent,
  minDiscountAmount: roles.minDiscountAmount,
  maxDiscountAmount: roles.maxDiscountAmount,
  active: roles.active,
  // Qualified by hand: in a one-table select drizzle writes the column unqualified, which the subquery would take as its own.
  userCount: sql<number>`(SELECT count(*)::int FROM users u WHERE u.role_id = roles.id)`,
  taskCount: sql<number>`(SELECT count(*)::int FROM role_tasks rt WHERE rt.role_id = roles.id)`,
};

type Row = {
  id: string;
  name: string;
  type: string;
  superAdmin: boolean;
  defaultPage: string;
  active: boolean;
  userCount: number;
  taskCount: number;
  minDiscountPercent: string;
  maxDiscountPercent: string;
  minDiscountAmount: string;
  maxDiscountAmount: string;
};

/** numeric(20,4) comes back as "-1.0000" or "12.5000"; percent limits are small numbers, amounts stay strings. */
const amount = (v: string) => (Number(v) === UNLIMITED ? '-1' : v.replace(/\.?0+$/, '') || '0');

const toItem = (r: Row): RoleItem => ({
  roleId: r.id,
  name: r.name,
  type: r.type as RoleItem['type'],
  superAdmin: r.superAdmin,
  defaultPage: r.defaultPage,
  minDiscountPercent: Number(r.minDiscountPercent),
  maxDiscountPercent: Number(r.maxDiscountPercent),
  minDiscountAmount: amount(r.minDiscountAmount),
  maxDiscountAmount: amount(r.maxDiscountAmount),
  active: r.active ? 'Y' : 'N',
  userCount: r.userCount,
  taskCount: r.superAdmin ? TASKS.length : r.taskCount,
});

// A Super Admin role holds every task without role_tasks rows: its count is all tasks, as the list shows it.
const SORT_COLUMNS = {
  name: caseless(roles.name),
  type: roles.type,
  users: columns.userCount,
  tasks: sql`CASE WHEN ${roles.isSuperAdmin} THEN ${TASKS.length} ELSE ${columns.taskCount} END`,
};

export async function listRoles(tx: Tx, f: { page: number; limit: number; keyword?: string; sort?: SortValue<(typeof ROLE_SORT)[number]> }) {
  const where = f.keyword ? sql`${roles.name} ILIKE ${`%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined;
  const rows = await tx
    .select(columns)
    .from(roles)
    .where(where)
    .orderBy(...listOrder(f.sort, SORT_COLUMNS, [asc(sql`lower(${roles.name})`)], roles.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const total = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(roles)
    .where(where);
  return { items: rows.map(toItem), total: total[0].n };
}

export async function getRole(tx: Tx, roleId: string) {
  const rows = await tx.select(columns).from(roles).where(eq(roles.id, roleId)).limit(1);
  if (!rows[0]) throw new AppError('role_not_found');
  const item = toItem(rows[0]);
  const tasks = item.superAdmin
    ? [...TASKS]
    : (await tx.select({ task: roleTasks.task }).from(roleTasks).where(eq(roleTasks.roleId, roleId)).orderBy(asc(roleTasks.task))).map((r) => r.task);
  return { ...item, tasks };
}

/** Spec 3/5: -1 means unlimited; a minimum above its maximum makes no sense unless either is unlimited. */
function checkLimits(input: RoleInput) {
  const pairs: [number, number][] = [
    [input.minDiscountPercent, input.maxDiscountPercent],
    [Number(input.minDiscountAmount), Number(input.maxDiscountAmount)],
  ];
  if (pairs.some(([min, max]) => min !== UNLIMITED && max !== UNLIMITED && min > max)) throw new AppError('role_discount_range_invalid');
  if (!APP_ROUTES.some((r) => r.path === input.defaultPage)) throw new AppError('role_default_page_invalid', [input.defaultPage]);
}

async function checkNameFree(tx: Tx, name: string, exceptId?: string) {
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`);
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('role_name_already_exists', [name]);
}

async function setTasks(tx: Tx, tenantId: string, roleId: string, tasks: string[]) {
  await tx.delete(roleTasks).where(eq(roleTasks.roleId, roleId));
  const unique = [...new Set(tasks)];
  if (unique.length) await tx.insert(roleTasks).values(unique.map((task) => ({ tenantId, roleId, task })));
}

const values = (input: RoleInput) => ({
  name: input.name,
  type: input.type,
  defaultPage: input.defaultPage,
  minDiscountPercent: String(input.minDiscountPercent),
  maxDiscountPercent: String(input.maxDiscountPercent),
  minDiscountAmount: input.minDiscountAmount,
  maxDiscountAmount: input.maxDiscountAmount,
});

export async function createRole(tx: Tx, actor: ManageActor, input: RoleInput) {
  assertHolds(actor, input.tasks);
  checkLimits(input);
  await checkNameFree(tx, input.name);
  const id = uuidv7();
  await tx.insert(roles).values({ tenantId: actor.tenantId, id, ...values(input) });
  await setTasks(tx, actor.tenantId, id, input.tasks);
  const after = await getRole(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'role', entityId: id, after });
  return after;
}

/** The Super Admin role is the system's own: only a Super Admin may touch it, and its tasks are always all. */
async function editable(tx: Tx, actor: ManageActor, roleId: string) {
  const before = await getRole(tx, roleId);
  if (before.superAdmin) throw new AppError('super-admin-only');
  return before;
}

export async function updateRole(tx: Tx, actor: ManageActor, roleId: string, input: RoleInput) {
  const before = await editable(tx, actor, roleId);
  await assertMayChangeRoleTasks(tx, actor, roleId, before.tasks, input.tasks);
  checkLimits(input);
  await checkNameFree(tx, input.name, roleId);
  await tx.update(roles).set(values(input)).where(eq(roles.id, roleId));
  await setTasks(tx, actor.tenantId, roleId, input.tasks);
  const after = await getRole(tx, roleId);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'role', entityId: roleId, before, after });
  return after;
}

/** Spec 6: a role cannot be deleted while users or user-role links exist. */
export async function deleteRole(tx: Tx, actor: ManageActor, roleId: string) {
  const before = await editable(tx, actor, roleId);
  const holders = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.roleId, roleId));
  if (holders[0].n > 0) throw new AppError('role-has-users', [holders[0].n]);
  const links = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(eq(userRoles.roleId, roleId));
  if (links[0].n > 0) throw new AppError('role-has-user-roles', [links[0].n]);
  await tx.delete(roles).where(and(eq(roles.id, roleId)));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'role', entityId: roleId, before });
}
