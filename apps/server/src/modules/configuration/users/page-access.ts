import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit } from '../../../platform/audit/write.ts';
import { roles, roleTasks, users, userTasks } from './schema.ts';
import type { ManageActor } from './manage.ts';
import { assertHolds, assertMayChangeRoleTasks, assertMayManage, assertNotRaisingOwn } from './grant-rules.ts';

const MODULE = 'configuration.page-access';
export type GrantTarget = { kind: 'role' | 'user'; id: string };

async function checkTarget(tx: Tx, target: GrantTarget) {
  if (target.kind === 'role') {
    const r = await tx.select({ superAdmin: roles.isSuperAdmin }).from(roles).where(eq(roles.id, target.id));
    if (!r[0]) throw new AppError('role_not_found');
    if (r[0].superAdmin) throw new AppError('super-admin-only');
  } else {
    const u = await tx.select({ id: users.id }).from(users).where(eq(users.id, target.id));
    if (!u[0]) throw new AppError('user_not_found');
  }
}

export async function getGrants(tx: Tx, target: GrantTarget): Promise<string[]> {
  await checkTarget(tx, target);
  const rows =
    target.kind === 'role'
      ? await tx.select({ task: roleTasks.task }).from(roleTasks).where(eq(roleTasks.roleId, target.id)).orderBy(asc(roleTasks.task))
      : await tx.select({ task: userTasks.task }).from(userTasks).where(eq(userTasks.userId, target.id)).orderBy(asc(userTasks.task));
  return rows.map((r) => r.task);
}

/** Replaces the grants; the task list is read fresh on every request, so affected users have it at their next one. */
export async function setGrants(tx: Tx, actor: ManageActor, target: GrantTarget, tasks: string[]): Promise<string[]> {
  const before = await getGrants(tx, target);
  const unique = [...new Set(tasks)].sort();
  if (target.kind === 'role') {
    await assertMayChangeRoleTasks(tx, actor, target.id, before, unique);
  } else {
    // Clearing a Super Admin's grants is a change too; a user may drop their own grants but add none.
    await assertMayManage(tx, actor, [target.id]);
    const added = unique.filter((task) => !before.includes(task));
    if (target.id === actor.userId) assertNotRaisingOwn(actor, added.length > 0);
    assertHolds(actor, added);
  }
  if (target.kind === 'role') {
    await tx.delete(roleTasks).where(eq(roleTasks.roleId, target.id));
    if (unique.length) await tx.insert(roleTasks).values(unique.map((task) => ({ tenantId: actor.tenantId, roleId: target.id, task })));
  } else {
    await tx.delete(userTasks).where(eq(userTasks.userId, target.id));
    if (unique.length) await tx.insert(userTasks).values(unique.map((task) => ({ tenantId: actor.tenantId, userId: target.id, task })));
  }
  await writeAudit(tx, actor, {
    module: MODULE,
    action: unique.length ? 'update' : 'clear',
    entity: target.kind,
    entityId: target.id,
    before: { tasks: before },
    after: { tasks: unique },
  });
  return unique;
}
