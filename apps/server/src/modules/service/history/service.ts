import { sql, type SQL } from 'drizzle-orm';
import type { HistoryConversation, InboxMessage, ResponseTimes } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeXlsx } from '../../../platform/files/xlsx.ts';
import { conversationMatches, messagesOf, responseTimesOf } from '../conversations/index.ts';
import { toMessage } from '../inbox/service.ts';
import { hasLabel, labelsOf } from '../labels/service.ts';

export interface HistoryFilter {
  clientCode?: string;
  channel?: string;
  from?: string;
  to?: string;
  intent?: string;
  handledBy?: 'bot' | 'agent';
  outcome?: string;
  keyword?: string;
  labelId?: string;
}
const EXPORT_LIMIT = 5000;
type Row = Record<string, unknown>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function where(f: HistoryFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.clientCode) parts.push(sql`lower(cl.code) = lower(${f.clientCode})`);
  // Virtual chats are tests of the bot, not customers: kept out unless asked for by their channel (issue 24).
  parts.push(f.channel ? sql`c.channel_kind = ${f.channel}` : sql`c.channel_kind <> 'virtual'`);
  if (f.from) parts.push(sql`c.started_at >= (${f.from}::date)::timestamp AT TIME ZONE 'Asia/Jakarta'`);
  if (f.to) parts.push(sql`c.started_at < (${f.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Jakarta'`);
  if (f.intent) parts.push(sql`EXISTS (SELECT 1 FROM service_messages i WHERE i.conversation_id = c.id AND i.intent = ${f.intent})`);
  if (f.handledBy === 'bot') parts.push(sql`c.handed_over_at IS NULL`);
  if (f.handledBy === 'agent') parts.push(sql`c.handed_over_at IS NOT NULL`);
  if (f.outcome) parts.push(sql`c.outcome = ${f.outcome}`);
  if (f.keyword) parts.push(conversationMatches(f.keyword));
  if (f.labelId) parts.push(hasLabel(f.labelId));
  return sql.join(parts, sql` AND `);
}

const SELECT = sql`
  SELECT c.id, cl.code AS client_code, cl.name AS client_name, c.channel_kind, c.customer_key, c.customer_name, c.status, c.handover_reason,
         c.handed_over_at, c.outcome, c.last_intent, c.started_at, c.ended_at,
         (SELECT count(*) FROM service_messages m WHERE m.conversation_id = c.id)::int AS messages
    FROM service_conversations c JOIN service_clients cl ON cl.id = c.client_id`;

const toHistory = (r: Row): Omit<HistoryConversation, 'labels'> => ({
  id: String(r.id),
  clientCode: String(r.client_code),
  clientName: String(r.client_name),
  channelKind: String(r.channel_kind),
  customerKey: String(r.customer_key),
  customerName: String(r.customer_name),
  status: String(r.status),
  handledBy: r.handed_over_at ? 'agent' : 'bot',
  handoverReason: (r.handover_reason as string | null) ?? null,
  outcome: (r.outcome as string | null) ?? null,
  lastIntent: (r.last_intent as string | null) ?? null,
  messages: Number(r.messages),
  startedAt: iso(r.started_at)!,
  endedAt: iso(r.ended_at),
});

export async function listHistory(tx: Tx, f: HistoryFilter & { page: number; limit: number }) {
  const rows = await tx.execute(sql`${SELECT} WHERE ${where(f)} ORDER BY c.started_at DESC, c.id DESC LIMIT ${f.limit} OFFSET ${(f.page - 1) * f.limit}`);
  const [{ total }] = (
    await tx.execute(sql`SELECT count(*)::int AS total FROM service_conversations c JOIN service_clients cl ON cl.id = c.client_id WHERE ${where(f)}`)
  ).rows as { total: number }[];
  const labels = await labelsOf(
    tx,
    (rows.rows as Row[]).map((r) => String(r.id)),
  );
  return { items: (rows.rows as Row[]).map((r) => ({ ...toHistory(r), labels: labels.get(String(r.id)) ?? [] })), total };
}

export async function transcript(tx: Tx, id: string): Promise<{ conversation: HistoryConversation; messages: InboxMessage[]; responseTimes: ResponseTimes }> {
  const [row] = (await tx.execute(sql`${SELECT} WHERE c.id = ${id}`)).rows as Row[];
  if (!row) throw new AppError('service_conversation_not_found', [id]);
  const labels = (await labelsOf(tx, [id])).get(id) ?? [];
  return { conversation: { ...toHistory(row), labels }, messages: (await messagesOf(tx, id)).map(toMessage), responseTimes: await responseTimesOf(tx, id) };
}

const HEADERS = {
  id: ['Mulai', 'Klien', 'Kanal', 'Pelanggan', 'Ditangani', 'Hasil', 'Waktu pesan', 'Pengirim', 'Pesan', 'Intent', 'Keyakinan', 'ID percakapan'],
  en: ['Started', 'Client', 'Channel', 'Customer', 'Handled by', 'Outcome', 'Message time', 'Sender', 'Message', 'Intent', 'Confidence', 'Conversation ID'],
};

/** One row per message of the filtered conversations (newest conversations first, at most EXPORT_LIMIT of them). */
export async function exportHistory(tx: Tx, f: HistoryFilter, lang: 'id' | 'en'): Promise<Buffer> {
  const res = await tx.execute(sql`
    WITH picked AS (${SELECT} WHERE ${where(f)} ORDER BY c.started_at DESC, c.id DESC LIMIT ${EXPORT_LIMIT})
    SELECT p.*, m.at, m.sender, m.text, m.intent, m.confidence FROM picked p JOIN service_messages m ON m.conversation_id = p.id
     ORDER BY p.started_at DESC, p.id, m.at, m.id`);
  const h = HEADERS[lang];
  type R = Row & { at: string; sender: string; text: string; intent: string | null; confidence: string | null };
  const col = (i: number, value: (r: R) => string | number | Date | null, width = 18, format?: string) => ({ header: h[i], value, width, format });
  return writeXlsx<R>(
    lang === 'id' ? 'Riwayat chat' : 'Chat history',
    [
      col(0, (r) => new Date(r.started_at as string), 18, 'dd/mm/yyyy hh:mm'),
      col(1, (r) => String(r.client_code)),
      col(2, (r) => String(r.channel_kind)),
      col(3, (r) => String(r.customer_name || r.customer_key), 24),
      col(4, (r) => (r.handed_over_at ? 'agent' : 'bot'), 10),
      col(5, (r) => (r.outcome as string | null) ?? ''),
      col(6, (r) => new Date(r.at), 18, 'dd/mm/yyyy hh:mm:ss'),
      col(7, (r) => r.sender, 10),
      col(8, (r) => r.text, 60),
      col(9, (r) => r.intent ?? ''),
      col(10, (r) => (r.confidence === null ? null : Number(r.confidence)), 10, '0.00'),
      col(11, (r) => String(r.id), 38),
    ],
    res.rows as R[],
  );
}
