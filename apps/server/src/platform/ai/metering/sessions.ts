import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../db/tenant.ts';
import { aiChatSessions } from './schema.ts';

export interface ChatSessionStart {
  tenantId: string;
  /** What the conversation is part of (e.g. chat, healing); free text, grouped by on the dashboard. */
  area: string;
  clientOuId?: string | null;
  /** Who is talking (a channel's user id, a phone number): the first session of a key per client is a new customer. */
  customerKey: string;
  /** The model that answers in this session. */
  model: string;
  /** When it started; now by default (seeds and imports pass the past). */
  at?: Date;
}

/** Starts a chat session; its start counts on its Jakarta day (sessions, and a new customer for a first session). */
export async function startChatSession(tx: Tx, start: ChatSessionStart): Promise<string> {
  const id = uuidv7();
  await tx.insert(aiChatSessions).values({
    tenantId: start.tenantId,
    id,
    area: start.area,
    clientOuId: start.clientOuId ?? null,
    customerKey: start.customerKey,
    model: start.model,
    startedAt: start.at ?? new Date(),
  });
  return id;
}

/**
 * Ends a chat session (at its start at the earliest); its length then counts on the day it started. Ending an ended
 * session changes nothing. False when no session has this id in the transaction's tenant.
 */
export async function endChatSession(tx: Tx, sessionId: string, at: Date = new Date()): Promise<boolean> {
  const rows = await tx.execute<{ id: string }>(sql`
    UPDATE ai_chat_sessions SET ended_at = greatest(started_at, ${at.toISOString()}::timestamptz)
     WHERE id = ${sessionId}::uuid AND ended_at IS NULL RETURNING id`);
  if (rows.rows.length) return true;
  const exists = await tx.execute(sql`SELECT 1 FROM ai_chat_sessions WHERE id = ${sessionId}::uuid`);
  return exists.rows.length > 0;
}
