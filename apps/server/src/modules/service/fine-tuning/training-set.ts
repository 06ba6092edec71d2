import { sql } from 'drizzle-orm';
import type { TrainingExample, TrainingSetSummary } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { ClientRow } from '../clients/service.ts';
import { phrasesWithAnswers } from '../intents/index.ts';

/** The template word of a response that answers from the dataset: such a text is not an answer by itself. */
const ANSWER_SLOT = '{{answer}}';
const SAMPLES = 5;

export interface DatedExample extends TrainingExample {
  at: Date;
}

/** A sentence with its intent, for the local classifier. */
export interface LabelledSentence {
  intent: string;
  text: string;
  at: Date;
}

export interface TrainingSet {
  systemInstruction: string;
  intents: number;
  /** Chat examples: user → assistant (the JSONL lines). */
  chat: DatedExample[];
  classifier: LabelledSentence[];
  withoutAnswer: number;
}

/**
 * Conversations agents corrected: each first reply of an agent to a customer's message that the bot had answered or
 * handed over (a bot turn lies between them), with the intent an agent set on that bot turn when there is one.
 */
async function corrections(tx: Tx, clientId: string) {
  const rows = await tx.execute<{ question: string; answer: string; intent: string | null; at: Date | string }>(sql`
    SELECT c.text AS question, a.text AS answer, b.corrected_intent AS intent, a.at
    FROM service_messages a
    JOIN service_conversations conv ON conv.id = a.conversation_id AND conv.client_id = ${clientId}::uuid
    JOIN LATERAL (
      SELECT m.text, m.at FROM service_messages m
      WHERE m.conversation_id = a.conversation_id AND m.sender = 'customer' AND m.at < a.at
      ORDER BY m.at DESC, m.id DESC LIMIT 1
    ) c ON true
    JOIN LATERAL (
      SELECT m.corrected_intent FROM service_messages m
      WHERE m.conversation_id = a.conversation_id AND m.sender = 'bot' AND m.at > c.at AND m.at < a.at
      ORDER BY m.at DESC LIMIT 1
    ) b ON true
    WHERE a.sender = 'agent'
      AND NOT EXISTS (
        SELECT 1 FROM service_messages e
        WHERE e.conversation_id = a.conversation_id AND e.sender = 'agent' AND e.at > c.at AND e.at < a.at
      )
    ORDER BY a.at, a.id`);
  return rows.rows.map((r) => ({ ...r, at: new Date(r.at) }));
}

/** Bot turns an agent relabelled without replying: the customer's message with the right intent. */
async function relabelled(tx: Tx, clientId: string) {
  const rows = await tx.execute<{ question: string; intent: string; at: Date | string }>(sql`
    SELECT c.text AS question, b.corrected_intent AS intent, b.at
    FROM service_messages b
    JOIN service_conversations conv ON conv.id = b.conversation_id AND conv.client_id = ${clientId}::uuid
    JOIN LATERAL (
      SELECT m.text FROM service_messages m
      WHERE m.conversation_id = b.conversation_id AND m.sender = 'customer' AND m.at < b.at
      ORDER BY m.at DESC, m.id DESC LIMIT 1
    ) c ON true
    WHERE b.sender = 'bot' AND b.corrected_intent IS NOT NULL
    ORDER BY b.at, b.id`);
  return rows.rows.map((r) => ({ ...r, at: new Date(r.at) }));
}

/**
 * The client's fine-tuning set. From the intents: each training phrase → the intent's answer text (an intent that
 * hands over or answers from the dataset has none: its phrases still teach the classifier). From the conversations:
 * the customer's message → the agent's reply that took the bot's place.
 */
export async function buildTrainingSet(tx: Tx, client: ClientRow): Promise<TrainingSet> {
  const phrases = await phrasesWithAnswers(tx, client.id);
  const answerOf = new Map<string, string>();
  const chat: DatedExample[] = [];
  const classifier: LabelledSentence[] = [];
  let withoutAnswer = 0;
  for (const p of phrases) {
    const answer = p.responseText.trim();
    const usable = p.action === 'answer' && answer !== '' && !answer.includes(ANSWER_SLOT);
    if (usable) answerOf.set(p.intent.toLowerCase(), answer);
    classifier.push({ intent: p.intent, text: p.text, at: p.at });
    if (usable) chat.push({ source: 'intent', user: p.text, assistant: answer, intent: p.intent, at: p.at });
    else withoutAnswer++;
  }
  const intentNames = new Map(phrases.map((p) => [p.intent.toLowerCase(), p.intent]));
  const known = (name: string | null) => (name ? intentNames.get(name.toLowerCase()) : undefined);
  for (const c of await corrections(tx, client.id)) {
    const intent = known(c.intent) ?? null;
    if (c.question.trim() && c.answer.trim()) chat.push({ source: 'correction', user: c.question, assistant: c.answer, intent, at: c.at });
  }
  for (const r of await relabelled(tx, client.id)) {
    const intent = known(r.intent);
    if (intent) classifier.push({ intent, text: r.question, at: r.at });
  }
  return { systemInstruction: client.systemInstruction, intents: intentNames.size, chat, classifier, withoutAnswer };
}

export function summaryOf(client: ClientRow, set: TrainingSet): TrainingSetSummary {
  const fromCorrections = set.chat.filter((e) => e.source === 'correction');
  const fromIntents = set.chat.filter((e) => e.source === 'intent');
  // Corrections first: they are what the page's user most wants to see went in.
  const samples = [...fromCorrections.slice(0, 2), ...fromIntents].slice(0, SAMPLES).map(({ at: _at, ...e }) => e);
  return {
    clientCode: client.code,
    systemInstruction: set.systemInstruction,
    intents: set.intents,
    fromIntents: fromIntents.length,
    fromCorrections: fromCorrections.length,
    chatExamples: set.chat.length,
    classifierExamples: set.classifier.length,
    withoutAnswer: set.withoutAnswer,
    samples,
  };
}

/** The OpenAI chat fine-tuning format: one {"messages": [system?, user, assistant]} per line. */
export function toJsonl(set: TrainingSet): string {
  const system = set.systemInstruction.trim();
  return set.chat
    .map((e) =>
      JSON.stringify({
        messages: [...(system ? [{ role: 'system', content: system }] : []), { role: 'user', content: e.user }, { role: 'assistant', content: e.assistant }],
      }),
    )
    .map((line) => `${line}\n`)
    .join('');
}
