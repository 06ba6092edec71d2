import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_WIDGET_KEYS, endpoints, todayInJakarta, type UsageDashboard } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { Money, toDecimalString } from '../../../platform/money/decimal.ts';
import { endChatSession, meteredCall, startChatSession } from '../../../platform/ai/metering/index.ts';
import type { AiPurpose } from '../../../platform/ai/engine.ts';
import { DEMO_AI_QUOTA } from './seed.ts';

let t: TestApp;
let demo: string;
let admin: string;
const ou: Record<string, string> = {};

const DAY = 86_400_000;
const today = todayInJakarta();
const dayOffset = (n: number) => new Date(Date.parse(today) + n * DAY).toISOString().slice(0, 10);
const MODELS: { model: string; purpose: AiPurpose; kind: 'request' | 'image' }[] = [
  { model: 'local-intent', purpose: 'intent', kind: 'request' },
  { model: 'gpt-4o-mini', purpose: 'chat', kind: 'request' },
  { model: 'text-embedding-3-small', purpose: 'embedding', kind: 'request' },
  { model: 'gpt-image-1', purpose: 'image', kind: 'image' },
];

/** A small deterministic generator, so a failure can be replayed. */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

beforeAll(async () => {
  t = await createTestApp('usage_dashboard');
  demo = await t.tenantId('demo');
  admin = await t.login('admin');
  for (const r of (await t.pools.owner.query<{ id: string; code: string }>(`SELECT id, code FROM org_units WHERE tenant_id = $1`, [demo])).rows)
    ou[r.code] = r.id;
  const clients = [ou.JKT, ou.SBY, null];
  const rnd = lcg(7);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  // 120 days back to 3 days ahead of today, hours all round the clock (UTC hours 17-23 are the next Jakarta day).
  const instant = () => new Date(Date.parse(today) + Math.floor(rnd() * 123 - 120) * DAY + Math.floor(rnd() * DAY) - 7 * 3_600_000);
  await withTenant(t.pools.app, demo, async (tx) => {
    const sessions: { id: string; client: string | null; at: Date }[] = [];
    for (let i = 0; i < 70; i++) {
      const at = instant();
      const client = pick(clients);
      const id = await startChatSession(tx, {
        tenantId: demo,
        area: pick(['chat', 'healing']),
        clientOuId: client,
        customerKey: `wa:628${Math.floor(rnd() * 30)}`,
        model: pick(['gpt-4o-mini', 'local-chat']),
        at,
      });
      if (rnd() < 0.8) await endChatSession(tx, id, new Date(at.getTime() + Math.floor(rnd() * 3_600_000)));
      sessions.push({ id, client, at });
    }
    for (let i = 0; i < 260; i++) {
      const m = pick(MODELS);
      const session = m.purpose === 'chat' && rnd() < 0.7 ? pick(sessions) : undefined;
      const options = {
        tenantId: demo,
        area: m.kind === 'image' ? 'photo' : pick(['chat', 'analysis']),
        clientOuId: session ? session.client : pick(clients),
        chatSessionId: session?.id ?? null,
        purpose: m.purpose,
        kind: m.kind,
        provider: 'openai-compatible',
        model: m.model,
        at: session?.at ?? instant(),
        priceOf: (u: { inputTokens: number; outputTokens: number; images: number }) =>
          new Money(u.inputTokens)
            .times('0.0025')
            .plus(new Money(u.outputTokens).times('0.01'))
            .plus(u.images * 650),
      };
      const fail = rnd() < 0.08;
      await meteredCall(tx, options, async () => {
        if (fail) throw new AppError('ai_response_failed');
        return {
          usage: {
            model: m.model,
            inputTokens: Math.floor(rnd() * 900),
            outputTokens: m.kind === 'image' ? 0 : Math.floor(rnd() * 300),
            images: m.kind === 'image' ? 1 + Math.floor(rnd() * 2) : 0,
          },
        };
      }).catch((err: unknown) => {
        if (!(err instanceof AppError)) throw err;
      });
    }
  });
});
afterAll(() => t.close());

const dashboard = async (token: string, query: { from?: string; to?: string; clientOuId?: string } = {}) => {
  const res = await call(t, endpoints.usageDashboard, { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

type Row = Record<string, string | number>;
const q = async (text: string, values: unknown[]) => (await t.pools.owner.query<Row>(text, values)).rows;
const days = (from: string, to: string) =>
  Array.from({ length: (Date.parse(to) - Date.parse(from)) / DAY + 1 }, (_, i) => new Date(Date.parse(from) + i * DAY).toISOString().slice(0, 10));
const jakartaDay = (col: string) => `to_char((${col} AT TIME ZONE 'Asia/Jakarta')::date, 'YYYY-MM-DD')`;
const dec = (v: string | number | undefined) => toDecimalString(new Money(v ?? 0));
const monthsUpTo = (to: string) =>
  Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 12 + i, 1));
    return d.toISOString().slice(0, 7);
  });

