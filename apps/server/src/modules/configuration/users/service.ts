import { and, eq, inArray, sql } from 'drizzle-orm';
import { TASKS, VENDOR_TASKS } from '@nusa/contracts';
import { preparedQuery, queryPrepared, type Tx } from '../../../platform/db/tenant.ts';
import { hashPassword } from '../../../platform/auth/passwords.ts';
import { v7 as uuidv7 } from 'uuid';
import { roles, roleTasks, users } from './schema.ts';

export { STANDARD_ROLES, standardRoles, type StandardRole } from './standard-roles.ts';

export interface LoginUser {
  id: string;
  username: string;
  fullName: string;
  passwordHash: string;
  active: boolean;
  roleId: string;
  lastLoginAt: Date | null;
}

export async function findUserByUsername(tx: Tx, username: string): Promise<LoginUser | undefined> {
  const rows = await tx
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      passwordHash: users.passwordHash,
      active: users.active,
      roleId: users.roleId,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0];
}

export async function findUserById(tx: Tx, id: string): Promise<LoginUser | undefined> {
  const rows = await tx
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      passwordHash: users.passwordHash,
      active: users.active,
      roleId: users.roleId,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return rows[0];
}

export interface UserAccess {
  userId: string;
  username: string;
  fullName: string;
  active: boolean;
  roleId: string;
  roleName: string;
  roleActive: boolean;
  defaultPage: string;
  isSuperAdmin: boolean;
  tasks: string[];
}

/**
 * Effective tasks = the role's tasks ∪ the user's own grants; a Super Admin holds every task (spec 6). Outside the
 * vendor's tenant the vendor tasks are never effective.
 */
const USER_ACCESS_SQL = `
  SELECT u.id AS user_id, u.username, u.full_name, u.active, r.id AS role_id, r.name AS role_name, r.active AS role_active,
         r.default_page, r.is_super_admin,
         COALESCE((SELECT t.vendor FROM tenants t WHERE t.id = u.tenant_id), false) AS vendor,
         ARRAY(SELECT task FROM role_tasks rt WHERE rt.role_id = r.id
               UNION SELECT task FROM user_tasks ut WHERE ut.user_id = u.id ORDER BY 1) AS tasks
    FROM users u JOIN roles r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
   WHERE u.id = $1`;

const vendorTasks = new Set<string>(VENDOR_TASKS);

/** Read on every authenticated request, so it is a prepared statement. */
export async function loadUserAccess(tx: Tx, userId: string): Promise<UserAccess | undefined> {
  const rows = await queryPrepared<{
    user_id: string;
    username: string;
    full_name: string;
    active: boolean;
    role_id: string;
    role_name: string;
    role_active: boolean;
    default_page: string;
    is_super_admin: boolean;
    vendor: boolean;
    tasks: string[];
  }>(tx, 'nusa_user_access', USER_ACCESS_SQL, [userId]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    userId: r.user_id,
    username: r.username,
    fullName: r.full_name,
    active: r.active,
    roleId: r.role_id,
    roleName: r.role_name,
    roleActive: r.role_active,
    defaultPage: r.default_page,
    isSuperAdmin: r.is_super_admin,
    tasks: (r.is_super_admin ? [...TASKS] : r.tasks).filter((task) => r.vendor || !vendorTasks.has(task)),
  };
}

export async function recordLogin(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function findRoleByName(tx: Tx, name: string) {
  const rows = await tx
    .select()
    .from(roles)
    .where(and(sql`lower(${roles.name}) = lower(${name})`))
    .limit(1);
  return rows[0];
}

export async function usersExist(tx: Tx, ids: string[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  const rows = await tx.select({ id: users.id }).from(users).where(inArray(users.id, unique));
  return rows.length === unique.length;
}

/** The ids of a tenant's users by username (seeds name the users they give work to). */
export async function userIdsByUsername(tx: Tx, tenantId: string, usernames: string[]): Promise<Map<string, string>> {
  if (!usernames.length) return new Map();
  const rows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.username, usernames)));
  return new Map(rows.map((r) => [r.username, r.id]));
}

/** Full names of users by id (documents show their author and approvers by name). */
export async function userNamesByIds(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  // Every document's answer names its creator: prepared once per connection.
  const rows = await preparedQuery(tx, 'nusa_user_names_by_ids', (tx, name) =>
    tx
      .select({ id: users.id, name: users.fullName })
      .from(users)
      .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare(name),
  ).execute({ ids: unique });
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Role names by id (approval flows name their approving roles). */
export async function roleNamesByIds(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await tx.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface AccountContact {
  id: string;
  username: string;
  fullName: string;
  email: string | null;
  active: boolean;
}

/**
 * The account a forgot-password request names: by username, else by email (case-insensitive). An email shared by
 * several accounts names none of them: the link must go to exactly one account.
 */
export async function findUserByLogin(tx: Tx, login: string): Promise<AccountContact | undefined> {
  const cols = { id: users.id, username: users.username, fullName: users.fullName, email: users.email, active: users.active };
  const byName = await tx
    .select(cols)
    .from(users)
    .where(sql`lower(${users.username}) = lower(${login})`)
    .limit(1);
  if (byName[0]) return byName[0];
  const byEmail = await tx
    .select(cols)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${login})`)
    .limit(2);
  return byEmail.length === 1 ? byEmail[0] : undefined;
}

/** Stores a new password (already checked against the policy by the caller) and restarts its expiry clock. */
export async function setUserPassword(tx: Tx, userId: string, password: string): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * A built-in role of a new tenant (registration, account preparation); does nothing when a role of that name
 * exists, so a retried preparation is safe. Returns the role id.
 */
export async function ensureStandardRole(
  tx: Tx,
  tenantId: string,
  role: { name: string; type: string; superAdmin?: boolean; tasks: readonly string[] },
): Promise<string> {
  const existing = await findRoleByName(tx, role.name);
  if (existing) return existing.id;
  const id = uuidv7();
  await tx.insert(roles).values({ tenantId, id, name: role.name, type: role.type, isSuperAdmin: role.superAdmin ?? false });
  const tasks = [...new Set(role.tasks)];
  if (tasks.length) await tx.insert(roleTasks).values(tasks.map((task) => ({ tenantId, roleId: id, task })));
  return id;
}

/** The first user of a new tenant (its password already checked against the tenant's policy by the caller). */
export async function createFirstUser(
  tx: Tx,
  tenantId: string,
  u: { id: string; username: string; fullName: string; email: string; password: string; roleId: string },
): Promise<void> {
  await tx.insert(users).values({
    tenantId,
    id: u.id,
    username: u.username,
    fullName: u.fullName,
    email: u.email,
    roleId: u.roleId,
    passwordHash: await hashPassword(u.password),
  });
}

/** The grant rules of issue 9, for modules whose writes limit users (OU policies, prohibitions). */
export { assertMayManage, assertNotRaisingOwn, type Grantor } from './grant-rules.ts';

/** The password policy's check, for the flows that set a password outside user administration. */
export { checkPassword } from './manage.ts';

/** A role with its discount limits, for transaction modules that check a line's discount (spec 3, -1 unlimited). */
export { getRole } from './roles.ts';
