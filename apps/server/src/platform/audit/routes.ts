import type { FastifyInstance } from 'fastify';
import { auditEndpoints } from '@nusa/contracts';
import { registerEndpoint } from '../http/register.ts';
import { AuditChainer, chainAfterCommitOn } from './chain.ts';
import { listAuditEntries } from './list.ts';

export const AUDIT_CHAIN_SWEEP_QUEUE = 'audit-chain-sweep';

export function auditRoutes(app: FastifyInstance) {
  registerEndpoint(app, auditEndpoints.listAuditEntries, async ({ tx, query }) => listAuditEntries(tx, query));
  auditChaining(app);
}

/**
 * The audit chain made after commit (docs/decisions/009): the requests' audited transactions are chained by an
 * in-process chainer on the owner's pool; a sweep at start-up and, with jobs, every minute on one instance chains
 * whatever was left (a crash between COMMIT and chaining, raw SQL). Without jobs, readers (verify) chain too.
 */
function auditChaining(app: FastifyInstance) {
  const { pools, jobs } = app.platform;
  const report = (err: unknown, tenantIds?: string[]) =>
    app.log.warn({ err: String(err), tenantIds }, 'audit chain: a run failed; the next write, verify or sweep chains the rows');
  const chainer = new AuditChainer(pools.owner, report);
  chainAfterCommitOn(pools.app, chainer);
  app.addHook('onReady', async () => {
    chainer.sweep().catch(report);
    const boss = jobs.boss;
    if (!jobs.started || !boss) return;
    await boss.createQueue(AUDIT_CHAIN_SWEEP_QUEUE, { name: AUDIT_CHAIN_SWEEP_QUEUE, retryLimit: 0, expireInSeconds: 5 * 60 });
    await boss.work(AUDIT_CHAIN_SWEEP_QUEUE, async () => {
      await chainer.sweep();
      await chainer.settled();
    });
    await boss.schedule(AUDIT_CHAIN_SWEEP_QUEUE, '* * * * *');
  });
  app.addHook('onClose', () => chainer.close());
}
