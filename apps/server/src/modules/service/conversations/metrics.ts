import { sql, type SQL } from 'drizzle-orm';
import type { ResponseTimes, ServiceResponseTimes } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';

/*
 * Response times (issue 24) are read from the messages, not kept on the conversation: the first customer message, the
 * first bot turn that handed over (the conversation's handed_over_at, the latest hand-over, when no turn is marked),
 * and the first agent reply at or after that hand-over. A conversation sent back to the bot and handed over again keeps
 * its first hand-over's figures. Each lookup is one probe of service_messages_conversation_idx.
 */
const FACTS = (where: SQL) => sql`
  WITH f AS (
    SELECT c.id, c.client_id,
           (SELECT min(m.at) FROM service_messages m WHERE m.conversation_id = c.id AND m.sender = 'customer') AS first_customer_at,
           coalesce((SELECT min(m.at) FROM service_messages m WHERE m.conversation_id = c.id AND m.handed_over), c.handed_over_at) AS handed_over_at
      FROM service_conversations c JOIN service_clients cl ON cl.id = c.client_id
     WHERE ${where}
  )
  SELECT f.*, (SELECT min(m.at) FROM service_messages m WHERE m.conversation_id = f.id AND m.sender = 'agent' AND m.at >= f.handed_over_at) AS first_agent_at
    FROM f`;

type Row = { first_customer_at: string | Date | null; handed_over_at: string | Date | null; first_agent_at: string | Date | null };
const date = (v: string | Date | null) => (v === null ? null : new Date(v));
const secondsBetween = (a: Date | null, b: Date | null) => (a && b && b >= a ? Math.round((b.getTime() - a.getTime()) / 100) / 10 : null);

export async function responseTimesOf(tx: Tx, conversationId: string): Promise<ResponseTimes> {
  const [r] = (await tx.execute(FACTS(sql`c.id = ${conversationId}`))).rows as Row[];
  const first = date(r?.first_customer_at ?? null);
  const handed = date(r?.handed_over_at ?? null);
  const agent = date(r?.first_agent_at ?? null);
  return {
    firstCustomerAt: first?.toISOString() ?? null,
    handedOverAt: handed?.toISOString() ?? null,
    firstAgentReplyAt: agent?.toISOString() ?? null,
    handoverSeconds: secondsBetween(first, handed),
    firstResponseSeconds: secondsBetween(handed, agent),
  };
}

const round = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

/**
 * Averages and medians over the conversations first handed over on the days `from`..`to` (Asia/Jakarta), per day and
 * in all. Virtual-chat conversations are the bot's sandbox and are left out.
 */
export async function responseTimesSummary(
  tx: Tx,
  q: { from: string; to: string; clientCode?: string },
): Promise<Omit<ServiceResponseTimes, 'from' | 'to' | 'clientCode'>> {
  const start = sql`(${q.from}::date)::timestamp AT TIME ZONE 'Asia/Jakarta'`;
  const end = sql`(${q.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Jakarta'`;
  const where = sql.join(
    [
      sql`c.handed_over_at IS NOT NULL AND c.channel_kind <> 'virtual'`,
      // The hand-over comes after the first message and at most a moment after the last one.
      sql`c.started_at < ${end} AND c.last_message_at > ${start} - interval '1 day'`,
      ...(q.clientCode ? [sql`lower(cl.code) = lower(${q.clientCode})`] : []),
    ],
    sql` AND `,
  );
  const res = await tx.execute(sql`
    WITH g AS (${FACTS(where)}),
    d AS (
      SELECT (handed_over_at AT TIME ZONE 'Asia/Jakarta')::date AS day,
             CASE WHEN handed_over_at >= first_customer_at THEN extract(epoch FROM handed_over_at - first_customer_at) END AS handover_s,
             extract(epoch FROM first_agent_at - handed_over_at) AS response_s
        FROM g WHERE handed_over_at >= ${start} AND handed_over_at < ${end}
    )
    SELECT to_char(day, 'YYYY-MM-DD') AS day, GROUPING(day) AS whole, count(*)::int AS handed_over,
           count(handover_s)::int AS handover_n, avg(handover_s) AS handover_avg, percentile_cont(0.5) WITHIN GROUP (ORDER BY handover_s) AS handover_median,
           count(response_s)::int AS response_n, avg(response_s) AS response_avg, percentile_cont(0.5) WITHIN GROUP (ORDER BY response_s) AS response_median
      FROM d GROUP BY GROUPING SETS ((day), ()) ORDER BY whole, day`);
  type Agg = {
    day: string | null;
    whole: number;
    handed_over: number;
    handover_n: number;
    handover_avg: unknown;
    handover_median: unknown;
    response_n: number;
    response_avg: unknown;
    response_median: unknown;
  };
  const rows = res.rows as Agg[];
  const all = rows.find((r) => Number(r.whole) === 1);
  return {
    handedOver: all?.handed_over ?? 0,
    unanswered: (all?.handed_over ?? 0) - (all?.response_n ?? 0),
    handover: { count: all?.handover_n ?? 0, averageSeconds: round(all?.handover_avg), medianSeconds: round(all?.handover_median) },
    firstResponse: { count: all?.response_n ?? 0, averageSeconds: round(all?.response_avg), medianSeconds: round(all?.response_median) },
    days: rows
      .filter((r) => Number(r.whole) === 0)
      .map((r) => ({
        day: r.day!,
        handedOver: r.handed_over,
        handoverMedianSeconds: round(r.handover_median),
        firstResponseMedianSeconds: round(r.response_median),
      })),
  };
}
