import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { datasetSourceEndpoints as ep, DATASET_API_KEY_HEADER, IDEMPOTENCY_KEY_HEADER, type AnalysisImportRun } from '@nusa/contracts';
import type { Principal } from '../../../../platform/access/principal.ts';
import type { Tx } from '../../../../platform/db/tenant.ts';
import { AppError } from '../../../../platform/errors/app-error.ts';
import { followedRun } from '../../../../platform/files/import-runs.ts';
import { registerEndpoint } from '../../../../platform/http/register.ts';
import { tenantLimits } from '../../../../platform/limits/limits.ts';
import { newDatasetId, toAnalysisRun } from '../import.ts';
import { assertMayCreateDataset } from '../quota.ts';
import { loadDataset } from '../service.ts';
import {
  API_ROWS_KEY,
  appendApiRows,
  authenticateKey,
  bodyHashOf,
  convertRows,
  createApiKey,
  keyOwnerNow,
  listApiKeys,
  markKeyUsed,
  revokeApiKey,
  rotateApiKey,
} from './api-source.ts';
import { sheetUrlOf, spreadsheetIdOf } from './google-sheets.ts';
import { analysisApiPosts } from './schema.ts';
import {
  checkSheet,
  googleAccountView,
  saveGoogleAccount,
  SHEET_IMPORT_KEY,
  sheetEnvelope,
  sheetImportHandler,
  sheetSourceOf,
  type SheetDeps,
} from './sheet-source.ts';

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** A run as the analysis answers it: once done, the dataset it made or filled. */
async function runOf(tx: Tx, importId: string): Promise<AnalysisImportRun> {
  return toAnalysisRun(await followedRun(tx, importId));
}

/** A claim this old without a run was left by a process that died before starting it. */
export const CLAIM_SECONDS = 120;
/** Posts are remembered (their Idempotency-Key answers the same run) this long. */
export const POSTS_KEPT_DAYS = 30;
const claimAbandoned = sql<boolean>`${analysisApiPosts.createdAt} < now() - make_interval(secs => ${CLAIM_SECONDS})`;

/** Forgets the dataset's posts older than POSTS_KEPT_DAYS (on each post: the table holds no more than a month of them). */
const prunePosts = (tx: Tx, datasetId: string) =>
  tx
    .delete(analysisApiPosts)
    .where(and(eq(analysisApiPosts.datasetId, datasetId), sql`${analysisApiPosts.createdAt} < now() - make_interval(days => ${POSTS_KEPT_DAYS})`));

