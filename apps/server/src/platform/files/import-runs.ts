import { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { ERRORS, hasAnyTask, importRunEndpoints, type ErrorCode, type ImportRun, type SheetImportReport } from '@nusa/contracts';
import type { Principal } from '../access/principal.ts';
import { writeAudit } from '../audit/write.ts';
import type { Pools } from '../db/pools.ts';
import { withTenant, type Tx } from '../db/tenant.ts';
import { AppError } from '../errors/app-error.ts';
import { registerEndpoint } from '../http/register.ts';
import { importProgress, type ImportProgress } from './import-progress.ts';
import { importRuns } from './schema.ts';

/**
 * xlsx imports as durable jobs (architecture: imports run on pg-boss). The upload is kept in `import_runs` and the
 * request answers the queued run at once; the job reads the file through the record's handler in one transaction,
 * writing its progress beside it, and ends the run done with the report or failed with the reason. Without pg-boss
 * (JOBS=false) the same run starts in this process right after the answer.
 */

export type SheetImportHandler = (tx: Tx, principal: Principal, file: Readable) => Promise<SheetImportReport>;

export const SHEET_IMPORT_QUEUE = 'sheet-import';
/** Progress is written at most this often (a separate short transaction each time). */
const PROGRESS_EVERY_MS = 300;

interface Importer {
  handler: SheetImportHandler;
  access: readonly string[];
}

/** The import endpoints by path, as registerSheetImports declares them. */
export interface SheetImports {
  importers: Map<string, Importer>;
  start(tenantId: string, principal: Principal, endpoint: string, file: Buffer, inTenant: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>): Promise<ImportRun>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sheetImports: SheetImports;
  }
}

type RunRow = typeof importRuns.$inferSelect;

