import { z } from 'zod';
import { XLSX_CONTENT_TYPE, defineEndpoint, listOf, listQuery } from '../endpoint.ts';
import { CLASSIFY, INTENT_EDIT, INTENT_READ, TRAIN, TRAINING_READ, VIRTUAL_CHAT } from './access.ts';
import { clientCodeParam } from './clients.ts';
import { serviceImportRun } from './datasets.ts';

/**
 * A client's intents (spec 3: name, attributes) with their training phrases and what the bot does: answer (with the
 * response text as the template, `{{answer}}` standing for what the dataset says) or hand over to a person.
 */
export const INTENT_ACTIONS = ['answer', 'handover'] as const;
export const TRAINING_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TrainingStatus = (typeof TRAINING_STATUSES)[number];

export const intentAttribute = z.object({ name: z.string().trim().min(1).max(60), value: z.string().trim().max(200) });

export const serviceIntent = z.object({
  intentId: z.string(),
  clientId: z.string(),
  name: z.string(),
  attributes: z.array(intentAttribute),
  action: z.enum(INTENT_ACTIONS),
  responseText: z.string(),
  phraseCount: z.number().int(),
  updatedAt: z.string(),
});
export type ServiceIntent = z.infer<typeof serviceIntent>;

export const intentPhrase = z.object({ phraseId: z.string(), text: z.string(), source: z.enum(['manual', 'import', 'correction']), createdAt: z.string() });
export const serviceIntentDetail = serviceIntent.extend({ phrases: z.array(intentPhrase) });
export type ServiceIntentDetail = z.infer<typeof serviceIntentDetail>;

const phraseText = z.string().trim().min(1).max(500);
export const serviceIntentInput = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[^\n\r\t]+$/, 'one line'),
  attributes: z.array(intentAttribute).max(20).default([]),
  action: z.enum(INTENT_ACTIONS).default('answer'),
  responseText: z.string().trim().max(2000).default(''),
  /** On create: its first training phrases. */
  phrases: z.array(phraseText).max(1000).optional(),
});
export type ServiceIntentInput = z.input<typeof serviceIntentInput>;

/** The name training metrics give a sentence the classifier finds out of scope (the web shows its own words). */
export const OUT_OF_SCOPE_INTENT = '(out of scope)';

export const trainingMetrics = z.object({
  accuracy: z.number(),
  heldOut: z.number().int(),
  perIntent: z.array(z.object({ intent: z.string(), precision: z.number(), recall: z.number(), support: z.number().int() })),
  confused: z.array(z.object({ expected: z.string(), predicted: z.string(), count: z.number().int() })),
});
export type TrainingMetrics = z.infer<typeof trainingMetrics>;

/** The client's newest training run; `none` before the first. */
export const trainingState = z.object({
  trainingId: z.string().nullable(),
  status: z.enum([...TRAINING_STATUSES, 'none']),
  intents: z.number().int(),
  examples: z.number().int(),
  metrics: trainingMetrics.nullable(),
  errorCode: z.string().nullable(),
  requestedAt: z.string().nullable(),
  trainedAt: z.string().nullable(),
  /** When the model the bot uses now was trained (the newest done run; may be older than a running one). */
  activeTrainedAt: z.string().nullable(),
});
export type TrainingState = z.infer<typeof trainingState>;

export const classification = z.object({ intent: z.string().nullable(), confidence: z.number(), outOfScope: z.boolean() });
/** A sentence to classify, alone or in a batch of at most CLASSIFY_BATCH_MAX. */
const classifiedText = z.string().trim().min(1).max(2000);
export const CLASSIFY_BATCH_MAX = 1000;

export const virtualChatRequest = z.object({ conversationId: z.uuid().optional(), message: z.string().trim().min(1).max(2000) });
export const botReply = z.object({
  conversationId: z.string(),
  reply: z.string(),
  intent: z.string().nullable(),
  confidence: z.number(),
  /** The dataset items the answer used. */
  sources: z.array(z.object({ itemId: z.string(), text: z.string() })),
  handedOver: z.boolean(),
  /** Why it was handed over (low_confidence, out_of_scope, asked_for_person, ai_unavailable, intent_action, unknown_answer), else null. */
  handoverReason: z.string().nullable(),
  /**
   * The conversation after this turn: 'bot', or 'waiting' for an agent since a hand-over (the bot is then silent:
   * `reply` ''). A virtual chat is a sandbox: it waits, but is never queued for agents.
   */
  status: z.enum(['bot', 'waiting', 'agent', 'closed']),
});
export type BotReply = z.infer<typeof botReply>;

const intentId = z.object({ intentId: z.uuid() });

