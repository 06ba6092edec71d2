import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { QueryPlan } from '@nusa/contracts';
import { tenantPolicy } from '../../../platform/db/tenant.ts';

/**
 * An answer of the AI insights kept as a saved graph: its plan (never its numbers, which are read again from the
 * dataset each time it is shown), the dataset it asks, and its place on the saved-graphs page.
 */
export const analysisSavedGraphs = pgTable(
  'analysis_saved_graphs',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    datasetId: uuid('dataset_id').notNull(),
    name: text('name').notNull(),
    plan: jsonb('plan').$type<QueryPlan>().notNull(),
    /** The language its words (labels, insight) are written in: the question's. */
    language: text('language').$type<'id' | 'en'>().notNull(),
    /** Its place on the page, 1 first. */
    position: integer('position').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('analysis_saved_graphs_position_idx').on(t.tenantId, t.position),
    tenantPolicy('analysis_saved_graphs'),
  ],
);