export const toImportRun = (r: Pick<RunRow, 'id' | 'status' | 'rowsRead' | 'report' | 'errorCode' | 'errorArgs' | 'createdAt' | 'finishedAt'>): ImportRun => ({
  importId: r.id,
  status: r.status,
  rowsRead: r.rowsRead,
  report: r.report ?? null,
  errorCode: r.errorCode ?? null,
  errorArgs: r.errorArgs ?? null,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

const RUN_FIELDS = {
  id: importRuns.id, status: importRuns.status, rowsRead: importRuns.rowsRead, report: importRuns.report,
  errorCode: importRuns.errorCode, errorArgs: importRuns.errorArgs, createdAt: importRuns.createdAt, finishedAt: importRuns.finishedAt,
};

/** Sets up the import runs: the registry the modules fill, the job worker, and the endpoint that follows a run. */
export function importRunRoutes(app: FastifyInstance) {
  const importers = new Map<string, Importer>();
  const pools = () => app.platform.pools;
  const log = (err: unknown, runId: string) => app.log.error({ err, runId }, 'import run failed');
  const boss = app.platform.jobs.boss;
  const queued = app.platform.jobs.started && boss;
  if (queued) {
    app.addHook('onReady', async () => {
      // A job whose process died is handed out again after its expiry; the run then starts over (its transaction never
      // committed). The largest file (50 MB, some 500,000 rows) takes minutes, not a quarter of an hour.
      await boss.createQueue(SHEET_IMPORT_QUEUE, { name: SHEET_IMPORT_QUEUE, retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60 });
      await boss.work<{ tenantId: string; runId: string }>(SHEET_IMPORT_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => runImport(pools(), importers, job.data.tenantId, job.data.runId, log));
    });
  } else {
    // Without the queue nothing else remembers the runs a stopped process left: they start over now.
    app.addHook('onReady', async () => {
      setImmediate(() => void resumeImportRuns(pools(), importers, log));
    });
  }

  app.decorate<SheetImports>('sheetImports', {
    importers,
    async start(tenantId, principal, endpoint, file, inTenant) {
      const run = await inTenant(async (tx) => {
        const id = uuidv7();
        const [row] = await tx.insert(importRuns).values({
          tenantId, id, endpoint, createdBy: principal.userId, principal, status: 'queued', file, fileBytes: file.length,
        }).returning(RUN_FIELDS);
        await writeAudit(tx, principal, { module: 'imports', action: 'create', entity: 'import_run', entityId: id, after: { endpoint, fileBytes: file.length } });
        return row;
      });
      if (queued) {
        await boss.send(SHEET_IMPORT_QUEUE, { tenantId, runId: run.id });
      } else {
        setImmediate(() => void runImport(pools(), importers, tenantId, run.id, log));
      }
      return toImportRun(run);
    },
  });

  registerEndpoint(app, importRunEndpoints.getImportRun, async ({ tx, principal, params }) => {
    const [run] = await tx.select({ ...RUN_FIELDS, endpoint: importRuns.endpoint }).from(importRuns)
      .where(and(eq(importRuns.id, params.importId), eq(importRuns.createdBy, principal.userId)));
    if (!run) throw new AppError('param_not_found', [params.importId]);
    const importer = importers.get(run.endpoint);
    if (!principal.isSuperAdmin && !hasAnyTask(principal.tasks, importer?.access ?? [])) throw new AppError('forbidden_action', [run.endpoint]);
    return toImportRun(run);
  });
}

/**
 * Runs one import to its end. A run already ended is left alone (a job delivered twice); a run found 'running' was
 * left by a process that died and starts over. Never throws: every end is written on the run.
 */
export async function runImport(pools: Pools, importers: Map<string, Importer>, tenantId: string, runId: string, log: (err: unknown, runId: string) => void) {
  const finish = (values: Partial<typeof importRuns.$inferInsert>) =>
    withTenant(pools.app, tenantId, (tx) => tx.update(importRuns).set({ ...values, file: null, finishedAt: sql`now()` }).where(eq(importRuns.id, runId)));
  try {
    const [run] = await withTenant(pools.app, tenantId, (tx) =>
      tx.update(importRuns).set({ status: 'running', startedAt: sql`now()`, rowsRead: 0 })
        .where(and(eq(importRuns.id, runId), inArray(importRuns.status, ['queued', 'running'])))
        .returning({ endpoint: importRuns.endpoint, principal: importRuns.principal, file: importRuns.file }));
    if (!run) return;
    const importer = importers.get(run.endpoint);
    if (!importer || !run.file) {
      await finish({ status: 'failed', errorCode: 'processing_error', errorArgs: [] });
      return;
    }
    const progress = progressWriter(pools, tenantId, runId);
    try {
      const report = await importProgress.run(progress.report, () =>
        withTenant(pools.app, tenantId, (tx) => importer.handler(tx, run.principal, Readable.from([run.file!]))));
      await progress.settled();
      await finish({ status: 'done', report, rowsRead: report.rows });
    } catch (err) {
      await progress.settled();
      if (err instanceof AppError && err.code in ERRORS) {
        await finish({ status: 'failed', errorCode: err.code as ErrorCode, errorArgs: err.args });
      } else {
        log(err, runId);
        await finish({ status: 'failed', errorCode: 'processing_error', errorArgs: [] });
      }
    }
  } catch (err) {
    // The database itself failed (even writing the end); pg-boss hands the job out again, inline runs stay as they are.
    log(err, runId);
  }
}

/** Runs again, one after another, every run left queued or running (all tenants; the owner connection reads the list). */
export async function resumeImportRuns(pools: Pools, importers: Map<string, Importer>, log: (err: unknown, runId: string) => void) {
  const left = await pools.owner.query<{ tenant_id: string; id: string }>(
    `SELECT tenant_id, id FROM import_runs WHERE status IN ('queued', 'running') ORDER BY created_at`,
  ).catch((err: unknown) => {
    log(err, '(resume)');
    return { rows: [] };
  });
  for (const run of left.rows) await runImport(pools, importers, run.tenant_id, run.id, log);
}

/** Writes progress in its own short transactions, at most every PROGRESS_EVERY_MS and one write at a time. */
function progressWriter(pools: Pools, tenantId: string, runId: string) {
  let last = 0;
  let writing: Promise<unknown> = Promise.resolve();
  let busy = false;
  return {
    report(p: ImportProgress) {
      const now = Date.now();
      if (busy || now - last < PROGRESS_EVERY_MS) return;
      last = now;
      busy = true;
      writing = withTenant(pools.app, tenantId, (tx) =>
        tx.update(importRuns).set({ rowsRead: p.rowsRead }).where(and(eq(importRuns.id, runId), eq(importRuns.status, 'running'))))
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    },
    settled: () => writing,
  };
}
