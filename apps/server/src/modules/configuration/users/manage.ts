import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { passwordProblems, type PasswordPolicy, type SortValue, type USER_SORT, type UserItem, type YN } from '@nusa/contracts';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { hashPassword } from '../../../platform/auth/passwords.ts';
import { isCommonPassword } from '../../../platform/auth/common-passwords.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { roles, roleTasks, userRoles, users, userTasks } from './schema.ts';
import { assertHolds, assertMayManage, assertNotRaisingOwn, rolesOfUser, tasksOfRoles, type Grantor } from './grant-rules.ts';

const MODULE = 'configuration.user';

export interface ManageActor extends Actor, Grantor {
  userId: string;
}

/** Throws the first way `password` breaks the tenant's policy (spec 5: at least 4 characters, classes; common ones when asked). */
export function checkPassword(policy: PasswordPolicy, password: string, confirmation?: string) {
  const problem = passwordProblems(policy, password)[0];
  if (problem) throw new AppError(problem.code, problem.args);
  if (policy.rejectCommon && isCommonPassword(password)) throw new AppError('password_too_common');
  if (confirmation !== undefined && confirmation !== password) throw new AppError('password_mismatch');
}

const toItem = (r: {
  id: string;
  username: string;
  fullName: string;
  email: string | null;
  roleId: string;
  roleName: string;
  active: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
  extraRoles: { roleId: string; roleName: string }[] | null;
}): UserItem => ({
  userId: r.id,
  username: r.username,
  fullName: r.fullName,
  email: r.email,
  roleId: r.roleId,
  roleName: r.roleName,
  extraRoles: r.extraRoles ?? [],
  active: r.active ? 'Y' : 'N',
  lastLoginAt: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

const extraRolesOf = sql<{ roleId: string; roleName: string }[]>`(
  SELECT coalesce(json_agg(json_build_object('roleId', er.id, 'roleName', er.name) ORDER BY er.name), '[]'::json)
    FROM user_roles ur JOIN roles er ON er.tenant_id = ur.tenant_id AND er.id = ur.role_id
   WHERE ur.user_id = ${users.id})`;

const itemColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  roleId: users.roleId,
  roleName: roles.name,
  active: users.active,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  extraRoles: extraRolesOf,
};

export interface UserFilter {
  page: number;
  limit: number;
  keyword?: string;
  roleId?: string;
  active?: YN;
  sort?: SortValue<(typeof USER_SORT)[number]>;
}

const SORT_COLUMNS = {
  username: caseless(users.username),
  fullName: caseless(users.fullName),
  email: caseless(users.email),
  role: caseless(roles.name),
  lastLogin: users.lastLoginAt,
  active: users.active,
};

/**
 * Keyword search goes through user_ids_matching (migration 0010), which can use the trigram index that the tenant
 * policy would otherwise rule out. The matching ids are fetched once and serve both the page and the total, so a
 * 10,000-user tenant pages nearly as fast as a small one.
 */
export async function listUsers(tx: Tx, f: UserFilter) {
  const where: SQL[] = [];
  let matches: string[] | undefined;
  if (f.keyword) {
    const found = await tx.execute<{ id: string }>(sql`SELECT user_ids_matching(${f.keyword}) AS id`);
    matches = found.rows.map((r) => r.id);
    if (matches.length === 0) return { items: [], total: 0 };
    // One array parameter rather than one parameter per id.
    where.push(sql`${users.id} = ANY(${`{${matches.join(',')}}`}::uuid[])`);
  }
  if (f.roleId) where.push(eq(users.roleId, f.roleId));
  if (f.active) where.push(eq(users.active, f.active === 'Y'));
  const condition = where.length ? and(...where) : undefined;
  // One connection per transaction: the queries run one after the other.
  const rows = await tx
    .select(itemColumns)
    .from(users)
    .innerJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(condition)
    .orderBy(...listOrder(f.sort, SORT_COLUMNS, [asc(sql`lower(${users.username})`)], users.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const onlyKeyword = matches !== undefined && !f.roleId && !f.active;
  const total = onlyKeyword
    ? matches!.length
    : (
        await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(condition)
      )[0].n;
  return { items: rows.map(toItem), total };
}

export async function getUser(tx: Tx, userId: string): Promise<UserItem> {
  const rows = await tx
    .select(itemColumns)
    .from(users)
    .innerJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(eq(users.id, userId))
    .limit(1);
  if (!rows[0]) throw new AppError('user_not_found');
  return toItem(rows[0]);
}

/**
 * The roles must exist; only a Super Admin may hand out the Super Admin role; a role the user does not hold yet
 * (`held`) grants its tasks, so the caller must hold them all.
 */
async function checkRoles(tx: Tx, actor: ManageActor, roleIds: string[], held: readonly string[] = []) {
  const found = await tx.select({ id: roles.id, superAdmin: roles.isSuperAdmin }).from(roles).where(inArray(roles.id, roleIds));
  if (found.length !== new Set(roleIds).size) throw new AppError('role_not_found');
  if (!actor.isSuperAdmin && found.some((r) => r.superAdmin)) throw new AppError('super-admin-only');
  assertHolds(
    actor,
    await tasksOfRoles(
      tx,
      roleIds.filter((id) => !held.includes(id)),
    ),
  );
}

/** Only a Super Admin may change a Super Admin's account (main or extra role). */
async function checkTarget(tx: Tx, actor: ManageActor, userId: string) {
  const before = await getUser(tx, userId);
  await assertMayManage(tx, actor, [userId]);
  return before;
}

async function setExtraRoles(tx: Tx, tenantId: string, userId: string, roleId: string, extraRoleIds: string[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  const extras = [...new Set(extraRoleIds)].filter((id) => id !== roleId);
  if (extras.length) await tx.insert(userRoles).values(extras.map((id) => ({ tenantId, userId, roleId: id })));
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

export interface NewUser {
  username: string;
  password: string;
  confirmPassword: string;
  fullName: string;
  email?: string | null;
  roleId: string;
  extraRoleIds: string[];
}

export async function createUser(tx: Tx, actor: ManageActor, policy: PasswordPolicy, input: NewUser): Promise<UserItem> {
  checkPassword(policy, input.password, input.confirmPassword);
  await checkRoles(tx, actor, [input.roleId, ...input.extraRoleIds]);
  const taken = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username})`);
  if (taken.length) throw new AppError('username_already_exists', [input.username]);
  const id = uuidv7();
  try {
    await tx.insert(users).values({
      tenantId: actor.tenantId,
      id,
      username: input.username,
      fullName: input.fullName,
      email: input.email ?? null,
      roleId: input.roleId,
      passwordHash: await hashPassword(input.password),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('username_already_exists', [input.username]);
    throw err;
  }
  await setExtraRoles(tx, actor.tenantId, id, input.roleId, input.extraRoleIds);
  const after = await getUser(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'user', entityId: id, after });
  return after;
}

export async function updateUser(
  tx: Tx,
  actor: ManageActor,
  userId: string,
  input: { fullName: string; email?: string | null; roleId: string; extraRoleIds: string[] },
): Promise<UserItem> {
  const before = await checkTarget(tx, actor, userId);
  const held = await rolesOfUser(tx, userId);
  const wanted = [input.roleId, ...input.extraRoleIds];
  if (userId === actor.userId)
    assertNotRaisingOwn(
      actor,
      wanted.some((id) => !held.includes(id)),
    );
  await checkRoles(tx, actor, wanted, held);
  await tx
    .update(users)
    .set({ fullName: input.fullName, email: input.email ?? null, roleId: input.roleId })
    .where(eq(users.id, userId));
  await setExtraRoles(tx, actor.tenantId, userId, input.roleId, input.extraRoleIds);
  const after = await getUser(tx, userId);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'user', entityId: userId, before, after });
  return after;
}

export async function setUserActive(tx: Tx, actor: ManageActor, userId: string, active: YN): Promise<UserItem> {
  if (userId === actor.userId) throw new AppError('cannot_change_own_account');
  const before = await checkTarget(tx, actor, userId);
  await tx
    .update(users)
    .set({ active: active === 'Y' })
    .where(eq(users.id, userId));
  const after = await getUser(tx, userId);
  await writeAudit(tx, actor, { module: MODULE, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'user', entityId: userId, before, after });
  return after;
}

export async function deleteUser(tx: Tx, actor: ManageActor, userId: string): Promise<void> {
  if (userId === actor.userId) throw new AppError('cannot_change_own_account');
  const before = await checkTarget(tx, actor, userId);
  await tx.delete(users).where(eq(users.id, userId));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'user', entityId: userId, before });
}

const PASSWORD_ALPHABETS = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '@#$%&*?!'];

/** A random password meeting any policy: every character class, and at least 12 characters. */
export function generatePassword(minLength: number): string {
  const length = Math.max(12, minLength);
  const chars = PASSWORD_ALPHABETS.map((a) => a[randomInt(a.length)]);
  const all = PASSWORD_ALPHABETS.join('');
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

export async function resetUserPassword(tx: Tx, actor: ManageActor, policy: PasswordPolicy, userId: string): Promise<string> {
  const before = await checkTarget(tx, actor, userId);
  const password = generatePassword(policy.minLength);
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: sql`now()` })
    .where(eq(users.id, userId));
  await writeAudit(tx, actor, { module: MODULE, action: 'reset-password', entity: 'user', entityId: userId, before: { username: before.username } });
  return password;
}

export async function userTaskSources(tx: Tx, userId: string) {
  const user = await getUser(tx, userId);
  const role = await tx.select({ superAdmin: roles.isSuperAdmin }).from(roles).where(eq(roles.id, user.roleId));
  const fromRole = await tx.select({ task: roleTasks.task }).from(roleTasks).where(eq(roleTasks.roleId, user.roleId));
  const fromUser = await tx.select({ task: userTasks.task }).from(userTasks).where(eq(userTasks.userId, userId));
  const roleSet = new Set(fromRole.map((r) => r.task));
  const userSet = new Set(fromUser.map((r) => r.task));
  const tasks = [...new Set([...roleSet, ...userSet])].sort().map((task) => ({ task, fromRole: roleSet.has(task), fromUser: userSet.has(task) }));
  return { tasks, superAdmin: role[0]?.superAdmin ?? false };
}
