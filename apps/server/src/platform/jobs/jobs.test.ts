import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../test/test-app.ts';
import { cloneTemplate } from '../../../test/test-database.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../../server.ts';

describe('pg-boss on the tenant database (JOBS=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('jobs', { JOBS: 'true' });
  });
  afterAll(() => t.close());

  it('delivers a sent job to a worker', async () => {
    const boss = t.app.platform.jobs.boss!;
    expect(boss).toBeDefined();
    const queue = 'nusa-test-echo';
    await boss.createQueue(queue);
    const received = new Promise<{ id: string; data: unknown }>((resolve) => {
      void boss.work<{ hello: string }>(queue, { pollingIntervalSeconds: 0.5 }, async ([job]) => resolve({ id: job.id, data: job.data }));
    });
    const id = await boss.send(queue, { hello: 'dunia' });
    expect(id).toEqual(expect.any(String));
    const job = await Promise.race([received, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no job within 10 s')), 10_000))]);
    expect(job).toEqual({ id, data: { hello: 'dunia' } });
    // The worker's success is recorded: the job completes.
    await expect.poll(async () => (await boss.getJobById(queue, id!))?.state, { timeout: 10_000, interval: 200 }).toBe('completed');
    await boss.offWork(queue);
  });

  it('is reported by /api/health', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up', jobs: true });
  });

  it('stops cleanly and then reports not started', async () => {
    const jobs = t.app.platform.jobs;
    await jobs.stop();
    expect(jobs.started).toBe(false);
    expect((await t.request({ method: 'GET', url: '/api/health' })).json().jobs).toBe(false);
    await jobs.stop();
  });
});

describe('startServer (what npm start runs) on an existing database', () => {
  const start = async (jobs: 'true' | 'false') => {
    const db = await cloneTemplate(inject('pgServerUrl'), `server_${jobs}`);
    const config = loadConfig({
      DATABASE_URL: db.url,
      AUTH_SECRET: TEST_SECRET,
      PORT: '0',
      HOST: '127.0.0.1',
      JOBS: jobs,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
    });
    const server = await startServer(config, () => {});
    return { server, drop: db.drop };
  };

  it.each([
    ['true', true],
    ['false', false],
  ] as const)('with JOBS=%s answers health over HTTP with jobs %s, serves the seeded demo tenant, and stops', async (flag, started) => {
    const { server, drop } = await start(flag);
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'up', pendingMigrations: 0, jobs: started });
      const config = await fetch(`${server.url}/api/v1/app/config`, { headers: { 'x-tenant': 'demo' } });
      expect(await config.json()).toMatchObject({ tenant: 'demo', productName: 'Nusa' });
      // The request pool logs in as the app role, not as the owner.
      expect((await server.pools.app.query('SELECT session_user AS who')).rows[0].who).toBe('nusa_app');
    } finally {
      await server.stop();
      await drop();
    }
    expect(server.pools.app.totalCount).toBe(0);
  });
});
