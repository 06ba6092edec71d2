import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ErrorCode, ImportRunStatus, SheetImportReport } from '@nusa/contracts';
import type { Principal } from '../access/principal.ts';
import { tenantPolicy } from '../db/tenant.ts';
import { bytea } from '../db/columns.ts';


/**
 * The xlsx imports, one row a run: the upload waits here (file) until the job reads it, then is dropped; progress
 * is written while the run reads, the report or the failure once it ends. The principal is the user as they were
 * when they started it (the job has no request of its own).
 */
export const importRuns = pgTable(
  'import_runs',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    /** The import endpoint's path, e.g. /v1/erp/warehouses/import. */
    endpoint: text('endpoint').notNull(),
    createdBy: uuid('created_by').notNull(),
    principal: jsonb('principal').$type<Principal>().notNull(),
    status: text('status').$type<ImportRunStatus>().notNull(),
    file: bytea('file'),
    fileBytes: integer('file_bytes').notNull(),
    rowsRead: integer('rows_read').notNull().default(0),
    report: jsonb('report').$type<SheetImportReport>(),
    errorCode: text('error_code').$type<ErrorCode>(),
    errorArgs: jsonb('error_args').$type<(string | number)[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('import_runs_created_by_idx').on(t.tenantId, t.createdBy, t.createdAt), tenantPolicy('import_runs')],
);