/** Every widget computed straight from ai_usage and ai_chat_sessions rows: no rollup is read. */
async function expected(from: string, to: string, client?: string): Promise<UsageDashboard['widgets']> {
  const usage = `FROM ai_usage WHERE tenant_id = $1 AND (at AT TIME ZONE 'Asia/Jakarta')::date BETWEEN $2 AND $3 AND ($4::uuid IS NULL OR client_ou_id = $4)`;
  const sessions = `FROM ai_chat_sessions WHERE tenant_id = $1 AND (started_at AT TIME ZONE 'Asia/Jakarta')::date BETWEEN $2 AND $3 AND ($4::uuid IS NULL OR client_ou_id = $4)`;
  const args = [demo, from, to, client ?? null];
  const windowFrom = `${monthsUpTo(to)[0]}-01`;
  const perDay = await q(
    `SELECT ${jakartaDay('at')} AS day, count(*) FILTER (WHERE outcome = 'ok' AND purpose = 'chat')::int AS chats,
      count(*) FILTER (WHERE outcome = 'ok')::int AS requests, sum(images)::int AS images, coalesce(sum(cost) FILTER (WHERE kind = 'image'), 0)::text AS image_cost ${usage} GROUP BY 1`,
    args,
  );
  const sessionDays = await q(
    `SELECT ${jakartaDay('started_at')} AS day, sum(coalesce((extract(epoch FROM ended_at - started_at) * 1000)::bigint, 0))::float8 AS ms ${sessions} GROUP BY 1`,
    args,
  );
  const firsts = await q(
    `SELECT ${jakartaDay('first')} AS day, count(*)::int AS n FROM (
      SELECT min(started_at) AS first FROM ai_chat_sessions WHERE tenant_id = $1 AND ($2::uuid IS NULL OR client_ou_id = $2) GROUP BY client_ou_id, customer_key) c GROUP BY 1`,
    [demo, client ?? null],
  );
  const byModel = await q(`SELECT model, count(*) FILTER (WHERE outcome = 'ok')::int AS ok, sum(cost)::text AS cost ${usage} GROUP BY model`, args);
  const sessionsByModel = await q(`SELECT model, count(*)::int AS n ${sessions} GROUP BY model`, args);
  const monthEnd = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const monthArgs = [demo, windowFrom, monthEnd, client ?? null];
  const requestMonths = await q(
    `SELECT to_char(date_trunc('month', (at AT TIME ZONE 'Asia/Jakarta')::date), 'YYYY-MM') AS month, count(*) FILTER (WHERE outcome = 'ok')::int AS n ${usage} GROUP BY 1`,
    monthArgs,
  );
  const durationMonths = await q(
    `SELECT to_char(date_trunc('month', (started_at AT TIME ZONE 'Asia/Jakarta')::date), 'YYYY-MM') AS month, count(*)::int AS n,
      sum(coalesce((extract(epoch FROM ended_at - started_at) * 1000)::bigint, 0))::float8 AS ms ${sessions} GROUP BY 1`,
    monthArgs,
  );
  const month = to.slice(0, 7);
  const [quota] = await q(
    `SELECT count(*) FILTER (WHERE outcome = 'ok' AND kind = 'request')::int AS requests, count(*) FILTER (WHERE outcome = 'ok' AND kind = 'image')::int AS images,
      count(*) FILTER (WHERE outcome = 'refused_quota')::int AS refused FROM ai_usage WHERE tenant_id = $1 AND to_char((at AT TIME ZONE 'Asia/Jakarta')::date, 'YYYY-MM') = $2`,
    [demo, month],
  );

  const at = <K extends string>(rows: Row[], key: string, day: string, field: K) => rows.find((r) => r[key] === day)?.[field];
  const range = days(from, to);
  const before = firsts.filter((f) => (f.day as string) < from).reduce((a, f) => a + (f.n as number), 0);
  let total = before;
  return {
    sessionsPerModel: sessionsByModel.map((r) => ({ model: r.model as string, sessions: r.n as number })).sort((a, b) => b.sessions - a.sessions),
    costPerModel: byModel
      .filter((r) => (r.ok as number) > 0 || !new Money(r.cost).isZero())
      .map((r) => ({ model: r.model as string, cost: dec(r.cost) }))
      .sort((a, b) => new Money(b.cost).comparedTo(a.cost)),
    chatCount: {
      total: range.reduce((a, d) => a + ((at(perDay, 'day', d, 'chats') as number) ?? 0), 0),
      days: range.map((d) => ({ day: d, chats: (at(perDay, 'day', d, 'chats') as number) ?? 0 })),
    },
    newCustomers: {
      before,
      added: range.reduce((a, d) => a + ((at(firsts, 'day', d, 'n') as number) ?? 0), 0),
      days: range.map((d) => ({ day: d, added: (at(firsts, 'day', d, 'n') as number) ?? 0, total: (total += (at(firsts, 'day', d, 'n') as number) ?? 0) })),
    },
    dailyChatDuration: {
      totalSeconds: range.reduce((a, d) => a + ((at(sessionDays, 'day', d, 'ms') as number) ?? 0), 0) / 1000,
      days: range.map((d) => ({ day: d, seconds: ((at(sessionDays, 'day', d, 'ms') as number) ?? 0) / 1000 })),
    },
    monthlyChatDuration: {
      months: monthsUpTo(to).map((m) => ({
        month: m,
        seconds: ((at(durationMonths, 'month', m, 'ms') as number) ?? 0) / 1000,
        sessions: (at(durationMonths, 'month', m, 'n') as number) ?? 0,
      })),
    },
    imageCount: {
      total: range.reduce((a, d) => a + ((at(perDay, 'day', d, 'images') as number) ?? 0), 0),
      days: range.map((d) => ({ day: d, images: (at(perDay, 'day', d, 'images') as number) ?? 0 })),
    },
    imageCost: {
      total: dec(range.reduce((a, d) => a.plus((at(perDay, 'day', d, 'image_cost') as string) ?? 0), new Money(0)).toString()),
      days: range.map((d) => ({ day: d, cost: dec(at(perDay, 'day', d, 'image_cost')) })),
    },
    quota: {
      month,
      requestLimit: DEMO_AI_QUOTA.monthlyRequests,
      requestsUsed: quota.requests as number,
      imageLimit: DEMO_AI_QUOTA.monthlyImages,
      imagesUsed: quota.images as number,
      refused: quota.refused as number,
    },
    requests: {
      total: range.reduce((a, d) => a + ((at(perDay, 'day', d, 'requests') as number) ?? 0), 0),
      days: range.map((d) => ({ day: d, requests: (at(perDay, 'day', d, 'requests') as number) ?? 0 })),
      months: monthsUpTo(to).map((m) => ({ month: m, requests: (at(requestMonths, 'month', m, 'n') as number) ?? 0 })),
    },
  };
}

