import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.ts';

/**
 * Monthly limits of a tenant without its own `ai_quota_settings` row. No package in the price list grants AI quotas
 * yet (onboarding knows only paid or trial), so every tenant starts here.
 */
export const DEFAULT_MONTHLY_REQUESTS = 10_000;
export const DEFAULT_MONTHLY_IMAGES = 300;

export type QuotaKind = 'request' | 'image';

/**
 * Claims `units` (default one) of the month's `kind` quota in one statement, all or none: the month's row is made with
 * the tenant's limits on its first claim, else counted up only while that many are left. Concurrent claims wait on the row and see each
 * other's counts (READ COMMITTED re-checks the WHERE on the latest row), so no more units than the limit are ever
 * handed out. The row stays locked until the caller's transaction ends. False: not that many are left.
 */
export async function claimQuotaUnit(tx: Tx, tenantId: string, kind: QuotaKind, at: Date, units = 1): Promise<boolean> {
  const claim = { tenantId, at: at.toISOString(), request: kind === 'request' ? units : 0, image: kind === 'image' ? units : 0 };
  const rows = await tx.execute<{ requests_used: number; images_used: number }>(claimStatement(claim));
  const row = rows.rows[0];
  return !!row && units > 0 && (kind === 'request' ? row.requests_used : row.images_used) >= units;
}

/**
 * claimQuotaUnit's statement, of values or of `sql.placeholder`s (a prepared statement's): its row comes back only when
 * the claim counted (a first claim past the limit makes the row with 0 used).
 */
export function claimStatement(v: { tenantId: unknown; at: unknown; request: unknown; image: unknown }): SQL {
  return sql`
    INSERT INTO ai_quotas AS q (tenant_id, month, request_limit, image_limit, requests_used, images_used)
    SELECT ${v.tenantId}::uuid, date_trunc('month', ${v.at}::timestamptz AT TIME ZONE 'Asia/Jakarta')::date, l.requests, l.images,
           CASE WHEN ${v.request}::int <= l.requests THEN ${v.request}::int ELSE 0 END, CASE WHEN ${v.image}::int <= l.images THEN ${v.image}::int ELSE 0 END
      FROM (SELECT coalesce(max(monthly_requests), ${DEFAULT_MONTHLY_REQUESTS}) AS requests, coalesce(max(monthly_images), ${DEFAULT_MONTHLY_IMAGES}) AS images
              FROM ai_quota_settings WHERE tenant_id = ${v.tenantId}::uuid) l
    ON CONFLICT (tenant_id, month) DO UPDATE SET requests_used = q.requests_used + ${v.request}::int, images_used = q.images_used + ${v.image}::int
     WHERE (${v.request}::int > 0 AND q.requests_used + ${v.request}::int <= q.request_limit) OR (${v.image}::int > 0 AND q.images_used + ${v.image}::int <= q.image_limit)
    RETURNING requests_used, images_used`;
}

export interface MonthQuota {
  /** First day of the Jakarta month, YYYY-MM-DD. */
  month: string;
  requestLimit: number;
  requestsUsed: number;
  imageLimit: number;
  imagesUsed: number;
}

/** The quota of the Jakarta month holding `day` (YYYY-MM-DD): its row, or the limits it will get and nothing used. */
export async function monthQuota(tx: Tx, tenantId: string, day: string): Promise<MonthQuota> {
  const rows = await tx.execute<{ month: string; request_limit: number; requests_used: number; image_limit: number; images_used: number }>(sql`
    SELECT to_char(m.month, 'YYYY-MM-DD') AS month,
           coalesce(q.request_limit, s.monthly_requests, ${DEFAULT_MONTHLY_REQUESTS}) AS request_limit, coalesce(q.requests_used, 0) AS requests_used,
           coalesce(q.image_limit, s.monthly_images, ${DEFAULT_MONTHLY_IMAGES}) AS image_limit, coalesce(q.images_used, 0) AS images_used
      FROM (SELECT date_trunc('month', ${day}::date)::date AS month) m
      LEFT JOIN ai_quotas q ON q.tenant_id = ${tenantId}::uuid AND q.month = m.month
      LEFT JOIN ai_quota_settings s ON s.tenant_id = ${tenantId}::uuid`);
  const r = rows.rows[0];
  return { month: r.month, requestLimit: r.request_limit, requestsUsed: r.requests_used, imageLimit: r.image_limit, imagesUsed: r.images_used };
}
