import { Readable } from 'node:stream';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { ERRORS, hasAnyTask, importRunEndpoints, type ErrorCode, type ImportRun, type SheetImportReport } from '@nusa/contracts';
import type { Principal } from '../access/principal.ts';
import { writeAudit } from '../audit/write.ts';
import type { Pools } from '../db/pools.ts';
import { withTenant, type Tx } from '../db/tenant.ts';
import { AppError } from '../errors/app-error.ts';
import { registerEndpoint } from '../http/register.ts';
import { importLimits, tenantLimits } from '../limits/limits.ts';
import { importProgress, type ImportProgress } from './import-progress.ts';
import { importRuns } from './schema.ts';

/**
 * xlsx imports as durable jobs (architecture: imports run on pg-boss). The upload is kept in `import_runs` and the
 * request answers the queued run at once; the job reads the file through the record's handler in one transaction,
 * writing its progress beside it, and ends the run done with the report or failed with the reason. Without pg-boss
 * (JOBS=false) the same run starts in this process right after the answer.
 *
 * A dead worker is found in seconds, not at pg-boss's expiry: the worker writes the run's heartbeat every
 * HEARTBEAT_MS while it reads, and every instance looks every SWEEP_MS for runs whose heartbeat is older than
 * STALE_SECONDS (or queued runs nobody started). Such a run is claimed again (the claim is one UPDATE, so one worker
 * wins) and starts over from its kept file: its transaction never committed. A worker that finds its run claimed by
 * another stops and rolls back.
 */

export type SheetImportHandler = (tx: Tx, principal: Principal, file: Readable) => Promise<SheetImportReport>;

export const SHEET_IMPORT_QUEUE = 'sheet-import';
/** Progress is written at most this often (a separate short transaction each time). */
const PROGRESS_EVERY_MS = 300;
/** The worker of a running run writes its heartbeat this often, whatever the import is doing. */
export const HEARTBEAT_MS = 2000;
/** A running run whose heartbeat is older than this has lost its worker (five missed heartbeats). */
export const STALE_SECONDS = 10;
/** How often each instance looks for runs a dead worker left. */
export const SWEEP_MS = 3000;

/** The run was claimed again by another worker (this one was taken for dead): stop, and write nothing on it. */
class RunTakenOver extends Error {}

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
  id: importRuns.id,
  status: importRuns.status,
  rowsRead: importRuns.rowsRead,
  report: importRuns.report,
  errorCode: importRuns.errorCode,
  errorArgs: importRuns.errorArgs,
  createdAt: importRuns.createdAt,
  finishedAt: importRuns.finishedAt,
};

/** A running run whose worker stopped beating (SQL, on the database's clock). */
const stale = sql`${importRuns.status} = 'running' AND coalesce(${importRuns.heartbeatAt}, ${importRuns.startedAt}, ${importRuns.createdAt}) < now() - make_interval(secs => ${STALE_SECONDS})`;

