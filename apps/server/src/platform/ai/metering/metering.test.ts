import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { withTenant } from '../../db/tenant.ts';
import { AppError } from '../../errors/app-error.ts';
import type { AiUsage } from '../engine.ts';
import { endChatSession, meteredCall, monthQuota, startChatSession, type MeteredCallOptions } from './index.ts';

let t: TestApp;
let tenant: string;

beforeAll(async () => {
  t = await createTestApp('ai_metering');
  tenant = await t.seedTenant('meter');
});
afterAll(() => t.close());

const usage = (model: string, extra: Partial<AiUsage> = {}): AiUsage => ({ model, inputTokens: 100, outputTokens: 20, images: 0, ...extra });
const call = (over: Partial<MeteredCallOptions> = {}): MeteredCallOptions => ({
  tenantId: tenant,
  area: 'chat',
  purpose: 'chat',
  kind: 'request',
  provider: 'local',
  model: 'local-chat',
  ...over,
});
const codeOf = (err: unknown) => (err instanceof AppError ? err.code : String(err));
const owner = async <R>(text: string, values: unknown[] = []) => (await t.pools.owner.query(text, values)).rows as R[];
const setLimits = (requests: number, images: number) =>
  owner(
    `INSERT INTO ai_quota_settings (tenant_id, monthly_requests, monthly_images) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id) DO UPDATE SET monthly_requests = $2, monthly_images = $3`,
    [tenant, requests, images],
  );
const resetMonth = () => owner(`DELETE FROM ai_quotas WHERE tenant_id = $1`, [tenant]);

describe('meteredCall', () => {
  it('gives exactly 10 of 50 concurrent calls their unit when 10 are left; the rest are refused and counted', async () => {
    await resetMonth();
    await setLimits(12, 5);
    const at = new Date('2026-03-10T03:00:00Z');
    for (let i = 0; i < 2; i++) await withTenant(t.pools.app, tenant, (tx) => meteredCall(tx, call({ at }), async () => ({ usage: usage('m') })));

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        withTenant(t.pools.app, tenant, async (tx) => {
          try {
            return await meteredCall(tx, call({ at }), async () => {
              await new Promise((r) => setImmediate(r));
              return { usage: usage('m') };
            });
          } catch (err) {
            // Commit the refused row, then report the refusal.
            return codeOf(err);
          }
        }),
      ),
    );
    const answers = results.map((r) => (r.status === 'fulfilled' ? r.value : codeOf(r.reason)));
    expect(answers.filter((a) => typeof a === 'object')).toHaveLength(10);
    expect(answers.filter((a) => a === 'insufficient_quota')).toHaveLength(40);
    const quota = await withTenant(t.pools.app, tenant, (tx) => monthQuota(tx, tenant, '2026-03-31'));
    expect(quota).toEqual({ month: '2026-03-01', requestLimit: 12, requestsUsed: 12, imageLimit: 5, imagesUsed: 0 });
    const [daily] = await owner<{ requests: number; refused: number }>(
      `SELECT sum(requests)::int AS requests, sum(refused)::int AS refused FROM ai_usage_daily WHERE tenant_id = $1 AND day = '2026-03-10'`,
      [tenant],
    );
    expect(daily).toEqual({ requests: 12, refused: 40 });
  });

  it('counts images against the image quota only, and refuses with insufficient_quota [image] when it is used up', async () => {
    await resetMonth();
    await setLimits(100, 1);
    const at = new Date('2026-04-02T01:00:00Z');
    const image = call({ kind: 'image', purpose: 'image', area: 'photo', model: 'gpt-image-1', at, priceOf: () => '1250.5' });
    await withTenant(t.pools.app, tenant, (tx) =>
      meteredCall(tx, image, async () => ({ usage: usage('gpt-image-1', { images: 1, inputTokens: 0, outputTokens: 0 }) })),
    );
    const refused = await withTenant(t.pools.app, tenant, (tx) =>
      meteredCall(tx, image, async () => ({ usage: usage('gpt-image-1', { images: 1 }) })).catch((e: AppError) => e),
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).body()).toEqual({ errorCode: 'insufficient_quota', errorArgs: ['image'] });
    // The refusal above rolled back with its transaction; a request still has its own quota.
    await withTenant(t.pools.app, tenant, (tx) => meteredCall(tx, call({ at }), async () => ({ usage: usage('m') })));
    const quota = await withTenant(t.pools.app, tenant, (tx) => monthQuota(tx, tenant, '2026-04-15'));
    expect(quota).toMatchObject({ requestsUsed: 1, imagesUsed: 1, imageLimit: 1 });
    const [day] = await owner<{ images: number; image_cost: string; cost: string }>(
      `SELECT sum(images)::int AS images, sum(image_cost)::text AS image_cost, sum(cost)::text AS cost FROM ai_usage_daily WHERE tenant_id = $1 AND day = '2026-04-02'`,
      [tenant],
    );
    expect(day).toEqual({ images: 1, image_cost: '1250.5000', cost: '1250.5000' });
  });

  it('on a failing call: rethrows its error, gives the unit back, undoes what it wrote, and records a failed row', async () => {
    await resetMonth();
    await setLimits(1, 1);
    const at = new Date('2026-05-05T05:00:00Z');
    await withTenant(t.pools.app, tenant, async (tx) => {
      const err = await meteredCall(tx, call({ at, model: 'gpt-4o-mini' }), async () => {
        await tx.execute(sql`INSERT INTO ai_quota_settings (tenant_id, monthly_requests, monthly_images) VALUES (${tenant}, 999, 999)
                              ON CONFLICT (tenant_id) DO UPDATE SET monthly_requests = 999`);
        throw new AppError('ai_response_failed');
      }).catch((e: unknown) => e);
      expect(codeOf(err)).toBe('ai_response_failed');
      // The transaction is still usable, and the one unit is there again for the next call.
      const ok = await meteredCall(tx, call({ at }), async () => ({ usage: usage('gpt-4o-mini'), text: 'halo' }));
      expect(ok.text).toBe('halo');
    });
    const [settings] = await owner<{ monthly_requests: number }>(`SELECT monthly_requests FROM ai_quota_settings WHERE tenant_id = $1`, [tenant]);
    expect(settings.monthly_requests).toBe(1);
    const rows = await owner<{ outcome: string; model: string; input_tokens: number }>(
      `SELECT outcome, model, input_tokens FROM ai_usage WHERE tenant_id = $1 AND at = $2 ORDER BY id`,
      [tenant, at],
    );
    expect(rows).toEqual([
      { outcome: 'failed', model: 'gpt-4o-mini', input_tokens: 0 },
      { outcome: 'ok', model: 'gpt-4o-mini', input_tokens: 100 },
    ]);
    expect(await withTenant(t.pools.app, tenant, (tx) => monthQuota(tx, tenant, '2026-05-01'))).toMatchObject({ requestsUsed: 1, requestLimit: 1 });
  });

  it('keeps usage rows append-only', async () => {
    const err = await owner(`UPDATE ai_usage SET cost = 0 WHERE tenant_id = $1`, [tenant]).catch((e: { message: string }) => e.message);
    expect(err).toMatch(/append-only/);
  });
});

