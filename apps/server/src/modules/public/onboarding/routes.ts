import type { FastifyInstance } from 'fastify';
import { registrationEndpoints } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { mailerOf } from '../../../platform/mail/mailer.ts';
import { registerTrial } from './register.ts';
import { PREPARE_ACCOUNT_QUEUE, prepareAccount, preparationProgress, requeueOutdatedPreparations, type PrepareDeps } from './prepare.ts';
import { freeTransactionStatus } from './free-transactions.ts';

export function onboardingRoutes(app: FastifyInstance) {
  const deps = (): PrepareDeps => ({ pools: app.platform.pools, mailer: mailerOf(app), publicUrl: app.platform.config.PUBLIC_URL });
  const boss = app.platform.jobs.boss;
  if (app.platform.jobs.started && boss) {
    app.addHook('onReady', async () => {
      await boss.createQueue(PREPARE_ACCOUNT_QUEUE, { name: PREPARE_ACCOUNT_QUEUE, retryLimit: 3, retryDelay: 5 });
      await boss.work<{ tenantId: string }>(PREPARE_ACCOUNT_QUEUE, async ([job]) => prepareAccount(deps(), job.data.tenantId));
    });
  }

  /** Queued on pg-boss when jobs run; otherwise (JOBS=false) run in this process right after the answer. */
  const enqueue = async (tenantId: string) => {
    if (app.platform.jobs.started && boss) {
      await boss.send(PREPARE_ACCOUNT_QUEUE, { tenantId });
    } else {
      setImmediate(() => {
        prepareAccount(deps(), tenantId).catch((err) => app.log.warn({ err, tenantId }, 'account preparation failed'));
      });
    }
  };

  // Trials prepared before a step was added get it at the next start.
  app.addHook('onReady', async () => {
    for (const tenantId of await requeueOutdatedPreparations(app.platform.pools.owner)) await enqueue(tenantId);
  });

  registerEndpoint(
    app,
    registrationEndpoints.register,
    async ({ body, req }) => {
      const tenant = await registerTrial(
        { pools: app.platform.pools, clientIp: req.ip, perAddressPerHour: app.platform.config.REGISTRATIONS_PER_ADDRESS_PER_HOUR },
        body,
      );
      app.platform.tenants.forget(tenant.code);
      await enqueue(tenant.id);
      const progress = await withTenant(app.platform.pools.app, tenant.id, (tx) => preparationProgress(tx));
      return { tenantCode: tenant.code, username: body.username, progress: progress! };
    },
    { ownTransactions: true },
  );

  registerEndpoint(app, registrationEndpoints.registrationProgress, async ({ tx, tenant }) => {
    const progress = await preparationProgress(tx);
    if (!progress) throw new AppError('param_not_found', [tenant.code]);
    return progress;
  });

  registerEndpoint(app, registrationEndpoints.freeTransactions, ({ tx }) => freeTransactionStatus(tx));
}
