import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/**
 * Customer-service clients (issue 12): the businesses whose customer service the tenant automates. Everything of the
 * /service area hangs off a client: its datasets, intents and trained classifiers, channels, agents and conversations.
 */

/** When the bot hands a conversation to a person. `personWords` are matched as whole phrases in the customer's text. */
export interface HandoverRules {
  lowConfidence: boolean;
  outOfScope: boolean;
  askForPerson: boolean;
  personWords: { id: string[]; en: string[] };
  aiUnavailable: boolean;
}

export interface WidgetStyle {
  primaryColor: string;
  textColor: string;
  position: 'right' | 'left';
}

/** Human CS working hours in Asia/Jakarta: per weekday (0 = Sunday) the open spans as 'HH:MM'. */
export interface WorkingHours {
  timeZone: string;
  days: { day: number; from: string; to: string }[];
}

export type SetupStepName = 'importDataset' | 'setupAi' | 'runIntegration';
export type SetupStepStatus = 'pending' | 'running' | 'done' | 'failed';
/** The wizard's "process all" run: its steps in order, each with its outcome; `jobId` is the pg-boss job. */
export interface SetupState {
  status: 'draft' | 'queued' | 'running' | 'done' | 'failed';
  jobId?: string | null;
  requestedAt?: string | null;
  finishedAt?: string | null;
  steps: { name: SetupStepName; status: SetupStepStatus; errorCode?: string | null; at?: string | null }[];
}

export const serviceClients = pgTable(
  'service_clients',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    businessField: text('business_field').notNull().default(''),
    /** The client's OU: AI usage rows and chat sessions are counted per client OU. */
    ouId: uuid('ou_id'),
    systemInstruction: text('system_instruction').notNull().default(''),
    /** null: the tenant's AI settings; else 'local' or 'openai-compatible' with `model`. */
    engine: text('engine', { enum: ['local', 'openai-compatible'] }),
    model: text('model'),
    /** Below this the classifier's verdict is out of scope (0..1). */
    confidenceThreshold: numeric('confidence_threshold', { precision: 5, scale: 4 }).notNull().default('0.5'),
    handoverRules: jsonb('handover_rules').$type<HandoverRules>().notNull(),
    greeting: text('greeting').notNull().default(''),
    widget: jsonb('widget').$type<WidgetStyle>().notNull(),
    workingHours: jsonb('working_hours').$type<WorkingHours>(),
    maxConcurrentChats: integer('max_concurrent_chats').notNull().default(5),
    active: boolean('active').notNull().default(true),
    setupState: jsonb('setup_state').$type<SetupState>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('service_clients_code_key').on(t.tenantId, sql`lower(${t.code})`),
    tenantPolicy('service_clients'),
  ],
);

export type ClientRow = typeof serviceClients.$inferSelect;

/** Human CS agents of a client: users who take handed-over conversations, with their limit and presence. */
export const serviceAgents = pgTable(
  'service_agents',
  {
    tenantId: uuid('tenant_id').notNull(),
    clientId: uuid('client_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** null: the client's maxConcurrentChats. */
    maxConcurrentChats: integer('max_concurrent_chats'),
    status: text('status', { enum: ['online', 'away', 'offline'] })
      .notNull()
      .default('offline'),
    active: boolean('active').notNull().default(true),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.clientId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.clientId], foreignColumns: [serviceClients.tenantId, serviceClients.id] }).onDelete('cascade'),
    index('service_agents_user_idx').on(t.tenantId, t.userId),
    tenantPolicy('service_agents'),
  ],
);
