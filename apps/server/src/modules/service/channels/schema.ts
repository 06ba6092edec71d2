import { boolean, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';
import { serviceClients } from '../clients/index.ts';

export type ChannelKind = 'web' | 'whatsapp' | 'telegram';

/**
 * A client's channel: the web widget, a WhatsApp Cloud API number or a Telegram bot. `attributes` are the plain ones
 * (phone number id, bot username, allowed origins); `secretsSealed` is a JSON object of the secret ones (access token,
 * app secret, bot token, webhook secret) sealed with TokenService.sealSetting like the AI key, never sent out.
 */
export const serviceChannels = pgTable(
  'service_channels',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    clientId: uuid('client_id').notNull(),
    kind: text('kind', { enum: ['web', 'whatsapp', 'telegram'] }).notNull(),
    name: text('name').notNull().default(''),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    secretsSealed: text('secrets_sealed'),
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.clientId], foreignColumns: [serviceClients.tenantId, serviceClients.id] }).onDelete('cascade'),
    index('service_channels_client_idx').on(t.tenantId, t.clientId),
    tenantPolicy('service_channels'),
  ],
);
