import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/** One row per allowed value: what users of an OU may pick (spec 6 policies per OU). */
export const ouPolicyEntries = pgTable(
  'ou_policy_entries',
  {
    tenantId: uuid('tenant_id').notNull(),
    ouId: uuid('ou_id').notNull(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ouId, t.kind, t.value] }), tenantPolicy('ou_policy_entries')],
);

/** Users working under an OU's policy. */
export const ouPolicyMembers = pgTable(
  'ou_policy_members',
  {
    tenantId: uuid('tenant_id').notNull(),
    ouId: uuid('ou_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ouId, t.userId] }), tenantPolicy('ou_policy_members')],
);

/** Document types a user may not create (spec 6). */
export const documentProhibitions = pgTable(
  'document_prohibitions',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    documentTypeId: integer('document_type_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.documentTypeId] }), tenantPolicy('document_prohibitions')],
);
