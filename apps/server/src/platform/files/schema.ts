import { sql } from 'drizzle-orm';
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
    /** Written every few seconds by the worker reading the run: a running run whose heartbeat stopped has lost its process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** The worker that claimed the run; its progress, heartbeat and end count only while it still holds the run. */
    workerId: uuid('worker_id'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('import_runs_created_by_idx').on(t.tenantId, t.createdBy, t.createdAt),
    // The runs not yet ended, which every instance looks over every few seconds for a dead worker's.
    index('import_runs_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    tenantPolicy('import_runs'),
  ],
);
