import { z } from 'zod';
import { defineEndpoint, listOf, listQuery } from '../endpoint.ts';
import { CLIENT_EDIT, SERVICE_TASKS } from './access.ts';

/**
 * Customer-service clients (issue 12): the businesses whose customer service the tenant automates, with their AI
 * set-up (engine, system instruction, confidence threshold, hand-over rules), widget look and human CS settings.
 */
export const SERVICE_CLIENT_CODE_PATTERN = /^[A-Za-z0-9._-]+$/;
export const SERVICE_ENGINES = ['local', 'openai-compatible'] as const;
export const SETUP_STEPS = ['importDataset', 'setupAi', 'runIntegration'] as const;

const YN = z.enum(['Y', 'N']);
const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #RRGGBB');
const words = z.array(z.string().trim().min(1).max(60)).max(50);

export const handoverRules = z.object({
  /** Hand over when the classifier is less confident than the client's threshold. */
  lowConfidence: z.boolean().default(true),
  /** Hand over when the question is like none of the intents, or the dataset has no answer. */
  outOfScope: z.boolean().default(true),
  /** Hand over when the customer asks for a person (these words or phrases, any case). */
  askForPerson: z.boolean().default(true),
  personWords: z.object({ id: words, en: words }).default({
    id: [
      'bicara dengan cs',
      'bicara dengan orang',
      'bicara sama cs',
      'ngobrol sama cs',
      'sama cs',
      'minta cs',
      'admin manusia',
      'petugas',
      'operator',
      'customer service',
      'orang asli',
      'manusia',
    ],
    en: [
      'talk to a person',
      'talk to a human',
      'speak to a human',
      'speak to someone',
      'real person',
      'human agent',
      'live agent',
      'customer service',
      'an agent',
      'operator',
    ],
  }),
  /** Hand over when the AI engine fails (the customer's message is kept). */
  aiUnavailable: z.boolean().default(true),
});
export type HandoverRules = z.output<typeof handoverRules>;

export const widgetStyle = z.object({
  primaryColor: hexColour.default('#1F6FEB'),
  textColor: hexColour.default('#FFFFFF'),
  position: z.enum(['right', 'left']).default('right'),
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM');
export const workingHours = z.object({
  timeZone: z
    .string()
    .default('Asia/Jakarta')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'an IANA time zone such as Asia/Jakarta'),
  days: z.array(z.object({ day: z.number().int().min(0).max(6), from: hhmm, to: hhmm })).max(21),
});

export const setupState = z.object({
  status: z.enum(['draft', 'queued', 'running', 'done', 'failed']),
  jobId: z.string().nullable().optional(),
  requestedAt: z.string().nullable().optional(),
  finishedAt: z.string().nullable().optional(),
  steps: z.array(
    z.object({
      name: z.enum(SETUP_STEPS),
      status: z.enum(['pending', 'running', 'done', 'failed']),
      errorCode: z.string().nullable().optional(),
      at: z.string().nullable().optional(),
    }),
  ),
});

export const serviceClient = z.object({
  clientId: z.string(),
  code: z.string(),
  name: z.string(),
  businessField: z.string(),
  ouId: z.string().nullable(),
  systemInstruction: z.string(),
  /** null: the tenant's AI settings. */
  engine: z.enum(SERVICE_ENGINES).nullable(),
  model: z.string().nullable(),
  confidenceThreshold: z.number(),
  handoverRules,
  greeting: z.string(),
  widget: widgetStyle,
  workingHours: workingHours.nullable(),
  maxConcurrentChats: z.number().int(),
  active: YN,
  setupState,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceClient = z.infer<typeof serviceClient>;

const clientFields = {
  name: z.string().trim().min(1).max(100),
  businessField: z.string().trim().max(100).default(''),
  systemInstruction: z.string().trim().max(4000).default(''),
  ouId: z.uuid().nullable().optional(),
  engine: z.enum(SERVICE_ENGINES).nullable().optional(),
  model: z.string().trim().max(100).nullable().optional(),
  confidenceThreshold: z.number().min(0).max(1).optional(),
  handoverRules: handoverRules.optional(),
  greeting: z.string().trim().max(500).optional(),
  widget: widgetStyle.optional(),
  workingHours: workingHours.nullable().optional(),
  maxConcurrentChats: z.number().int().min(1).max(100).optional(),
};

/** `{code, name, businessField, systemInstruction}` makes a client; the other fields take their defaults. */
export const serviceClientInput = z.object({
  code: z.string().trim().min(1).max(20).regex(SERVICE_CLIENT_CODE_PATTERN, 'letters, digits, dot, dash or underscore, no spaces'),
  ...clientFields,
});
export type ServiceClientInput = z.input<typeof serviceClientInput>;
/** An edit: the fields sent change, those left out stay. */
export const serviceClientUpdate = z.object({
  code: serviceClientInput.shape.code.optional(),
  ...clientFields,
  name: clientFields.name.optional(),
  businessField: z.string().trim().max(100).optional(),
  systemInstruction: z.string().trim().max(4000).optional(),
  active: YN.optional(),
});
export type ServiceClientUpdate = z.input<typeof serviceClientUpdate>;

export const clientCodeParam = z.object({ clientCode: z.string().min(1).max(20) });

export const serviceClientEndpoints = {
  listServiceClients: defineEndpoint({
    method: 'GET',
    path: '/v1/service/clients',
    access: SERVICE_TASKS,
    summary: 'Customer-service clients; keyword on code or name',
    query: listQuery.extend({ active: YN.optional() }),
    response: listOf(serviceClient),
  }),
  getServiceClient: defineEndpoint({
    method: 'GET',
    path: '/v1/service/clients/{clientCode}',
    access: SERVICE_TASKS,
    summary: 'One client by its code',
    params: clientCodeParam,
    response: serviceClient,
  }),
  createServiceClient: defineEndpoint({
    method: 'POST',
    path: '/v1/service/clients',
    access: CLIENT_EDIT,
    summary:
      'Create a client: {code, name, businessField, systemInstruction} and optionally its OU, engine, threshold, hand-over rules, greeting, widget and human CS settings',
    body: serviceClientInput,
    response: serviceClient,
  }),
  updateServiceClient: defineEndpoint({
    method: 'PATCH',
    path: '/v1/service/clients/{clientCode}',
    access: CLIENT_EDIT,
    summary: 'Change a client: the fields sent change, the others stay',
    params: clientCodeParam,
    body: serviceClientUpdate,
    response: serviceClient,
  }),
  deleteServiceClient: defineEndpoint({
    method: 'DELETE',
    path: '/v1/service/clients/{clientCode}',
    access: CLIENT_EDIT,
    summary: 'Delete a client with its datasets, intents, models and channels; one with conversations is used_by_another_table (deactivate it instead)',
    params: clientCodeParam,
    response: z.object({ ok: z.literal(true) }),
  }),
};
