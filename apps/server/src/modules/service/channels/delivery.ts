import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { ChannelKindName } from '@nusa/contracts';
import { withTenant, type Tx } from '../../../platform/db/tenant.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { answerCustomer, type BotTurn } from '../bot/index.ts';
import { clientRowById } from '../clients/service.ts';
import {
  latestConversationOn,
  messageToDeliver,
  openConversation,
  recentMessages,
  recordDelivery,
  type ConversationRow,
  type DeliveryStatus,
} from '../conversations/service.ts';
import { channelById, openSecrets, type ChannelPlatform, type ChannelRow } from './service.ts';
import { sendTelegramText } from './telegram-api.ts';
import { sendWhatsappText } from './whatsapp-api.ts';

/**
 * The channel LISTEN/NOTIFY name on which a new message of a conversation is announced to the web widget sockets of
 * every server instance; payload `{"tenantId", "conversationId", "messageId"}`. Agents' replies (S3) NOTIFY it.
 */
export const CONVERSATION_CHANNEL = 'nusa_service_conversation';

export async function notifyConversation(tx: Tx, tenantId: string, conversationId: string, messageId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CONVERSATION_CHANNEL}, ${JSON.stringify({ tenantId, conversationId, messageId })})`);
}

/** The customer's newest conversation on this channel, or a new one; one at a time per customer (lock). */
export async function customerConversation(
  tx: Tx,
  channel: ChannelRow,
  kind: ChannelKindName,
  customerKey: string,
  customerName: string,
): Promise<ConversationRow> {
  await lockUniqueKey(tx, `service-customer:${channel.id}:${customerKey}`);
  return (
    (await latestConversationOn(tx, channel.id, customerKey)) ??
    openConversation(tx, channel.tenantId, channel.clientId, { channelKind: kind, channelId: channel.id, customerKey, customerName })
  );
}

export interface InboundText {
  customerKey: string;
  customerName: string;
  externalId: string;
  text: string;
  at: Date;
}

/** A customer's text from WhatsApp or Telegram: the bot's turn in the tenant's transaction, then its reply sent back. */
export async function receiveText(pool: pg.Pool, platform: ChannelPlatform, channel: ChannelRow, m: InboundText): Promise<BotTurn> {
  const { turn, botMessageId } = await withTenant(pool, channel.tenantId, async (tx) => {
    const client = await clientRowById(tx, channel.clientId);
    const conversation = await customerConversation(tx, channel, channel.kind, m.customerKey, m.customerName);
    const turn = await answerCustomer(tx, client, conversation, m.text, { channelId: channel.id, externalId: m.externalId, at: m.at });
    // The bot's reply is the conversation's newest message.
    const [bot] = turn.reply && !turn.duplicate ? (await recentMessages(tx, conversation.id, 1)).filter((m) => m.sender === 'bot') : [];
    return { turn, botMessageId: bot?.id };
  });
  if (botMessageId) await deliverMessage(pool, platform, channel.tenantId, botMessageId);
  return turn;
}

/**
 * Sends a stored bot or agent message to the customer on its conversation's WhatsApp or Telegram channel and records
 * the platform's message id and the delivery status (sent, or failed when the platform refused). Call it after the
 * message's transaction committed; the web widget hears of messages by NOTIFY instead (notifyConversation).
 */
export async function deliverMessage(pool: pg.Pool, platform: ChannelPlatform, tenantId: string, messageId: string): Promise<'sent' | 'failed' | 'skipped'> {
  const target = await withTenant(pool, tenantId, async (tx) => {
    const row = await messageToDeliver(tx, messageId);
    if (!row?.conversationChannelId || row.externalId) return undefined;
    const channel = await channelById(tx, row.conversationChannelId);
    return channel && channel.kind !== 'web' ? { ...row, channel } : undefined;
  });
  if (!target) return 'skipped';
  const secrets = openSecrets(platform.seal, target.channel);
  let externalId: string | null = null;
  try {
    externalId =
      target.channel.kind === 'whatsapp'
        ? await sendWhatsappText(target.channel.attributes, secrets, target.customerKey, target.text)
        : `${target.customerKey}:${await sendTelegramText(target.channel.attributes, secrets, target.customerKey, target.text)}`;
  } catch {
    externalId = null;
  }
  await withTenant(pool, tenantId, (tx) => recordDelivery(tx, { messageId }, externalId ? 'sent' : 'failed', externalId));
  return externalId ? 'sent' : 'failed';
}

/** A platform's status of a message we sent (sent, delivered, read, failed). */
export async function recordDeliveryStatus(tx: Tx, channelId: string, externalId: string, status: DeliveryStatus): Promise<void> {
  await recordDelivery(tx, { channelId, externalId }, status);
}