describe('chat sessions', () => {
  it('count a session on its start day, its length once ended (once), and a customer as new at its first session only', async () => {
    const day = (h: number, m = 0) => new Date(Date.UTC(2026, 5, 1, h, m));
    const [ou] = await owner<{ id: string }>(`SELECT id FROM org_units WHERE tenant_id = $1 AND code = 'JKT'`, [tenant]);
    await withTenant(t.pools.app, tenant, async (tx) => {
      const first = await startChatSession(tx, { tenantId: tenant, area: 'chat', clientOuId: ou.id, customerKey: 'wa:62811', model: 'local-chat', at: day(1) });
      const again = await startChatSession(tx, { tenantId: tenant, area: 'chat', clientOuId: ou.id, customerKey: 'wa:62811', model: 'local-chat', at: day(2) });
      await startChatSession(tx, { tenantId: tenant, area: 'chat', clientOuId: null, customerKey: 'wa:62811', model: 'local-chat', at: day(3) });
      expect(await endChatSession(tx, first, day(1, 15))).toBe(true);
      expect(await endChatSession(tx, first, day(4))).toBe(true);
      expect(await endChatSession(tx, again, day(1))).toBe(true);
      expect(await endChatSession(tx, '01900000-0000-7000-8000-000000000000', day(4))).toBe(false);
    });
    const rows = await owner<{ client: boolean; sessions: number; new_customers: number; chat_ms: string }>(
      `SELECT client_ou_id IS NOT NULL AS client, sessions, new_customers, chat_ms::text FROM ai_usage_daily
        WHERE tenant_id = $1 AND day = '2026-06-01' AND model = 'local-chat' ORDER BY 1`,
      [tenant],
    );
    // The second session ended before it started: it counts as ended at its start (0 ms).
    expect(rows).toEqual([
      { client: false, sessions: 1, new_customers: 1, chat_ms: '0' },
      { client: true, sessions: 2, new_customers: 1, chat_ms: String(15 * 60_000) },
    ]);
  });

  it('moves a customer\'s "new" to the day of an earlier session that arrives later (an import of past chats)', async () => {
    const at = (day: number) => new Date(Date.UTC(2026, 6, day, 3));
    const start = (day: number, model: string) =>
      withTenant(t.pools.app, tenant, (tx) => startChatSession(tx, { tenantId: tenant, area: 'chat', customerKey: 'tg:4242', model, at: at(day) }));
    const newOn = async () =>
      Object.fromEntries(
        (
          await owner<{ day: string; model: string; n: number }>(
            `SELECT to_char(day, 'MM-DD') || ' ' || model AS day, new_customers AS n FROM ai_usage_daily
        WHERE tenant_id = $1 AND day BETWEEN '2026-07-01' AND '2026-07-31' AND new_customers <> 0 ORDER BY 1`,
            [tenant],
          )
        ).map((r) => [r.day, r.n]),
      );
    await start(20, 'gpt-4o-mini');
    expect(await newOn()).toEqual({ '07-20 gpt-4o-mini': 1 });
    await start(10, 'local-intent');
    await start(15, 'gpt-4o-mini');
    expect(await newOn()).toEqual({ '07-10 local-intent': 1 });
    const [month] = await owner<{ n: number }>(`SELECT sum(new_customers)::int AS n FROM ai_usage_monthly WHERE tenant_id = $1 AND month = '2026-07-01'`, [
      tenant,
    ]);
    expect(month.n).toBe(1);
  });
});
