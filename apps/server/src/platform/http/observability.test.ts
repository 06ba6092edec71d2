import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const METRICS_TOKEN = 'metrics-token-for-the-scraper-0123';
let open: TestApp;
let guarded: TestApp;
beforeAll(async () => {
  open = await createTestApp('metrics_off');
  guarded = await createTestApp('metrics_on', { METRICS_TOKEN });
});
afterAll(async () => {
  await open.close();
  await guarded.close();
});

describe('/api/metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const res = await open.request({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('not_found');
    expect(res.body).not.toContain('nusa_db_pool_connections');
  });

  it('answers only the bearer of METRICS_TOKEN', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-the-same-size-00', `Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN]) {
      const res = await guarded.request({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain('nusa_db_pool_connections');
    }
    const res = await guarded.request({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('nusa_db_pool_connections');
  });

  it('leaves /api/health public', async () => {
    expect((await open.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
