import { sql } from 'drizzle-orm';
import { todayInJakarta } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';

/** The demo's monthly quota: small enough that this month's gauge shows most of it used. */
export const DEMO_AI_QUOTA = { monthlyRequests: 3000, monthlyImages: 120 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Demo prices in Rupiah (per token, per image): gpt-4o-mini about Rp 2.400 / 9.600 per 1M tokens, embeddings Rp 320, an image Rp 650. */
const PRICE = { chatIn: '0.0024', chatOut: '0.0096', embed: '0.00032', image: '650' };

/** A UUID v7 (time-ordered, as every id of the app) made in SQL from a row's timestamp. */
const v7 = (at: string) =>
  `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch FROM ${at}) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;

/**
 * Ninety days of AI usage up to now for the demo tenant, so the dashboard is alive on first start: chat sessions of
 * three clients (busier on weekdays, growing over the quarter, customers coming back and new ones arriving), each
 * chat answered by gpt-4o-mini or the local intent engine, embeddings for the sales analysis and
 * product photos by gpt-image-1, a few failures. Bulk INSERT … SELECT in the tenant's transaction: the same triggers
 * as meteredCall keep the daily rollups, and each month's quota row counts what the rows used.
 */
export async function seedAiUsage(tx: Tx, tenantId: string, clients: string[], now = new Date()): Promise<void> {
  // The ids are inlined into the SQL below (it is built from fragments): they must be UUIDs.
  if (![tenantId, ...clients].every((id) => UUID.test(id))) throw new Error('seedAiUsage: ids must be UUIDs');
  const today = todayInJakarta(now);
  await tx.execute(sql`INSERT INTO ai_quota_settings (tenant_id, monthly_requests, monthly_images)
                       VALUES (${tenantId}, ${DEMO_AI_QUOTA.monthlyRequests}, ${DEMO_AI_QUOTA.monthlyImages})`);
  const at = now.toISOString();
  await tx.execute(sql`SELECT setseed(0.2026)`);
  await tx.execute(
    sql.raw(`
    WITH days AS (
      SELECT d, '${today}'::date - 89 + d AS day,
             (0.55 + 0.45 * d / 89.0) * CASE WHEN extract(isodow FROM '${today}'::date - 89 + d) IN (6, 7) THEN 0.4 ELSE 1 END AS busy
        FROM generate_series(0, 89) d
    ), clients AS (
      SELECT ou, n, (ARRAY[1.0, 0.6, 0.35])[n] AS weight FROM unnest('{${clients.join(',')}}'::uuid[]) WITH ORDINALITY AS c(ou, n)
    ), sessions AS (
      SELECT c.ou, c.n, days.d, ((days.day + time '08:00' + random() * interval '13 hours') AT TIME ZONE 'Asia/Jakarta') AS started_at
        FROM days CROSS JOIN clients c CROSS JOIN LATERAL generate_series(1, greatest(1, round(9 * days.busy * c.weight)::int)) s
    )
    INSERT INTO ai_chat_sessions (tenant_id, id, area, client_ou_id, customer_key, model, started_at, ended_at)
    SELECT '${tenantId}', ${v7('started_at')}, 'chat', ou, 'wa:62' || (8120000000 + n * 1000000 + floor(random() * (25 + d * 2)))::bigint,
           CASE WHEN random() < 0.7 THEN 'gpt-4o-mini' ELSE 'local-intent' END, started_at,
           CASE WHEN started_at < '${at}'::timestamptz - interval '30 minutes' THEN started_at + (2 + random() * 16) * interval '1 minute' END
      FROM sessions WHERE started_at < '${at}'::timestamptz
     ORDER BY started_at`),
  );
  await tx.execute(
    sql.raw(`
    WITH chats AS (
      SELECT s.id AS session_id, s.client_ou_id, s.model, s.started_at + k * interval '40 seconds' AS at
        FROM ai_chat_sessions s CROSS JOIN LATERAL generate_series(1, 1 + floor(random() * 4)::int) k
       WHERE s.tenant_id = '${tenantId}'
    ), days AS (
      SELECT d, ('${today}'::date - 89 + d) AS day, 0.55 + 0.45 * d / 89.0 AS growth FROM generate_series(0, 89) d
    ), calls AS (
      SELECT at, 'chat' AS area, client_ou_id, session_id, CASE WHEN model = 'local-intent' THEN 'local' ELSE 'openai-compatible' END AS provider,
             model, 'chat' AS purpose, 'request' AS kind, 300 + floor(random() * 1200)::int AS input, 40 + floor(random() * 260)::int AS output, 0 AS images
        FROM chats
      UNION ALL
      SELECT (day + time '09:00' + random() * interval '9 hours') AT TIME ZONE 'Asia/Jakarta', 'analysis', NULL, NULL, 'openai-compatible',
             'text-embedding-3-small', 'embedding', 'request', 200 + floor(random() * 1800)::int, 0, 0
        FROM days CROSS JOIN LATERAL generate_series(1, round(6 * growth)::int)
      UNION ALL
      SELECT (day + time '10:00' + random() * interval '8 hours') AT TIME ZONE 'Asia/Jakarta', 'photo', NULL, NULL, 'openai-compatible',
             'gpt-image-1', 'image', 'image', 0, 0, 1
        FROM days CROSS JOIN LATERAL generate_series(1, greatest(0, round((1 + 5 * random()) * growth)::int)) WHERE extract(isodow FROM day) < 7
    ), outcomes AS (
      SELECT *, CASE WHEN random() < 0.015 AND provider <> 'local' THEN 'failed' ELSE 'ok' END AS outcome FROM calls WHERE at < '${at}'::timestamptz
    )
    INSERT INTO ai_usage (tenant_id, id, at, area, client_ou_id, chat_session_id, provider, model, purpose, kind, input_tokens, output_tokens, images, cost, duration_ms, outcome)
    SELECT '${tenantId}', ${v7('at')}, at, area, client_ou_id, session_id, provider, model, purpose, kind,
           CASE WHEN outcome = 'ok' THEN input ELSE 0 END, CASE WHEN outcome = 'ok' THEN output ELSE 0 END, CASE WHEN outcome = 'ok' THEN images ELSE 0 END,
           CASE WHEN outcome <> 'ok' THEN 0
                WHEN model = 'gpt-4o-mini' THEN round(input * ${PRICE.chatIn} + output * ${PRICE.chatOut}, 4)
                WHEN model = 'text-embedding-3-small' THEN round(input * ${PRICE.embed}, 4)
                WHEN model = 'gpt-image-1' THEN ${PRICE.image} ELSE 0 END,
           CASE WHEN provider = 'local' THEN 5 + floor(random() * 40) WHEN kind = 'image' THEN 6000 + floor(random() * 9000) ELSE 600 + floor(random() * 2400) END,
           outcome
      FROM outcomes ORDER BY at`),
  );
  // What the months' calls used of their quotas, as meteredCall would have counted it.
  await tx.execute(
    sql.raw(`
    INSERT INTO ai_quotas (tenant_id, month, request_limit, image_limit, requests_used, images_used)
    SELECT '${tenantId}', date_trunc('month', (at AT TIME ZONE 'Asia/Jakarta'))::date, ${DEMO_AI_QUOTA.monthlyRequests}, ${DEMO_AI_QUOTA.monthlyImages},
           count(*) FILTER (WHERE kind = 'request' AND outcome = 'ok'), count(*) FILTER (WHERE kind = 'image' AND outcome = 'ok')
      FROM ai_usage WHERE tenant_id = '${tenantId}' GROUP BY 2
    ON CONFLICT (tenant_id, month) DO UPDATE SET requests_used = ai_quotas.requests_used + excluded.requests_used, images_used = ai_quotas.images_used + excluded.images_used`),
  );
}
