import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { SHEET_TEMPLATE_COLUMNS, type GoogleAccount, type SheetCheck } from '@nusa/contracts';
import type { Principal } from '../../../../platform/access/principal.ts';
import type { Actor } from '../../../../platform/audit/write.ts';
import { writeAudit } from '../../../../platform/audit/write.ts';
import type { Config } from '../../../../platform/config.ts';
import type { Tx } from '../../../../platform/db/tenant.ts';
import { AppError } from '../../../../platform/errors/app-error.ts';
import type { SettingsSeal } from '../../../../platform/ai/settings/service.ts';
import { envelope, importDataset, type DatasetImportReport } from '../import.ts';
import { analysisDatasets } from '../schema.ts';
import {
  accessToken,
  checkPrivateKey,
  parseServiceAccountKey,
  sheetValues,
  spreadsheetInfo,
  type GoogleEndpoints,
  type ServiceAccountKey,
} from './google-sheets.ts';
import { analysisGoogleAccounts, analysisSheetSources } from './schema.ts';
import { refreshSheetRows } from './sheet-refresh.ts';

/** The import runs' key of Google Sheet imports (new datasets and refreshes). */
export const SHEET_IMPORT_KEY = '/v1/analysis/google-sheets/import';

export interface SheetDeps {
  config: Config;
  seal: SettingsSeal;
}

export const endpointsOf = (config: Config): GoogleEndpoints => ({ tokenUrl: config.GOOGLE_TOKEN_URL, apiUrl: config.GOOGLE_SHEETS_API_URL });

/** The service account of the transaction's tenant: its own (sealed in the database), else the deployment's. */
async function serviceAccount(tx: Tx, deps: SheetDeps, tenantId: string): Promise<{ key: ServiceAccountKey; source: 'tenant' | 'deployment' } | null> {
  const [row] = await tx.select().from(analysisGoogleAccounts).limit(1);
  if (row) {
    const plain = deps.seal.openSetting(row.keySealed, tenantId);
    if (plain === undefined) throw new AppError('analysis_google_key_invalid', ['sealed']);
    return { key: parseServiceAccountKey(plain), source: 'tenant' };
  }
  if (deps.config.GOOGLE_SERVICE_ACCOUNT_KEY) return { key: parseServiceAccountKey(deps.config.GOOGLE_SERVICE_ACCOUNT_KEY), source: 'deployment' };
  return null;
}

async function requireAccount(tx: Tx, deps: SheetDeps, tenantId: string): Promise<ServiceAccountKey> {
  const account = await serviceAccount(tx, deps, tenantId);
  if (!account) throw new AppError('analysis_google_account_missing');
  return account.key;
}

export async function googleAccountView(tx: Tx, deps: SheetDeps, tenantId: string): Promise<GoogleAccount> {
  const account = await serviceAccount(tx, deps, tenantId).catch((err: unknown) => {
    if (err instanceof AppError) return null;
    throw err;
  });
  return {
    clientEmail: account?.key.clientEmail ?? null,
    source: account?.source ?? null,
    templateUrl: deps.config.GOOGLE_SHEETS_TEMPLATE_URL ?? null,
    templateColumns: [...SHEET_TEMPLATE_COLUMNS],
  };
}

/** Sets (sealed, with the tenant as its context) or clears the tenant's key; audited with the e-mail only. */
export async function saveGoogleAccount(tx: Tx, actor: Actor & { userId: string }, deps: SheetDeps, key: string | null): Promise<GoogleAccount> {
  const before = await googleAccountView(tx, deps, actor.tenantId);
  if (key === null) {
    await tx.delete(analysisGoogleAccounts).where(eq(analysisGoogleAccounts.tenantId, actor.tenantId));
  } else {
    const parsed = parseServiceAccountKey(key);
    await checkPrivateKey(parsed);
    const values = { clientEmail: parsed.clientEmail, keySealed: deps.seal.sealSetting(key, actor.tenantId), updatedBy: actor.userId, updatedAt: new Date() };
    await tx
      .insert(analysisGoogleAccounts)
      .values({ tenantId: actor.tenantId, ...values })
      .onConflictDoUpdate({ target: analysisGoogleAccounts.tenantId, set: values });
  }
  const after = await googleAccountView(tx, deps, actor.tenantId);
  await writeAudit(tx, actor, {
    module: 'configuration.google-account',
    action: key === null ? 'delete' : 'update',
    entity: 'google-service-account',
    entityId: actor.tenantId,
    before: { clientEmail: before.clientEmail, source: before.source },
    after: { clientEmail: after.clientEmail, source: after.source },
  });
  return after;
}

const norm = (s: string) => s.trim().toLowerCase();

/** The header row (the first row with anything in it) and the template's columns it lacks. */
function templateCheck(values: string[][]): { headerAt: number; missing: string[] } {
  const headerAt = values.findIndex((r) => r.some((c) => c.trim() !== ''));
  const header = new Set((values[headerAt] ?? []).map(norm));
  return { headerAt, missing: SHEET_TEMPLATE_COLUMNS.filter((c) => !header.has(norm(c))) };
}