export const serviceIntentEndpoints = {
  listServiceIntents: defineEndpoint({
    method: 'GET',
    path: '/v1/service/clients/{clientCode}/intents',
    access: [...INTENT_READ, 'viewFineTuning'],
    summary: "A client's intents with their phrase counts; keyword on the name",
    params: clientCodeParam,
    query: listQuery,
    response: listOf(serviceIntent),
  }),
  createServiceIntent: defineEndpoint({
    method: 'POST',
    path: '/v1/service/clients/{clientCode}/intents',
    access: INTENT_EDIT,
    summary: 'Create an intent (name unique in the client) with its first phrases',
    params: clientCodeParam,
    body: serviceIntentInput,
    response: serviceIntentDetail,
  }),
  getServiceIntent: defineEndpoint({
    method: 'GET',
    path: '/v1/service/intents/{intentId}',
    access: INTENT_READ,
    summary: 'One intent with its phrases',
    params: intentId,
    response: serviceIntentDetail,
  }),
  updateServiceIntent: defineEndpoint({
    method: 'PUT',
    path: '/v1/service/intents/{intentId}',
    access: INTENT_EDIT,
    summary: "Change an intent's name, attributes, action or response (phrases are kept)",
    params: intentId,
    body: serviceIntentInput.omit({ phrases: true }),
    response: serviceIntentDetail,
  }),
  deleteServiceIntent: defineEndpoint({
    method: 'DELETE',
    path: '/v1/service/intents/{intentId}',
    access: INTENT_EDIT,
    summary: 'Delete an intent with its phrases (the trained model keeps it until the next training)',
    params: intentId,
    response: z.object({ ok: z.literal(true) }),
  }),
  addIntentPhrase: defineEndpoint({
    method: 'POST',
    path: '/v1/service/intents/{intentId}/phrases',
    access: INTENT_EDIT,
    summary: 'Add a training phrase (the same text twice, any case, is service_phrase_duplicate)',
    params: intentId,
    body: z.object({ text: phraseText }),
    response: serviceIntentDetail,
  }),
  deleteIntentPhrase: defineEndpoint({
    method: 'DELETE',
    path: '/v1/service/intents/{intentId}/phrases/{phraseId}',
    access: INTENT_EDIT,
    summary: 'Delete a training phrase',
    params: z.object({ intentId: z.uuid(), phraseId: z.uuid() }),
    response: serviceIntentDetail,
  }),
  importServiceIntents: defineEndpoint({
    method: 'POST',
    path: '/v1/service/clients/{clientCode}/intents/import',
    access: INTENT_EDIT,
    summary:
      'Start importing training phrases from an xlsx file sent as the raw body: one row per phrase, header `intent`, `example` and optionally `answer`; ' +
      "a new intent name makes the intent, a phrase it already has is counted unchanged. An `answer` cell sets the intent's response text (one answer " +
      'per intent: a different one on a later row is service_intent_answer_conflict; a blank cell keeps it). Answers the queued run; ' +
      'GET /v1/service/imports/{importId} follows it',
    params: clientCodeParam,
    response: serviceImportRun,
  }),
  exportServiceIntents: defineEndpoint({
    method: 'GET',
    path: '/v1/service/clients/{clientCode}/intents/export',
    access: [...INTENT_READ, 'viewFineTuning'],
    summary: "A client's phrases as an xlsx file (intent, example, answer on each intent's first row) the import reads back",
    params: clientCodeParam,
    response: z.custom<Uint8Array>(),
    file: { contentType: XLSX_CONTENT_TYPE },
  }),
  intentImportTemplate: defineEndpoint({
    method: 'GET',
    path: '/v1/service/intents/import-template',
    access: INTENT_EDIT,
    summary: 'The xlsx the intents import reads (intent, example, answer) with example rows in the language asked for (id by default)',
    query: z.object({ lang: z.enum(['id', 'en']).default('id') }),
    response: z.custom<Uint8Array>(),
    file: { contentType: XLSX_CONTENT_TYPE },
  }),
  trainServiceClient: defineEndpoint({
    method: 'POST',
    path: '/v1/service/clients/{clientCode}/train',
    access: TRAIN,
    summary:
      "Start training the client's intent classifier as a job (a fifth of each intent's phrases held out for precision and recall, then all of them); " +
      'process_cannot_be_requested while one is queued or running. Answers the queued run; GET …/training follows it',
    params: clientCodeParam,
    response: trainingState,
  }),
  getServiceTraining: defineEndpoint({
    method: 'GET',
    path: '/v1/service/clients/{clientCode}/training',
    access: TRAINING_READ,
    summary: 'The newest training run: status queued|running|done|failed, metrics, trainedAt, intents and examples',
    params: clientCodeParam,
    response: trainingState,
  }),
  classifyServiceText: defineEndpoint({
    method: 'POST',
    path: '/v1/service/clients/{clientCode}/classify',
    access: CLASSIFY,
    summary: "The intent of a sentence by the client's trained classifier, with its confidence and whether it is out of scope (below the client's threshold)",
    params: clientCodeParam,
    body: z.object({ text: classifiedText }),
    response: classification,
  }),
  classifyServiceTexts: defineEndpoint({
    method: 'POST',
    path: '/v1/service/clients/{clientCode}/classify-batch',
    access: CLASSIFY,
    summary:
      `Bulk classify: up to ${CLASSIFY_BATCH_MAX} sentences, each answered as the single classify answers it, in the order sent. Metered as one AI ` +
      'request per sentence, all or none: insufficient_quota when fewer are left this month than the batch holds',
    params: clientCodeParam,
    body: z.object({ texts: z.array(classifiedText).min(1).max(CLASSIFY_BATCH_MAX) }),
    response: z.object({ results: z.array(classification) }),
  }),
  virtualChat: defineEndpoint({
    method: 'POST',
    path: '/v1/service/clients/{clientCode}/virtual-chat',
    access: VIRTUAL_CHAT,
    summary:
      "Talk to the client's bot as a customer would: the reply with its intent, confidence, the dataset items used and whether it handed over. " +
      'Without conversationId a new conversation starts',
    params: clientCodeParam,
    body: virtualChatRequest,
    response: botReply,
  }),
};
