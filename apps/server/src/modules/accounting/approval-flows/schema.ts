import { sql } from 'drizzle-orm';
import { boolean, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

const amount = (name: string) => numeric(name, { precision: 20, scale: 4 });

/**
 * Approval flows (spec 1, issue 11): per document type (numeric id) and OU (null = every OU). A document is
 * submitted under the flow of its OU, else the flow for every OU; at most one flow per type and OU.
 */
export const approvalFlows = pgTable(
  'approval_flows',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    documentTypeId: integer('document_type_id').notNull(),
    ouId: uuid('ou_id'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('approval_flows_type_ou_key').on(t.tenantId, t.documentTypeId, sql`coalesce(${t.ouId}, '00000000-0000-0000-0000-000000000000'::uuid)`),
    tenantPolicy('approval_flows'),
  ],
);

/**
 * A flow's ordered levels. A level applies to a document whose book-currency total is above `amountAbove` (null:
 * from zero) and at most `amountUpTo` (null: no limit), so "up to Rp 10 juta one level, above it a second" is level 1
 * without a band and level 2 above 10,000,000. `mode` any: one approval moves on; all: every named approver.
 */
export const approvalFlowLevels = pgTable(
  'approval_flow_levels',
  {
    tenantId: uuid('tenant_id').notNull(),
    flowId: uuid('flow_id').notNull(),
    levelNo: integer('level_no').notNull(),
    mode: text('mode').notNull(),
    amountAbove: amount('amount_above'),
    amountUpTo: amount('amount_up_to'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.flowId, t.levelNo] }), tenantPolicy('approval_flow_levels')],
);

/** Who approves at a level: roles (any user whose active role it is) and users. */
export const approvalFlowApprovers = pgTable(
  'approval_flow_approvers',
  {
    tenantId: uuid('tenant_id').notNull(),
    flowId: uuid('flow_id').notNull(),
    levelNo: integer('level_no').notNull(),
    /** role | user */
    kind: text('kind').notNull(),
    approverId: uuid('approver_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.flowId, t.levelNo, t.kind, t.approverId] }), tenantPolicy('approval_flow_approvers')],
);

/**
 * The approvals given in a document's current round (a resubmit starts a new round and clears them; every approval
 * stays in document_history). An "all" level is done when each named user and, for each named role, a user acting in
 * it has approved.
 */
export const documentApprovals = pgTable(
  'document_approvals',
  {
    tenantId: uuid('tenant_id').notNull(),
    documentId: uuid('document_id').notNull(),
    levelNo: integer('level_no').notNull(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.documentId, t.levelNo, t.userId] }), tenantPolicy('document_approvals')],
);
