import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { withTenant } from '../../db/tenant.ts';
import { AppError } from '../../errors/app-error.ts';
import { meterLocalWork, monthQuota, type MeteredCallOptions } from './index.ts';

let t: TestApp;
let tenant: string;

beforeAll(async () => {
  t = await createTestApp('ai_local_work');
  tenant = await t.seedTenant('localwork');
});
afterAll(() => t.close());

const call = (over: Partial<MeteredCallOptions> = {}): MeteredCallOptions => ({
  tenantId: tenant,
  area: 'chat',
  purpose: 'intent',
  kind: 'request',
  provider: 'local',
  ...over,
});
const work = async () => ({ value: 'done', usage: { model: 'local-intent', inputTokens: 3, outputTokens: 0, images: 0 } });
const codeOf = (err: unknown) => (err instanceof AppError ? err.code : String(err));
const owner = async <R>(text: string, values: unknown[] = []) => (await t.pools.owner.query(text, values)).rows as R[];
const setRequests = async (requests: number) => {
  await owner(
    `INSERT INTO ai_quota_settings (tenant_id, monthly_requests, monthly_images) VALUES ($1, $2, 10)
       ON CONFLICT (tenant_id) DO UPDATE SET monthly_requests = $2`,
    [tenant, requests],
  );
  await owner(`DELETE FROM ai_quotas WHERE tenant_id = $1`, [tenant]);
};
const outcomes = async () =>
  (
    await owner<{ outcome: string; n: number }>(`SELECT outcome, count(*)::int AS n FROM ai_usage WHERE tenant_id = $1 AND purpose = 'intent' GROUP BY 1`, [
      tenant,
    ])
  ).reduce<Record<string, number>>((all, r) => ({ ...all, [r.outcome]: r.n }), {});
const today = () => new Date().toISOString().slice(0, 10);

describe('meterLocalWork: quota read before the work, claimed after it with the usage rows', () => {
  it('claims the units and writes one ok row per unit; with last, in the COMMIT’s write', async () => {
    await setRequests(100);
    const before = (await outcomes()).ok ?? 0;
    const result = await withTenant(t.pools.app, tenant, (tx) => meterLocalWork(tx, call({ units: 3 }), work, { last: true }));
    expect(result.value).toBe('done');
    expect((await outcomes()).ok).toBe(before + 3);
    expect((await withTenant(t.pools.app, tenant, (tx) => monthQuota(tx, tenant, today()))).requestsUsed).toBe(3);
  });

  it('refuses before any work when the units are not left, and claims nothing', async () => {
    await setRequests(2);
    let ran = 0;
    const refused = await withTenant(t.pools.app, tenant, (tx) =>
      meterLocalWork(tx, call({ units: 3 }), async () => {
        ran++;
        return work();
      }),
    ).catch(codeOf);
    expect(refused).toBe('insufficient_quota');
    expect(ran).toBe(0);
    expect((await withTenant(t.pools.app, tenant, (tx) => monthQuota(tx, tenant, today()))).requestsUsed).toBe(0);
  });

  it('hands out exactly the units left to 30 concurrent calls; a call that read "left" and lost the race is refused and counted', async () => {
    await setRequests(10);
    const before = await outcomes();
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        withTenant(t.pools.app, tenant, (tx) => meterLocalWork(tx, call(), work, { last: true })).then(
          () => 'ok',
          (err) => codeOf(err),
        ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r !== 'ok').every((r) => r === 'insufficient_quota')).toBe(true);
    const after = await outcomes();
    expect((after.ok ?? 0) - (before.ok ?? 0)).toBe(10);
    expect((await withTenant(t.pools.app, tenant, (tx) => monthQuota(tx, tenant, today()))).requestsUsed).toBe(10);
  });

  it('lets a failure of the work through and writes nothing', async () => {
    await setRequests(10);
    const before = await outcomes();
    const failed = await withTenant(t.pools.app, tenant, (tx) =>
      meterLocalWork(tx, call(), async () => {
        throw new AppError('ai_response_failed');
      }),
    ).catch(codeOf);
    expect(failed).toBe('ai_response_failed');
    expect(await outcomes()).toEqual(before);
  });
});
