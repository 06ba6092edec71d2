import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant.ts';

/**
 * Sums of the daily rollups (ai_usage_daily) for reports: never a scan of ai_usage, so their cost follows the days
 * asked for, not the calls made. Ranges are inclusive Jakarta days (YYYY-MM-DD); amounts are decimal strings.
 */
export interface UsageRange {
  from: string;
  to: string;
  clientOuId?: string | null;
}

const within = (r: UsageRange) => sql`day BETWEEN ${r.from}::date AND ${r.to}::date${r.clientOuId ? sql` AND client_ou_id = ${r.clientOuId}::uuid` : sql``}`;

export interface DayUsage {
  day: string;
  requests: number;
  chats: number;
  images: number;
  imageCost: string;
  sessions: number;
  chatMs: number;
  newCustomers: number;
}

async function rows<R>(tx: Tx, query: SQL): Promise<R[]> {
  return (await tx.execute(query)).rows as R[];
}

/** Per day with any usage in the range. */
export const usageByDay = (tx: Tx, r: UsageRange) =>
  rows<DayUsage>(
    tx,
    sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(requests)::int AS requests, sum(chats)::int AS chats, sum(images)::int AS images,
           sum(image_cost)::text AS "imageCost", sum(sessions)::int AS sessions, sum(chat_ms)::float8 AS "chatMs", sum(new_customers)::int AS "newCustomers"
      FROM ai_usage_daily WHERE ${within(r)} GROUP BY day ORDER BY day`,
  );

export interface ModelUsage {
  model: string;
  requests: number;
  sessions: number;
  cost: string;
}

/** Per model with any usage in the range. */
export const usageByModel = (tx: Tx, r: UsageRange) =>
  rows<ModelUsage>(
    tx,
    sql`
    SELECT model, sum(requests)::int AS requests, sum(sessions)::int AS sessions, sum(cost)::text AS cost
      FROM ai_usage_daily WHERE ${within(r)} GROUP BY model ORDER BY model`,
  );

export interface MonthUsage {
  /** YYYY-MM. */
  month: string;
  requests: number;
  sessions: number;
  chatMs: number;
  refused: number;
}

export interface MonthRange {
  /** First and last month, YYYY-MM-DD of their first days. */
  from: string;
  to: string;
  clientOuId?: string | null;
}

const inMonths = (r: MonthRange) =>
  sql`month BETWEEN ${r.from}::date AND ${r.to}::date${r.clientOuId ? sql` AND client_ou_id = ${r.clientOuId}::uuid` : sql``}`;

/** Per Jakarta month with any usage in the months, whole months (ai_usage_monthly: at most one row per key and month). */
export const usageByMonth = (tx: Tx, r: MonthRange) =>
  rows<MonthUsage>(
    tx,
    sql`
    SELECT to_char(month, 'YYYY-MM') AS month, sum(requests)::int AS requests, sum(sessions)::int AS sessions,
           sum(chat_ms)::float8 AS "chatMs", sum(refused)::int AS refused
      FROM ai_usage_monthly WHERE ${inMonths(r)} GROUP BY month ORDER BY month`,
  );

/**
 * Customers whose first session was before `day` (for a running total that starts at the range's first day): whole
 * months before its month, then the days of its month before it.
 */
export async function newCustomersBefore(tx: Tx, day: string, clientOuId?: string | null): Promise<number> {
  const client = clientOuId ? sql` AND client_ou_id = ${clientOuId}::uuid` : sql``;
  const [r] = await rows<{ n: number }>(
    tx,
    sql`
    SELECT (SELECT coalesce(sum(new_customers), 0) FROM ai_usage_monthly WHERE month < date_trunc('month', ${day}::date)${client})
         + (SELECT coalesce(sum(new_customers), 0) FROM ai_usage_daily WHERE day >= date_trunc('month', ${day}::date) AND day < ${day}::date${client}) AS n`,
  );
  return Number(r.n);
}

/** The clients (OU ids) with any usage in the months. */
export async function clientsWithUsage(tx: Tx, r: MonthRange): Promise<string[]> {
  const found = await rows<{ id: string }>(
    tx,
    sql`
    SELECT DISTINCT client_ou_id AS id FROM ai_usage_monthly WHERE ${inMonths({ ...r, clientOuId: null })} AND client_ou_id IS NOT NULL`,
  );
  return found.map((c) => c.id);
}