/** The Google Sheet and API sources of the sales analysis's datasets (issue 13). */
export function datasetSourceRoutes(app: FastifyInstance) {
  const deps: SheetDeps = { config: app.platform.config, seal: app.platform.tokens };
  app.sheetImports.importers.set(SHEET_IMPORT_KEY, { handler: sheetImportHandler(deps), access: ep.importGoogleSheet.access });
  app.sheetImports.importers.set(API_ROWS_KEY, { handler: appendApiRows, access: ep.createDatasetApiKey.access });

  registerEndpoint(app, ep.getGoogleAccount, ({ tx, principal }) => googleAccountView(tx, deps, principal.tenantId));
  registerEndpoint(app, ep.saveGoogleAccount, ({ tx, principal, body }) => saveGoogleAccount(tx, principal, deps, body.key));
  registerEndpoint(app, ep.checkGoogleSheet, ({ tx, principal, body }) => checkSheet(tx, deps, principal.tenantId, spreadsheetIdOf(body.url)));
  registerEndpoint(app, ep.importGoogleSheet, async ({ tx, principal, body, inTenant }) => {
    const spreadsheetId = spreadsheetIdOf(body.url);
    // Refused at once rather than queued to fail: the guide's later steps cannot work without the account.
    if (!(await googleAccountView(tx, deps, principal.tenantId)).clientEmail) throw new AppError('analysis_google_account_missing');
    await assertMayCreateDataset(tx, await tenantLimits(tx), false);
    const envelope = sheetEnvelope({ spreadsheetId, name: body.name, datasetId: newDatasetId(), refresh: false });
    return { ...(await app.sheetImports.start(principal.tenantId, principal, SHEET_IMPORT_KEY, envelope, inTenant)), datasetId: null };
  });
  registerEndpoint(app, ep.refreshGoogleSheet, async ({ tx, principal, params, inTenant }) => {
    const d = await loadDataset(tx, params.datasetId);
    const source = await sheetSourceOf(tx, d.id);
    if (!source) throw new AppError('analysis_dataset_not_google_sheet');
    const envelope = sheetEnvelope({ spreadsheetId: source.spreadsheetId, name: d.name, datasetId: d.id, refresh: true });
    return { ...(await app.sheetImports.start(principal.tenantId, principal, SHEET_IMPORT_KEY, envelope, inTenant)), datasetId: null };
  });
  registerEndpoint(app, ep.getDatasetSources, async ({ tx, params }) => {
    const d = await loadDataset(tx, params.datasetId);
    const sheet = await sheetSourceOf(tx, d.id);
    return {
      googleSheet: sheet
        ? { spreadsheetId: sheet.spreadsheetId, title: sheet.title, sheetTitle: sheet.sheetTitle, url: sheetUrlOf(sheet.spreadsheetId) }
        : null,
      apiKeys: await listApiKeys(tx, d.id),
    };
  });
  registerEndpoint(app, ep.createDatasetApiKey, ({ tx, principal, params }) => createApiKey(tx, principal, params.datasetId));
  registerEndpoint(app, ep.rotateDatasetApiKey, ({ tx, principal, params }) => rotateApiKey(tx, principal, params.datasetId, params.keyId));
  registerEndpoint(app, ep.revokeDatasetApiKey, ({ tx, principal, params }) => revokeApiKey(tx, principal, params.datasetId, params.keyId));

  registerEndpoint(
    app,
    ep.postDatasetRows,
    async ({ req, params, body, inTenant }) => {
      const idempotencyKey = header(req, IDEMPOTENCY_KEY_HEADER)?.trim() ?? '';
      if (idempotencyKey.length < 1 || idempotencyKey.length > 200) throw new AppError('analysis_idempotency_key_missing');
      const bodyHash = bodyHashOf(body);
      // First, in a transaction of its own: the key checked, the post's Idempotency-Key claimed (or its first answer
      // found), and the rows checked against the columns. A claim is released when the rows are refused; one left
      // without a run (the process died before starting it: the run and its link are written together) is taken
      // over by the next post with the same key and body once it is older than CLAIM_SECONDS.
      const thisPost = and(eq(analysisApiPosts.datasetId, params.datasetId), eq(analysisApiPosts.idempotencyKey, idempotencyKey));
      const claimed = await inTenant(
        async (tx): Promise<{ replay: AnalysisImportRun } | { key: Awaited<ReturnType<typeof authenticateKey>>; principal: Principal }> => {
          const key = await authenticateKey(tx, params.datasetId, header(req, DATASET_API_KEY_HEADER));
          const principal = await keyOwnerNow(tx, key, ep.createDatasetApiKey.access);
          await markKeyUsed(tx, key.id);
          await prunePosts(tx, params.datasetId);
          const [claim] = await tx
            .insert(analysisApiPosts)
            .values({ tenantId: key.tenantId, datasetId: params.datasetId, idempotencyKey, bodyHash })
            .onConflictDoNothing()
            .returning();
          if (!claim) {
            const [first] = await tx
              .select({ bodyHash: analysisApiPosts.bodyHash, importId: analysisApiPosts.importId, abandoned: claimAbandoned })
              .from(analysisApiPosts)
              .where(thisPost);
            if (first.bodyHash !== bodyHash) throw new AppError('analysis_idempotency_conflict', [idempotencyKey.slice(0, 60)]);
            if (first.importId) return { replay: await runOf(tx, first.importId) };
            const [retaken] = first.abandoned
              ? await tx
                  .update(analysisApiPosts)
                  .set({ createdAt: sql`now()` })
                  .where(and(thisPost, isNull(analysisApiPosts.importId), claimAbandoned))
                  .returning()
              : [];
            if (!retaken) throw new AppError('analysis_idempotency_in_progress', [idempotencyKey.slice(0, 60)]);
          }
          return { key, principal };
        },
      );
      if ('replay' in claimed) return claimed.replay;
      const release = () => inTenant((tx) => tx.delete(analysisApiPosts).where(and(thisPost, isNull(analysisApiPosts.importId))));
      try {
        await inTenant(async (tx) => convertRows((await loadDataset(tx, params.datasetId)).columns, body.rows));
        const principal = claimed.principal;
        const envelope = Buffer.from(JSON.stringify({ datasetId: params.datasetId, rows: body.rows }));
        // The run and the post's link to it are written in one transaction: a claim without a run never started one.
        const run = await app.sheetImports.start(principal.tenantId, principal, API_ROWS_KEY, envelope, (fn) =>
          inTenant(async (tx) => {
            const made = await fn(tx);
            await tx
              .update(analysisApiPosts)
              .set({ importId: (made as { id: string }).id })
              .where(thisPost);
            return made;
          }),
        );
        return { ...run, datasetId: null };
      } catch (err) {
        await release();
        throw err;
      }
    },
    { ownTransactions: true },
  );
  registerEndpoint(app, ep.getDatasetRowsPost, async ({ tx, req, params }) => {
    await authenticateKey(tx, params.datasetId, header(req, DATASET_API_KEY_HEADER));
    const [post] = await tx
      .select({ importId: analysisApiPosts.importId })
      .from(analysisApiPosts)
      .where(and(eq(analysisApiPosts.datasetId, params.datasetId), eq(analysisApiPosts.importId, params.importId)));
    if (!post) throw new AppError('param_not_found', [params.importId]);
    return runOf(tx, params.importId);
  });
}