interface ReadSheet {
  spreadsheetId: string;
  title: string;
  sheetTitle: string;
  values: string[][];
  headerAt: number;
}

/** Reads the sheet's first tab with the tenant's service account and checks it against the template. */
async function readSheet(tx: Tx, deps: SheetDeps, tenantId: string, spreadsheetId: string): Promise<ReadSheet> {
  const key = await requireAccount(tx, deps, tenantId);
  const endpoints = endpointsOf(deps.config);
  const token = await accessToken(key, endpoints);
  const info = await spreadsheetInfo(token, endpoints, spreadsheetId, key.clientEmail);
  const values = await sheetValues(token, endpoints, spreadsheetId, info.sheetTitle, key.clientEmail);
  const { headerAt, missing } = templateCheck(values);
  if (missing.length) throw new AppError('analysis_google_template_mismatch', [missing.join(', ')]);
  return { spreadsheetId, title: info.title, sheetTitle: info.sheetTitle, values, headerAt };
}

export async function checkSheet(tx: Tx, deps: SheetDeps, tenantId: string, spreadsheetId: string): Promise<SheetCheck> {
  const sheet = await readSheet(tx, deps, tenantId, spreadsheetId);
  return {
    spreadsheetId,
    title: sheet.title,
    sheetTitle: sheet.sheetTitle,
    columns: sheet.values[sheet.headerAt].filter((c) => c.trim() !== ''),
    rowCount: sheet.values.slice(sheet.headerAt + 1).filter((r) => r.some((c) => c.trim() !== '')).length,
  };
}

const csvCell = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
/** The sheet's cells as CSV, for the file importer (which finds the header row and each column's type as for an upload). */
const toCsv = (values: string[][]) => Buffer.from(values.map((r) => r.map(csvCell).join(',')).join('\r\n'), 'utf8');

/** What a sheet import run is asked: the sheet, and the dataset made (a new one) or refreshed (its rows replaced). */
export interface SheetEnvelope {
  spreadsheetId: string;
  name: string;
  datasetId: string;
  refresh: boolean;
}

export const sheetEnvelope = (e: SheetEnvelope) => Buffer.from(JSON.stringify(e));

/**
 * The run's handler: reads the sheet (in the run, so a user may leave while Google answers) and imports it as a csv
 * upload; a refresh replaces the rows of the dataset (its id, columns and what refers to them stay: sheet-refresh.ts).
 * All in the run's one transaction.
 */
export function sheetImportHandler(deps: SheetDeps) {
  return async (tx: Tx, principal: Principal, body: Readable): Promise<DatasetImportReport> => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    const meta = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SheetEnvelope;
    const sheet = await readSheet(tx, deps, principal.tenantId, meta.spreadsheetId);
    let report: DatasetImportReport;
    let columnChanges: { added: string[]; removed: string[] } | undefined;
    if (meta.refresh) {
      const outcome = await refreshSheetRows(tx, principal, meta.datasetId, sheet.values, sheet.headerAt);
      report = { ...outcome.report, datasetId: meta.datasetId };
      columnChanges = { added: outcome.added, removed: outcome.removed };
    } else {
      const file = toCsv(sheet.values.slice(sheet.headerAt));
      report = await importDataset(tx, principal, Readable.from([envelope({ datasetId: meta.datasetId, name: meta.name, format: 'csv' }, file)]));
      // Each column remembers its sheet header, so a refresh finds it after the user renamed it.
      const [made] = await tx.select({ columns: analysisDatasets.columns }).from(analysisDatasets).where(eq(analysisDatasets.id, meta.datasetId));
      await tx
        .update(analysisDatasets)
        .set({ columns: made.columns.map((c) => ({ ...c, source: c.label })) })
        .where(eq(analysisDatasets.id, meta.datasetId));
    }
    await tx.update(analysisDatasets).set({ source: 'google-sheet' }).where(eq(analysisDatasets.id, meta.datasetId));
    const source = { spreadsheetId: meta.spreadsheetId, sheetTitle: sheet.sheetTitle, title: sheet.title };
    await tx
      .insert(analysisSheetSources)
      .values({ tenantId: principal.tenantId, datasetId: meta.datasetId, ...source })
      .onConflictDoUpdate({ target: [analysisSheetSources.tenantId, analysisSheetSources.datasetId], set: source });
    await writeAudit(tx, principal, {
      module: 'analysis.dataset',
      action: 'import',
      entity: 'analysis_dataset',
      entityId: meta.datasetId,
      after: { source: 'google-sheet', refresh: meta.refresh, ...source, rows: report.rows, ...columnChanges },
    });
    return { ...report, datasetId: meta.datasetId };
  };
}

/** The Google Sheet a dataset came from, or analysis_dataset_not_google_sheet. */
export async function sheetSourceOf(tx: Tx, datasetId: string) {
  const [row] = await tx.select().from(analysisSheetSources).where(eq(analysisSheetSources.datasetId, datasetId));
  return row ?? null;
}