describe('usage dashboard', () => {
  it('answers every widget to the admin, each equal to a direct SQL over the usage and session rows (this month by default)', async () => {
    const body = await dashboard(admin);
    expect(body).toMatchObject({ from: `${today.slice(0, 7)}-01`, to: today, clientOuId: null, currency: { code: 'IDR' } });
    expect(Object.keys(body.widgets).sort()).toEqual([...USAGE_WIDGET_KEYS].sort());
    expect(body.widgets).toEqual(await expected(body.from, body.to));
    expect(body.clients.map((c) => c.code)).toEqual(['JKT', 'KEMANG', 'SBY']);
  });

  it("keeps the daily rollups equal to the rows they add up: the demo seed's bulk rows and the calls made one by one", async () => {
    const rollups = `SELECT to_char(day, 'YYYY-MM-DD') AS day, area, client_ou_id, model, requests, failed, refused, chats, input_tokens::int AS input_tokens,
        output_tokens::int AS output_tokens, images, cost::text AS cost, image_cost::text AS image_cost
      FROM ai_usage_daily WHERE tenant_id = $1 AND (requests + failed + refused) > 0 ORDER BY 1, 2, 3, 4`;
    const fromRows = `SELECT ${jakartaDay('at')} AS day, area, client_ou_id, model, count(*) FILTER (WHERE outcome = 'ok')::int AS requests,
        count(*) FILTER (WHERE outcome = 'failed')::int AS failed, count(*) FILTER (WHERE outcome = 'refused_quota')::int AS refused,
        count(*) FILTER (WHERE outcome = 'ok' AND purpose = 'chat')::int AS chats, sum(input_tokens)::int AS input_tokens, sum(output_tokens)::int AS output_tokens,
        sum(images)::int AS images, sum(cost)::numeric(20, 4)::text AS cost, coalesce(sum(cost) FILTER (WHERE kind = 'image'), 0)::numeric(20, 4)::text AS image_cost
      FROM ai_usage WHERE tenant_id = $1 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
    const sessions = `SELECT to_char(day, 'YYYY-MM-DD') AS day, area, client_ou_id, model, sessions, chat_ms::text AS chat_ms, new_customers
      FROM ai_usage_daily WHERE tenant_id = $1 AND sessions + new_customers + chat_ms > 0 ORDER BY 1, 2, 3, 4`;
    const sessionsFromRows = `WITH firsts AS (SELECT DISTINCT ON (client_ou_id, customer_key) id FROM ai_chat_sessions WHERE tenant_id = $1 ORDER BY client_ou_id, customer_key, started_at)
      SELECT ${jakartaDay('started_at')} AS day, area, client_ou_id, model, count(*)::int AS sessions,
             sum(coalesce((extract(epoch FROM ended_at - started_at) * 1000)::bigint, 0))::text AS chat_ms, count(*) FILTER (WHERE id IN (SELECT id FROM firsts))::int AS new_customers
        FROM ai_chat_sessions WHERE tenant_id = $1 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
    const seeded = await q(
      `SELECT count(*)::int AS n FROM ai_usage WHERE tenant_id = $1 AND provider = 'openai-compatible' AND chat_session_id IS NULL AND area = 'analysis'`,
      [demo],
    );
    expect(seeded[0].n).toBeGreaterThan(100);
    expect(await q(rollups, [demo])).toEqual(await q(fromRows, [demo]));
    expect(await q(sessions, [demo])).toEqual(await q(sessionsFromRows, [demo]));
    const columns = 'requests, failed, refused, chats, input_tokens, output_tokens, images, cost, image_cost, sessions, chat_ms, new_customers';
    const sums = columns
      .split(', ')
      .map((c) => `sum(${c})::text AS ${c}`)
      .join(', ');
    expect(
      await q(
        `SELECT to_char(month, 'YYYY-MM') AS month, area, client_ou_id, model, ${columns
          .split(', ')
          .map((c) => `${c}::text`)
          .join(', ')}
        FROM ai_usage_monthly WHERE tenant_id = $1 ORDER BY 1, 2, 3, 4`,
        [demo],
      ),
    ).toEqual(
      await q(
        `SELECT to_char(day, 'YYYY-MM') AS month, area, client_ou_id, model, ${sums} FROM ai_usage_daily WHERE tenant_id = $1 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
        [demo],
      ),
    );
  });

  it('matches the direct SQL over a 90-day range, and over one client', async () => {
    const from = dayOffset(-90);
    const all = await dashboard(admin, { from, to: today });
    expect(all.widgets).toEqual(await expected(from, today));
    expect(all.widgets.requests!.total).toBeGreaterThan(100);
    expect(all.widgets.newCustomers!.added).toBeGreaterThan(5);
    const jkt = await dashboard(admin, { from, to: today, clientOuId: ou.JKT });
    expect(jkt.widgets).toEqual(await expected(from, today, ou.JKT));
    expect(jkt.widgets.requests!.total).toBeLessThan(all.widgets.requests!.total);
  });

  it('shows a user only the widgets of the tasks held; none at all to a user without any', async () => {
    const agent = await dashboard(await t.login('agent'));
    expect(Object.keys(agent.widgets).sort()).toEqual(['chatCount', 'dailyChatDuration']);
    const cashier = await dashboard(await t.login('cashier'));
    expect(cashier.widgets).toEqual({});
    expect(cashier.clients).toEqual([]);
    const anonymous = await call(t, endpoints.usageDashboard, { query: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows another tenant none of this usage', async () => {
    await t.seedTenant('lain');
    const other = await dashboard(await t.login('admin', 'lain'), { from: dayOffset(-120), to: today });
    expect(other.clients).toEqual([]);
    expect(other.widgets.requests!.total).toBe(0);
    expect(other.widgets.sessionsPerModel).toEqual([]);
    expect(other.widgets.costPerModel).toEqual([]);
    expect(other.widgets.quota).toMatchObject({ requestsUsed: 0, imagesUsed: 0, refused: 0 });
  });

  it('refuses a range that ends before it starts or is longer than a year (invalid_input_format)', async () => {
    for (const query of [
      { from: today, to: dayOffset(-1) },
      { from: dayOffset(-400), to: today },
      { from: '0000-01-01', to: '0000-01-02' },
    ]) {
      const res = await call(t, endpoints.usageDashboard, { token: admin, query });
      expect(res.statusCode).toBe(400);
      expect(res.error().errorCode).toBe('invalid_input_format');
    }
  });
});
