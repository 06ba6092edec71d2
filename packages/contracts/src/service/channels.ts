import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { clientCodeParam } from './clients.ts';

/**
 * A client's channels (issue 12): the web chat widget, a WhatsApp Cloud API number and a Telegram bot, one of each
 * kind per client. Plain attributes are sent back; secret ones (tokens, app secret) are sealed at rest and only
 * answered as set or not set. A channel is activated only with all its required attributes.
 */
export const CHANNEL_KINDS = ['web', 'whatsapp', 'telegram'] as const;
export type ChannelKindName = (typeof CHANNEL_KINDS)[number];

/** Per kind: its plain and secret attributes, and which of them activation needs. */
export const CHANNEL_ATTRIBUTES = {
  web: { plain: ['allowedOrigins'], secret: [], required: [] },
  whatsapp: {
    plain: ['phoneNumberId', 'businessAccountId', 'apiBaseUrl', 'apiVersion'],
    secret: ['accessToken', 'appSecret', 'verifyToken'],
    required: ['phoneNumberId', 'accessToken', 'appSecret', 'verifyToken'],
  },
  telegram: { plain: ['botUsername', 'apiRoot'], secret: ['botToken'], required: ['botToken'] },
} as const satisfies Record<ChannelKindName, { plain: readonly string[]; secret: readonly string[]; required: readonly string[] }>;

/**
 * The attribute that says where a kind's token is sent (a test points it at a loopback server) and that token: a new
 * address needs the token typed again, so nobody who may edit a channel can send its stored token elsewhere.
 */
export const CHANNEL_TOKEN_ADDRESS = {
  whatsapp: { attribute: 'apiBaseUrl', secret: 'accessToken' },
  telegram: { attribute: 'apiRoot', secret: 'botToken' },
} as const satisfies Partial<Record<ChannelKindName, { attribute: string; secret: string }>>;

export const serviceChannel = z.object({
  kind: z.enum(CHANNEL_KINDS),
  /** null until the channel is saved the first time. */
  channelId: z.string().nullable(),
  active: z.boolean(),
  attributes: z.record(z.string(), z.string()),
  /** The secret attributes, each true when set. */
  secrets: z.record(z.string(), z.boolean()),
  /** The attributes activation still needs. */
  missing: z.array(z.string()),
  /** Where the platform delivers to Nusa (WhatsApp, Telegram), or the widget's script (web). */
  webhookUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ServiceChannel = z.infer<typeof serviceChannel>;

const value = z.string().trim().max(2000);
/** Attributes sent change; an empty string clears one. Secrets sent replace the sealed ones; left out, they stay. */
export const serviceChannelInput = z.object({
  attributes: z.record(z.string(), value).default({}),
  secrets: z.record(z.string(), value).default({}),
});
export type ServiceChannelInput = z.input<typeof serviceChannelInput>;

const channelParams = clientCodeParam.extend({ kind: z.enum(CHANNEL_KINDS) });

export const serviceChannelEndpoints = {
  listServiceChannels: defineEndpoint({
    method: 'GET',
    path: '/v1/service/clients/{clientCode}/channels',
    access: ['viewIntegrate', 'editIntegrate'],
    summary: "The client's channels (web, whatsapp, telegram): status, plain attributes, which secrets are set, what activation still needs",
    params: clientCodeParam,
    response: z.object({ items: z.array(serviceChannel) }),
  }),
  saveServiceChannel: defineEndpoint({
    method: 'PUT',
    path: '/v1/service/clients/{clientCode}/channels/{kind}',
    access: ['editIntegrate'],
    summary: "Set a channel's attributes and secrets (secrets sealed at rest, never answered); an active channel left without a required attribute is refused",
    params: channelParams,
    body: serviceChannelInput,
    response: serviceChannel,
  }),
  setServiceChannelActive: defineEndpoint({
    method: 'POST',
    path: '/v1/service/clients/{clientCode}/channels/{kind}/active',
    access: ['editIntegrate'],
    summary: 'Activate (needs every required attribute; a Telegram bot gets its webhook set) or deactivate a channel',
    params: channelParams,
    body: z.object({ active: z.boolean() }),
    response: serviceChannel,
  }),
};
