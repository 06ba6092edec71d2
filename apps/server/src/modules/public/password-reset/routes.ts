import type { FastifyInstance } from 'fastify';
import { passwordResetEndpoints } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { deliverAfterResponse, mailerOf } from '../../../platform/mail/mailer.ts';
import { requestPasswordReset, resetPassword } from './service.ts';

export function passwordResetRoutes(app: FastifyInstance) {
  registerEndpoint(app, passwordResetEndpoints.forgotPassword, async ({ tx, tenant, body, reply }) => {
    const mail = await requestPasswordReset(
      tx,
      { tenantId: tenant.id, tenantCode: tenant.code, publicUrl: app.platform.config.PUBLIC_URL, mailer: mailerOf(app) },
      body.login,
    );
    deliverAfterResponse(app, reply.raw, mail ? [mail] : []);
    return { ok: true as const };
  });
  registerEndpoint(app, passwordResetEndpoints.resetPassword, async ({ tx, tenant, body }) => {
    await resetPassword(tx, tenant.id, body);
    return { ok: true as const };
  });
}
