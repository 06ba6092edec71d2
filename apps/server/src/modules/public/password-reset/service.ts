import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { RESET_LINK_MINUTES, type Language } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit } from '../../../platform/audit/write.ts';
import type { Mailer, QueuedMail } from '../../../platform/mail/mailer.ts';
import { checkPassword, findUserById, findUserByLogin, setUserPassword } from '../../configuration/users/service.ts';
import { getAppSettings, getPasswordPolicy } from '../../configuration/app-settings/service.ts';
import { clearFailures, endUserSessions } from '../../auth/service.ts';
import { passwordResetRequests, passwordResetTokens } from './schema.ts';

const MODULE = 'public.password-reset';
/** At most this many forgot-password requests per address per window. */
export const RESET_REQUESTS_PER_WINDOW = 3;
export const RESET_WINDOW_SECONDS = 15 * 60;

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Counts a request for the address and refuses past the limit (password_reset_throttled with the seconds left).
 * The count is kept whether or not the address names an account, so throttling reveals nothing either.
 */
async function countRequest(tx: Tx, tenantId: string, login: string) {
  const addressKey = login.trim().toLowerCase().slice(0, 200);
  const rows = await tx
    .insert(passwordResetRequests)
    .values({ tenantId, addressKey })
    .onConflictDoUpdate({
      target: [passwordResetRequests.tenantId, passwordResetRequests.addressKey],
      set: {
        requests: sql`CASE WHEN ${passwordResetRequests.windowStartedAt} <= now() - make_interval(secs => ${RESET_WINDOW_SECONDS}) THEN 1 ELSE ${passwordResetRequests.requests} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${passwordResetRequests.windowStartedAt} <= now() - make_interval(secs => ${RESET_WINDOW_SECONDS}) THEN now() ELSE ${passwordResetRequests.windowStartedAt} END`,
      },
    })
    .returning({
      requests: passwordResetRequests.requests,
      left: sql<number>`ceil(extract(epoch from ${passwordResetRequests.windowStartedAt} + make_interval(secs => ${RESET_WINDOW_SECONDS}) - now()))::int`,
    });
  if (rows[0].requests > RESET_REQUESTS_PER_WINDOW) throw new AppError('password_reset_throttled', [Math.max(1, rows[0].left)]);
}

const texts: Record<Language, (p: { product: string; name: string; link: string }) => { subject: string; text: string }> = {
  id: ({ product, name, link }) => ({
    subject: `${product}: atur ulang kata sandi`,
    text: `Halo ${name},\n\nKami menerima permintaan untuk mengatur ulang kata sandi akun ${product} Anda.\nBuka tautan berikut dalam ${RESET_LINK_MINUTES} menit untuk membuat kata sandi baru (tautan hanya dapat dipakai sekali):\n\n${link}\n\nJika Anda tidak meminta ini, abaikan email ini; kata sandi Anda tidak berubah.\n`,
  }),
  en: ({ product, name, link }) => ({
    subject: `${product}: reset your password`,
    text: `Hello ${name},\n\nWe received a request to reset the password of your ${product} account.\nOpen this link within ${RESET_LINK_MINUTES} minutes to choose a new password (it works once):\n\n${link}\n\nIf you did not ask for this, ignore this mail; your password has not changed.\n`,
  }),
};

export interface ResetContext {
  tenantId: string;
  tenantCode: string;
  publicUrl: string;
  mailer: Mailer;
}

/**
 * Writes a reset link mail when `login` names exactly one active account with an email; otherwise does nothing
 * visible. Returns the mail to deliver after the commit.
 */
export async function requestPasswordReset(tx: Tx, ctx: ResetContext, login: string): Promise<QueuedMail | undefined> {
  await countRequest(tx, ctx.tenantId, login);
  const user = await findUserByLogin(tx, login);
  if (!user || !user.active || !user.email) return undefined;
  const token = randomBytes(32).toString('base64url');
  const id = uuidv7();
  await tx.insert(passwordResetTokens).values({
    tenantId: ctx.tenantId,
    id,
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
  });
  const settings = await getAppSettings(tx);
  const link = `${ctx.publicUrl.replace(/\/+$/, '')}/reset-password?tenant=${encodeURIComponent(ctx.tenantCode)}&token=${token}`;
  const mail = texts[settings.defaultLanguage]({ product: settings.productName, name: user.fullName, link });
  const queued = await ctx.mailer.send(tx, ctx.tenantId, { to: user.email, ...mail });
  await writeAudit(tx, { tenantId: ctx.tenantId }, { module: MODULE, action: 'request-reset', entity: 'user', entityId: user.id, after: { tokenId: id } });
  return queued;
}

/** Sets the password of the link's user under the tenant's policy, spends the link and ends the user's sessions. */
export async function resetPassword(tx: Tx, tenantId: string, input: { token: string; newPassword: string; confirmPassword: string }): Promise<void> {
  const rows = await tx
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      usedAt: passwordResetTokens.usedAt,
      expired: sql<boolean>`${passwordResetTokens.expiresAt} <= now()`,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hashToken(input.token)))
    .for('update');
  const link = rows[0];
  if (!link || link.usedAt) throw new AppError('password_reset_link_invalid');
  if (link.expired) throw new AppError('password_reset_link_expired');
  checkPassword(await getPasswordPolicy(tx), input.newPassword, input.confirmPassword);
  await setUserPassword(tx, link.userId, input.newPassword);
  // This link and every other open link of the user stop working.
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, link.userId), isNull(passwordResetTokens.usedAt)));
  await endUserSessions(tx, link.userId);
  // A user whose name a stranger locked with wrong passwords gets in again through the mailed link.
  const user = await findUserById(tx, link.userId);
  if (user) await clearFailures(tx, user.username);
  await writeAudit(
    tx,
    { tenantId, userId: link.userId },
    { module: MODULE, action: 'reset-password', entity: 'user', entityId: link.userId, after: { tokenId: link.id } },
  );
}
