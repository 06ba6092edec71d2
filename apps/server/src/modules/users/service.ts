import { and, eq, inArray, sql } from 'drizzle-orm';
import { TASKS } from '@nusa/contracts';
import type { Tx } from '../../platform/db/tenant.ts';
import { roles, users } from './schema.ts';

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
      id: users.id, username: users.username, fullName: users.fullName, passwordHash: users.passwordHash,
      active: users.active, roleId: users.roleId, lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0];
}

export async function findUserById(tx: Tx, id: string): Promise<LoginUser | undefined> {
  const rows = await tx
    .select({
      id: users.id, username: users.username, fullName: users.fullName, passwordHash: users.passwordHash,
      active: users.active, roleId: users.roleId, lastLoginAt: users.lastLoginAt,
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

/** Effective tasks = the role's tasks ∪ the user's own grants; a Super Admin holds every task (spec 6). */
export async function loadUserAccess(tx: Tx, userId: string): Promise<UserAccess | undefined> {
  const rows = await tx.execute<{
    user_id: string; username: string; full_name: string; active: boolean; role_id: string; role_name: string;
    role_active: boolean; default_page: string; is_super_admin: boolean; tasks: string[];
  }>(sql`
    SELECT u.id AS user_id, u.username, u.full_name, u.active, r.id AS role_id, r.name AS role_name, r.active AS role_active,
           r.default_page, r.is_super_admin,
           ARRAY(SELECT task FROM role_tasks rt WHERE rt.role_id = r.id
                 UNION SELECT task FROM user_tasks ut WHERE ut.user_id = u.id ORDER BY 1) AS tasks
      FROM users u JOIN roles r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
     WHERE u.id = ${userId}`);
  const r = rows.rows[0];
  if (!r) return undefined;
  return {
    userId: r.user_id, username: r.username, fullName: r.full_name, active: r.active, roleId: r.role_id,
    roleName: r.role_name, roleActive: r.role_active, defaultPage: r.default_page, isSuperAdmin: r.is_super_admin,
    tasks: r.is_super_admin ? [...TASKS] : r.tasks,
  };
}

export async function recordLogin(tx: Tx, userId: string): Promise<void> {
  await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, userId));
}

export async function findRoleByName(tx: Tx, name: string) {
  const rows = await tx.select().from(roles).where(and(sql`lower(${roles.name}) = lower(${name})`)).limit(1);
  return rows[0];
}

export async function usersExist(tx: Tx, ids: string[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  const rows = await tx.select({ id: users.id }).from(users).where(inArray(users.id, unique));
  return rows.length === unique.length;
}