/** Sets up the import runs: the registry the modules fill, the job worker, and the endpoint that follows a run. */
export function importRunRoutes(app: FastifyInstance) {
  const importers = new Map<string, Importer>();
  const pools = () => app.platform.pools;
  const log = (err: unknown, runId: string) => app.log.error({ err, runId }, 'import run failed');
  const boss = app.platform.jobs.boss;
  const queued = app.platform.jobs.started && boss;
  if (queued) {
    app.addHook('onReady', async () => {
      // A run whose process died is found by its heartbeat (the sweep below) and sent again at once; pg-boss's own
      // expiry is only the last resort, and a job it hands out again for a run that has ended or is alive does nothing.
      await boss.createQueue(SHEET_IMPORT_QUEUE, { name: SHEET_IMPORT_QUEUE, retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60 });
      await boss.work<{ tenantId: string; runId: string }>(SHEET_IMPORT_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) =>
        runImport(pools(), importers, job.data.tenantId, job.data.runId, log),
      );
    });
  } else {
    // Without the queue nothing else remembers the runs a stopped process left: they start over now.
    app.addHook('onReady', async () => {
      setImmediate(() => void resumeImportRuns(pools(), importers, log));
    });
  }
  // Every instance looks for runs a dead worker left: with the queue they are sent again (one job per run at a time),
  // without it this instance runs them.
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping = false;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      void sweepImportRuns(
        pools(),
        importers,
        log,
        queued ? (run) => boss.send(SHEET_IMPORT_QUEUE, run, { singletonKey: run.runId, singletonSeconds: 30 }).then(() => undefined) : undefined,
      ).finally(() => {
        sweeping = false;
      });
    }, SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.decorate<SheetImports>('sheetImports', {
    importers,
    async start(tenantId, principal, endpoint, file, inTenant) {
      const run = await inTenant(async (tx) => {
        const id = uuidv7();
        const [row] = await tx
          .insert(importRuns)
          .values({
            tenantId,
            id,
            endpoint,
            createdBy: principal.userId,
            principal,
            status: 'queued',
            file,
            fileBytes: file.length,
          })
          .returning(RUN_FIELDS);
        await writeAudit(tx, principal, {
          module: 'imports',
          action: 'create',
          entity: 'import_run',
          entityId: id,
          after: { endpoint, fileBytes: file.length },
        });
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
    const run = await followedRun(tx, params.importId, eq(importRuns.createdBy, principal.userId));
    const importer = importers.get(run.endpoint);
    if (!principal.isSuperAdmin && !hasAnyTask(principal.tasks, importer?.access ?? [])) throw new AppError('forbidden_action', [run.endpoint]);
    return toImportRun(run);
  });
}

/**
 * The run as one following it sees it (param_not_found when there is none, or `scope` leaves it out). A run whose
 * worker died is not shown as running with its last count: it waits to start over from the first row.
 */
export async function followedRun(tx: Tx, importId: string, scope?: SQL) {
  const [run] = await tx
    .select({ ...RUN_FIELDS, endpoint: importRuns.endpoint, stale: sql<boolean>`${stale}` })
    .from(importRuns)
    .where(and(eq(importRuns.id, importId), scope));
  if (!run) throw new AppError('param_not_found', [importId]);
  const { stale: died, ...shown } = run;
  return died ? { ...shown, status: 'queued' as const, rowsRead: 0 } : shown;
}

/**
 * Runs one import to its end. The run is claimed first: a queued run, or a running one whose worker stopped beating
 * (its process died; it starts over). A run that has ended or whose worker is alive is left alone (a job delivered
 * twice, a sweep racing another). Never throws: every end is written on the run.
 */
export async function runImport(pools: Pools, importers: Map<string, Importer>, tenantId: string, runId: string, log: (err: unknown, runId: string) => void) {
  const workerId = uuidv7();
  const mine = and(eq(importRuns.id, runId), eq(importRuns.workerId, workerId), eq(importRuns.status, 'running'));
  const finish = (values: Partial<typeof importRuns.$inferInsert>) =>
    withTenant(pools.app, tenantId, (tx) =>
      tx
        .update(importRuns)
        .set({ ...values, file: null, finishedAt: sql`now()` })
        .where(mine),
    );
  let beat: Heartbeat | undefined;
  try {
    const [run] = await withTenant(pools.app, tenantId, (tx) =>
      tx
        .update(importRuns)
        .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()`, workerId, rowsRead: 0 })
        .where(and(eq(importRuns.id, runId), or(eq(importRuns.status, 'queued'), stale)))
        .returning({ endpoint: importRuns.endpoint, principal: importRuns.principal, file: importRuns.file }),
    );
    if (!run) return;
    const importer = importers.get(run.endpoint);
    if (!importer || !run.file) {
      await finish({ status: 'failed', errorCode: 'processing_error', errorArgs: [] });
      return;
    }
    beat = heartbeat(pools, tenantId, mine);
    const progress = progressWriter(pools, tenantId, mine, beat);
    try {
      const file = run.file;
      run.file = null;
      const report = await importProgress.run(progress.report, () =>
        withTenant(pools.app, tenantId, async (tx) =>
          importLimits.run(await tenantLimits(tx), () => importer.handler(tx, run.principal, Readable.from([file]))),
        ),
      );
      await progress.settled();
      beat.stop();
      await finish({ status: 'done', report, rowsRead: report.rows });
    } catch (err) {
      await progress.settled();
      beat.stop();
      if (beat.lost()) {
        log(new Error('the run was taken over by another worker after this one missed its heartbeats; this one stopped'), runId);
      } else if (err instanceof AppError && err.code in ERRORS) {
        // Only a catalogued code and its own arguments reach the run (never an exception's message).
        await finish({ status: 'failed', errorCode: err.code as ErrorCode, errorArgs: err.args });
      } else {
        log(err, runId);
        await finish({ status: 'failed', errorCode: 'processing_error', errorArgs: [] });
      }
    }
  } catch (err) {
    // The database itself failed (even writing the end). The heartbeat stops, so another worker takes the run over.
    beat?.stop();
    log(err, runId);
  }
}

/** A run a dead worker left, or a queued run nobody started: `queuedFor` seconds old at least. */
async function leftRuns(pools: Pools, queuedFor: number, log: (err: unknown, runId: string) => void) {
  const left = await pools.owner
    .query<{ tenant_id: string; id: string }>(
      `SELECT tenant_id, id FROM import_runs
      WHERE status IN ('queued', 'running')
        AND (status = 'queued' AND created_at <= now() - make_interval(secs => $1)
          OR status = 'running' AND coalesce(heartbeat_at, started_at, created_at) < now() - make_interval(secs => $2))
      ORDER BY created_at LIMIT 100`,
      [queuedFor, STALE_SECONDS],
    )
    .catch((err: unknown) => {
      log(err, '(resume)');
      return { rows: [] };
    });
  return left.rows;
}

/**
 * Runs again, one after another, every run left queued or with a dead worker (all tenants; the owner connection reads
 * the list). Used when an instance without the queue starts.
 */
export async function resumeImportRuns(pools: Pools, importers: Map<string, Importer>, log: (err: unknown, runId: string) => void) {
  for (const run of await leftRuns(pools, 0, log)) await runImport(pools, importers, run.tenant_id, run.id, log);
}

/**
 * One look for runs a dead worker left (and queued runs nobody started for STALE_SECONDS): with `send` each goes back
 * on the queue, without it this instance runs them one after another. Never throws.
 */
export async function sweepImportRuns(
  pools: Pools,
  importers: Map<string, Importer>,
  log: (err: unknown, runId: string) => void,
  send?: (run: { tenantId: string; runId: string }) => Promise<void>,
) {
  for (const run of await leftRuns(pools, STALE_SECONDS, log)) {
    if (send) await send({ tenantId: run.tenant_id, runId: run.id }).catch((err: unknown) => log(err, run.id));
    else await runImport(pools, importers, run.tenant_id, run.id, log);
  }
}

interface Heartbeat {
  /** Whether another worker has claimed the run since (this one was taken for dead). */
  lost(): boolean;
  stop(): void;
  /** Notes a write that found the run no longer this worker's. */
  markLost(): void;
}

/** Writes the run's heartbeat every HEARTBEAT_MS in its own short transaction, while the import runs. */
function heartbeat(pools: Pools, tenantId: string, mine: SQL | undefined): Heartbeat {
  let lost = false;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    withTenant(pools.app, tenantId, (tx) =>
      tx
        .update(importRuns)
        .set({ heartbeatAt: sql`now()` })
        .where(mine)
        .returning({ id: importRuns.id }),
    )
      .then((rows) => {
        if (rows.length === 0) lost = true;
      })
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, HEARTBEAT_MS);
  return {
    lost: () => lost,
    stop: () => clearInterval(timer),
    markLost: () => {
      lost = true;
    },
  };
}

/**
 * Writes progress (and the heartbeat) in its own short transactions, at most every PROGRESS_EVERY_MS and one write at
 * a time. Once the run is another worker's, the next row read throws, so this worker's transaction rolls back.
 */
function progressWriter(pools: Pools, tenantId: string, mine: SQL | undefined, beat: Heartbeat) {
  let last = 0;
  let writing: Promise<unknown> = Promise.resolve();
  let busy = false;
  return {
    report(p: ImportProgress) {
      if (beat.lost()) throw new RunTakenOver('run taken over');
      const now = Date.now();
      if (busy || now - last < PROGRESS_EVERY_MS) return;
      last = now;
      busy = true;
      writing = withTenant(pools.app, tenantId, (tx) =>
        tx
          .update(importRuns)
          .set({ rowsRead: p.rowsRead, heartbeatAt: sql`now()` })
          .where(mine)
          .returning({ id: importRuns.id }),
      )
        .then((rows) => {
          if (rows.length === 0) beat.markLost();
        })
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    },
    settled: () => writing,
  };
}
