import type { FastifyInstance } from 'fastify';
import { withTenant } from '../../../platform/db/tenant.ts';
import { closeIdleConversations } from './service.ts';

export const IDLE_QUEUE = 'service-close-idle-conversations';

/** Every tenant's idle bot conversations closed (each tenant in its own transaction); how many were closed. */
export async function closeIdleEverywhere(app: FastifyInstance, now: Date = new Date()): Promise<number> {
  const tenants = await app.platform.pools.app.query<{ id: string }>('SELECT id FROM tenants');
  let closed = 0;
  for (const { id } of tenants.rows) closed += await withTenant(app.platform.pools.app, id, (tx) => closeIdleConversations(tx, id, now));
  return closed;
}

/** Every five minutes, on one instance (pg-boss's schedule): without jobs (JOBS=false) nothing closes them. */
export function idleConversationCloser(app: FastifyInstance) {
  const boss = app.platform.jobs.boss;
  if (!app.platform.jobs.started || !boss) return;
  app.addHook('onReady', async () => {
    await boss.createQueue(IDLE_QUEUE, { name: IDLE_QUEUE, retryLimit: 0, expireInSeconds: 10 * 60 });
    await boss.work(IDLE_QUEUE, async () => {
      const closed = await closeIdleEverywhere(app);
      if (closed) app.log.info({ closed }, 'idle bot conversations closed');
    });
    await boss.schedule(IDLE_QUEUE, '*/5 * * * *', undefined, { tz: 'Asia/Jakarta' });
  });
}
