import type { AiLanguage, ChatMessage, IntentPrediction } from '../../../platform/ai/engine.ts';
import { startChatSession } from '../../../platform/ai/metering/index.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { clientAi, SERVICE_AREA, type ClientAi, type ClientRow } from '../clients/service.ts';
import {
  botTurnTaken,
  conversationTouched,
  notifyInbox,
  recentMessages,
  storeMessage,
  type ConversationRow,
  type HandoverReason,
} from '../conversations/service.ts';
import type { ConversationStatus } from '../conversations/index.ts';
import { retrieveFacts } from '../datasets/service.ts';
import { activeModelRef, intentsByName, loadIntentModel } from '../intents/index.ts';
import { handoverText } from './handover-text.ts';
import { languageOf, mentionsAny, textIn } from './language.ts';

export interface BotTurn {
  conversationId: string;
  /** The bot's words; '' when the conversation is with a person already (the bot stays silent). */
  reply: string;
  intent: string | null;
  confidence: number;
  sources: { itemId: string; text: string }[];
  handedOver: boolean;
  handoverReason: HandoverReason | null;
  /** The conversation after the turn: 'waiting' for an agent after a hand-over. */
  status: ConversationStatus;
  /** The channel had delivered this message before: nothing was stored or answered. */
  duplicate: boolean;
}

export interface CustomerMessage {
  channelId?: string | null;
  /** The channel's id of the message: a second delivery of it is stored once and answered once. */
  externalId?: string | null;
  at?: Date;
}

/** When the AI fails and the client's rules keep the conversation with the bot. */
const AI_DOWN_TEXT: Record<AiLanguage, string> = {
  id: 'Maaf, saya belum bisa menjawab saat ini. Silakan coba lagi sebentar lagi.',
  en: 'Sorry, I cannot answer right now. Please try again in a moment.',
};
/** The template word a response text puts where the dataset's answer goes. */
const ANSWER_SLOT = '{{answer}}';
/** The earlier turns the engine sees. */
const HISTORY = 10;

const round4 = (x: number) => Math.round(x * 10000) / 10000;

/**
 * The bot's turn on a customer's message (issue 12), for the virtual chat and every channel: the message is stored
 * first (nothing is lost whatever happens next), then classified by the client's trained model and answered from
 * the client's dataset items by the engine's chat, or handed over to a person: when the customer asks for one, the
 * intent says so, the classifier is unsure (below the client's threshold) or finds the message out of scope, the
 * dataset has no answer, or the AI fails. A handed-over conversation waits for an agent and the inbox is told
 * (NOTIFY nusa_service_inbox), except a virtual chat's: a test of the bot is a sandbox, it waits as a customer would
 * but is never queued for agents (issue 24). Every engine call is metered (area chat, the client's OU, the conversation's chat
 * session, started on its first message). All in the caller's transaction `tx` of the client's tenant.
 */
export async function answerCustomer(tx: Tx, client: ClientRow, conversation: ConversationRow, text: string, message: CustomerMessage = {}): Promise<BotTurn> {
  const tenantId = client.tenantId;
  const at = message.at ?? new Date();
  const base = { conversationId: conversation.id, intent: null, confidence: 0, sources: [], duplicate: false };
  const stored = await storeMessage(tx, tenantId, conversation.id, {
    sender: 'customer',
    text,
    at,
    channelId: message.channelId ?? conversation.channelId,
    externalId: message.externalId ?? null,
  });
  if (!stored) return { ...base, reply: '', handedOver: conversation.status !== 'bot', handoverReason: null, status: conversation.status, duplicate: true };
  const queued = conversation.channelKind !== 'virtual';

  const ai = await clientAi(tx, tenantId, client);
  let chatSessionId = conversation.chatSessionId;
  const reopening = conversation.status === 'closed';
  if (!chatSessionId || reopening) {
    chatSessionId = await startChatSession(tx, {
      tenantId,
      area: SERVICE_AREA,
      clientOuId: client.ouId,
      customerKey: conversation.customerKey,
      model: ai.chatModel,
      at,
    });
  }
  const status = reopening ? 'bot' : conversation.status;
  await conversationTouched(tx, conversation.id, { chatSessionId, status, at, reopen: reopening });

  // With a person already: the bot stays silent and the agent's inbox hears of the message.
  if (status !== 'bot') {
    if (queued) await notifyInbox(tx, tenantId, conversation.id);
    return { ...base, reply: '', handedOver: true, handoverReason: conversation.handoverReason, status };
  }

  const language = languageOf(text);
  const decided = await decide(tx, client, ai, conversation, text, language, chatSessionId);
  const reply = decided.handoverReason ? handoverText(client.workingHours, at, language) : decided.reply;
  const handedOver = decided.handoverReason !== null;
  await storeMessage(tx, tenantId, conversation.id, {
    sender: 'bot',
    text: reply,
    at: new Date(Math.max(Date.now(), at.getTime() + 1)),
    intent: decided.intent,
    confidence: decided.confidence,
    sources: decided.sources.map((s) => s.itemId),
    handedOver,
    channelId: conversation.channelId,
  });
  await botTurnTaken(tx, conversation.id, decided.intent, decided.handoverReason);
  if (handedOver && queued) await notifyInbox(tx, tenantId, conversation.id);
  return {
    ...base,
    reply,
    intent: decided.intent,
    confidence: decided.confidence,
    sources: decided.sources,
    handedOver,
    handoverReason: decided.handoverReason,
    status: handedOver ? 'waiting' : 'bot',
  };
}

