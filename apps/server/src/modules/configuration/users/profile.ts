import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { hashPassword, verifyPassword } from '../../../platform/auth/passwords.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import type { PasswordPolicy } from '@nusa/contracts';
import { roles, users } from './schema.ts';
import { checkPassword } from './manage.ts';

const MODULE = 'configuration.profile';

export async function getProfile(tx: Tx, userId: string) {
  const rows = await tx
    .select({
      username: users.username,
      fullName: users.fullName,
      email: users.email,
      roleName: roles.name,
      lastLoginAt: users.lastLoginAt,
      passwordChangedAt: users.passwordChangedAt,
    })
    .from(users)
    .innerJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(eq(users.id, userId));
  const r = rows[0];
  if (!r) throw new AppError('user_not_found');
  return { ...r, lastLoginAt: r.lastLoginAt?.toISOString() ?? null, passwordChangedAt: r.passwordChangedAt.toISOString() };
}

export async function updateProfile(tx: Tx, actor: Actor & { userId: string }, input: { fullName: string; email: string | null }) {
  const before = await getProfile(tx, actor.userId);
  await tx.update(users).set({ fullName: input.fullName, email: input.email }).where(eq(users.id, actor.userId));
  const after = await getProfile(tx, actor.userId);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'user', entityId: actor.userId, before, after });
  return after;
}

export async function changeOwnPassword(
  tx: Tx,
  actor: Actor & { userId: string },
  policy: PasswordPolicy,
  input: { oldPassword: string; newPassword: string; confirmPassword: string },
) {
  const rows = await tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, actor.userId));
  if (!rows[0] || !(await verifyPassword(rows[0].hash, input.oldPassword))) throw new AppError('old_password_incorrect');
  checkPassword(policy, input.newPassword, input.confirmPassword);
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), passwordChangedAt: sql`now()` })
    .where(eq(users.id, actor.userId));
  await writeAudit(tx, actor, { module: MODULE, action: 'change-password', entity: 'user', entityId: actor.userId });
}
