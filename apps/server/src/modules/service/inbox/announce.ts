import type pg from 'pg';
import { afterCommit, type Tx } from '../../../platform/db/tenant.ts';
import { languageOf } from '../bot/index.ts';
import { notifyConversation } from '../channels/index.ts';
import { agentNames, recentMessages, storeMessage, type ConversationRow } from '../conversations/index.ts';

/** Sends a stored message to a WhatsApp or Telegram customer once the transaction commits (the widget hears NOTIFY). */
export type Deliver = (pool: pg.Pool, tenantId: string, messageId: string) => void;

const JOINED = { id: (name: string) => `${name} bergabung dalam percakapan.`, en: (name: string) => `${name} joined the conversation.` };

/**
 * Tells the customer which person now answers ("Rina bergabung dalam percakapan."), in the language of their newest
 * message: a system message on every channel (the widget shows it, WhatsApp and Telegram are sent it).
 */
export async function announceAgent(tx: Tx, tenantId: string, c: ConversationRow, userId: string, deliver?: Deliver): Promise<void> {
  const name = (await agentNames(tx, [userId])).get(userId) ?? '';
  const last = (await recentMessages(tx, c.id, 20)).findLast((m) => m.sender === 'customer');
  const text = JOINED[languageOf(last?.text ?? '')](name);
  const m = (await storeMessage(tx, tenantId, c.id, { sender: 'system', text, channelId: c.channelId }))!;
  await notifyConversation(tx, tenantId, c.id, m.id);
  if (deliver && (c.channelKind === 'whatsapp' || c.channelKind === 'telegram')) afterCommit(tx, (pool, tenant) => deliver(pool, tenant, m.id));
}
