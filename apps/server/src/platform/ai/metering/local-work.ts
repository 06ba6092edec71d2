import { fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { commitBehind, queryPrepared, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors/app-error.ts';
import type { AiUsage } from '../engine.ts';
import { usageRow, type MeteredCallOptions } from './meter.ts';
import { claimStatement, DEFAULT_MONTHLY_IMAGES, DEFAULT_MONTHLY_REQUESTS, type QuotaKind } from './quota.ts';

/**
 * Meters work that runs in this process and writes nothing, such as a local model's classification, without holding
 * the tenant's quota row across it (meteredCall locks it from the claim to the end of the transaction, so a tenant's
 * calls are counted one transaction at a time):
 * 1. reads whether `units` are left, locking nothing; none: `insufficient_quota` before any work;
 * 2. runs `fn`; if it throws, nothing is claimed or written and the error goes through as it was;
 * 3. claims the units and writes the usage rows in one statement: `ok` rows when the claim counted, else one
 *    `refused_quota` row (a concurrent call took the last units after the read) and `insufficient_quota`.
 * With `last`, that statement goes out with the transaction's COMMIT in one socket write (commitBehind), so the quota
 * row is locked only while PostgreSQL runs the two; nothing may be sent on `tx` after it.
 */
export async function meterLocalWork<T extends { usage: AiUsage; usages?: AiUsage[] }>(
  tx: Tx,
  options: MeteredCallOptions,
  fn: () => Promise<T>,
  { last = false } = {},
): Promise<T> {
  const at = options.at ?? new Date();
  const units = options.units ?? 1;
  const statements = statementsOf(options.kind);
  const values = {
    tenantId: options.tenantId,
    at: at.toISOString(),
    units,
    request: options.kind === 'request' ? units : 0,
    image: options.kind === 'image' ? units : 0,
  };
  const [left] = await queryPrepared<{ left: boolean }>(tx, statements.leftName, statements.left.sql, fillPlaceholders(statements.left.params, values));
  if (!left?.left) throw new AppError('insufficient_quota', [options.kind]);
  const started = performance.now();
  const result = await fn();
  const duration = performance.now() - started;
  const usages = units === 1 ? [result.usage] : Array.from({ length: units }, (_, i) => result.usages?.[i] ?? result.usage);
  const ok = JSON.stringify(usages.map((usage) => columns(usageRow(options, at, 'ok', duration / units, usage))));
  const refused = JSON.stringify([columns(usageRow(options, at, 'refused_quota', 0, undefined))]);
  const params = fillPlaceholders(statements.claim.params, { ...values, ok, refused });
  // Handed to the connection synchronously, as commitBehind needs, so the COMMIT cannot overtake it.
  const send = () => queryPrepared<{ outcome: string }>(tx, statements.claimName, statements.claim.sql, params);
  const written = await (last ? commitBehind(tx, send) : send());
  if (written[0]?.outcome !== 'ok') throw new AppError('insufficient_quota', [options.kind]);
  return result;
}

const dialect = new PgDialect();
const p = (name: string) => sql.placeholder(name);

/** The two statements of a kind, built once: every value is a placeholder, so each is prepared once per connection. */
const statementsOf = memoise((kind: QuotaKind) => {
  const used = kind === 'request' ? sql.raw('requests_used') : sql.raw('images_used');
  const limit =
    kind === 'request'
      ? sql`coalesce(q.request_limit, s.monthly_requests, ${sql.raw(String(DEFAULT_MONTHLY_REQUESTS))})`
      : sql`coalesce(q.image_limit, s.monthly_images, ${sql.raw(String(DEFAULT_MONTHLY_IMAGES))})`;
  const left = dialect.sqlToQuery(sql`
    SELECT coalesce(q.${used}, 0) + ${p('units')}::int <= ${limit} AS left
      FROM (SELECT date_trunc('month', ${p('at')}::timestamptz AT TIME ZONE 'Asia/Jakarta')::date AS month) m
      LEFT JOIN ai_quotas q ON q.tenant_id = ${p('tenantId')}::uuid AND q.month = m.month
      LEFT JOIN ai_quota_settings s ON s.tenant_id = ${p('tenantId')}::uuid`);
  const claim = dialect.sqlToQuery(sql`
    WITH claim AS (${claimStatement({ tenantId: p('tenantId'), at: p('at'), request: p('request'), image: p('image') })}),
    counted AS (SELECT coalesce(bool_or(claim.${used} >= ${p('units')}::int), false) AND ${p('units')}::int > 0 AS yes FROM claim)
    INSERT INTO ai_usage (tenant_id, id, at, area, client_ou_id, chat_session_id, provider, model, purpose, kind,
                          input_tokens, output_tokens, images, cost, duration_ms, outcome)
    SELECT r.tenant_id, r.id, r.at, r.area, r.client_ou_id, r.chat_session_id, r.provider, r.model, r.purpose, r.kind,
           r.input_tokens, r.output_tokens, r.images, r.cost, r.duration_ms, r.outcome
      FROM counted, jsonb_to_recordset(CASE WHEN counted.yes THEN ${p('ok')}::jsonb ELSE ${p('refused')}::jsonb END)
        AS r(tenant_id uuid, id uuid, at timestamptz, area text, client_ou_id uuid, chat_session_id uuid, provider text, model text, purpose text,
             kind text, input_tokens int, output_tokens int, images int, cost numeric, duration_ms int, outcome text)
    RETURNING outcome`);
  return { left, leftName: `nusa_meter_left_${kind}`, claim, claimName: `nusa_meter_local_${kind}` };
});

function memoise<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(key)));
    return value;
  };
}

function columns(row: ReturnType<typeof usageRow>) {
  return {
    tenant_id: row.tenantId,
    id: row.id,
    at: row.at.toISOString(),
    area: row.area,
    client_ou_id: row.clientOuId,
    chat_session_id: row.chatSessionId,
    provider: row.provider,
    model: row.model,
    purpose: row.purpose,
    kind: row.kind,
    input_tokens: row.inputTokens,
    output_tokens: row.outputTokens,
    images: row.images,
    cost: row.cost,
    duration_ms: row.durationMs,
    outcome: row.outcome,
  };
}