interface Decision {
  reply: string;
  intent: string | null;
  confidence: number;
  sources: { itemId: string; text: string }[];
  handoverReason: HandoverReason | null;
}

async function decide(
  tx: Tx,
  client: ClientRow,
  ai: ClientAi,
  conversation: ConversationRow,
  text: string,
  language: AiLanguage,
  chatSessionId: string,
): Promise<Decision> {
  const rules = client.handoverRules;
  const none = { reply: '', intent: null, confidence: 0, sources: [] };
  const aiFailed = (intent: string | null, confidence: number): Decision =>
    rules.aiUnavailable
      ? { ...none, intent, confidence, handoverReason: 'ai_unavailable' }
      : { ...none, intent, confidence, reply: AI_DOWN_TEXT[language], handoverReason: null };
  if (rules.askForPerson && mentionsAny(text, [...rules.personWords.id, ...rules.personWords.en])) return { ...none, handoverReason: 'asked_for_person' };

  const threshold = Number(client.confidenceThreshold);
  const trained = await activeModelRef(tx, client.id);
  let prediction: IntentPrediction | undefined;
  if (trained) {
    try {
      // The model is read (when not in memory) only once the quota allowed the call.
      prediction = await ai.metered(
        'intent',
        async (engine) => {
          const model = await loadIntentModel(tx, trained);
          const p = await engine.classifyIntent(model, text, { threshold });
          return { ...p, usage: { model: model.engine, inputTokens: text.split(/\s+/).length, outputTokens: 0, images: 0 } };
        },
        chatSessionId,
        ai.intentEngine(trained),
      );
    } catch {
      // ai_response_failed, a provider down, a model of another engine, the month's quota used up: a person answers.
      return aiFailed(null, 0);
    }
  }
  const confidence = round4(prediction?.confidence ?? 0);
  // Confident, but most of its words unknown to the classifier: product names live in the dataset, not in the
  // training phrases ("how much is the silk scarf"). The best intent stands, and the dataset decides below: no
  // fact about those words is an unknown answer, handed over as out of scope.
  const unknownWords = prediction?.outOfScope === true && prediction.confidence >= threshold;
  const intent = prediction && (!prediction.outOfScope || unknownWords) ? (prediction.intent ?? prediction.ranking[0]?.intent ?? null) : null;
  if (prediction?.outOfScope && !unknownWords) {
    // Unsure between intents (below the threshold but not far) or like none of them (far below it).
    const reason = prediction.confidence >= threshold / 2 ? 'low_confidence' : 'out_of_scope';
    if (reason === 'low_confidence' ? rules.lowConfidence : rules.outOfScope) return { ...none, confidence, handoverReason: reason };
  }
  const intentRow = intent ? (await intentsByName(tx, client.id)).get(intent.toLowerCase()) : undefined;
  if (intentRow?.action === 'handover') return { ...none, intent, confidence, handoverReason: 'intent_action' };
  const template = textIn(intentRow?.responseText ?? '', language);
  if (template && !template.includes(ANSWER_SLOT)) return { ...none, reply: template, intent, confidence, handoverReason: null };

  const facts = await retrieveFacts(tx, client.id, text);
  const history: ChatMessage[] = (await recentMessages(tx, conversation.id, HISTORY))
    .filter((m) => m.sender === 'customer' || m.sender === 'bot' || m.sender === 'agent')
    .map((m) => ({ role: m.sender === 'customer' ? 'user' : 'assistant', content: m.text }));
  let answer;
  try {
    answer = await ai.metered(
      'chat',
      (engine) => engine.chat({ systemInstruction: client.systemInstruction || undefined, messages: history, context: facts, language }),
      chatSessionId,
    );
  } catch {
    return aiFailed(intent, confidence);
  }
  const used = facts.filter((f) => answer.sources.includes(f.id)).map((f) => ({ itemId: f.id, text: f.text }));
  if (answer.unknown && rules.outOfScope) return { ...none, intent, confidence, handoverReason: unknownWords ? 'out_of_scope' : 'unknown_answer' };
  const reply = template ? template.replace(ANSWER_SLOT, answer.text) : answer.text;
  return { reply, intent, confidence, sources: used, handoverReason: null };
}
