import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { hasAnyTask, type ApiRowsInput, type DatasetApiKey, type NewDatasetApiKey, type SheetImportReport } from '@nusa/contracts';
import type { Principal } from '../../../../platform/access/principal.ts';
import { writeAudit } from '../../../../platform/audit/write.ts';
import type { Tx } from '../../../../platform/db/tenant.ts';
import { AppError } from '../../../../platform/errors/app-error.ts';
import { importProgress } from '../../../../platform/files/import-progress.ts';
import { tenantLimits } from '../../../../platform/limits/limits.ts';
import { loadUserAccess } from '../../../configuration/users/service.ts';
import { convertCell, numberStyleOf, type RawCell } from '../infer.ts';
import { assertRowsFit } from '../quota.ts';
import { analysisDatasets, type StoredColumn } from '../schema.ts';
import { loadDataset } from '../service.ts';
import { analysisApiKeys } from './schema.ts';

/** The import runs' key of rows posted through the API. */
export const API_ROWS_KEY = '/v1/analysis/datasets/api-rows';
/** Bad cells named in the refusal (the count says how many in all). */
const NAMED_BAD_CELLS = 10;
/** A text column's values kept for questions to name (as an import keeps them). */
const KEPT_VALUES = 300;
const TYPE_WORDS = { number: 'number/angka', money: 'money/uang', percent: 'percent/persen', date: 'date/tanggal', text: 'text/teks' } as const;
const SQL_TYPE = { num: 'numeric', text: 'text', date: 'date' } as const;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** `nds_<key id without dashes>_<secret>`: the id finds the key, the SHA-256 of the whole key proves it. */
const KEY_PATTERN = /^nds_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;
const keyIdOf = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

const toApiKey = (k: typeof analysisApiKeys.$inferSelect): DatasetApiKey => ({
  keyId: k.id,
  prefix: k.prefix,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

export async function listApiKeys(tx: Tx, datasetId: string): Promise<DatasetApiKey[]> {
  const keys = await tx.select().from(analysisApiKeys).where(eq(analysisApiKeys.datasetId, datasetId)).orderBy(desc(analysisApiKeys.createdAt));
  return keys.map(toApiKey);
}

export async function createApiKey(tx: Tx, principal: Principal, datasetId: string): Promise<NewDatasetApiKey> {
  await loadDataset(tx, datasetId);
  const id = uuidv7();
  const key = `nds_${id.replace(/-/g, '')}_${randomBytes(32).toString('base64url')}`;
  const [row] = await tx
    .insert(analysisApiKeys)
    .values({ tenantId: principal.tenantId, id, datasetId, prefix: `${key.slice(0, 12)}…`, keyHash: sha256(key), principal, createdBy: principal.userId })
    .returning();
  await writeAudit(tx, principal, {
    module: 'analysis.datasetApiKey',
    action: 'create',
    entity: 'analysis_api_key',
    entityId: id,
    after: { datasetId, prefix: row.prefix },
  });
  return { ...toApiKey(row), key };
}

export async function revokeApiKey(tx: Tx, principal: Principal, datasetId: string, keyId: string): Promise<DatasetApiKey> {
  const [row] = await tx
    .update(analysisApiKeys)
    .set({ revokedAt: sql`coalesce(${analysisApiKeys.revokedAt}, now())` })
    .where(and(eq(analysisApiKeys.id, keyId), eq(analysisApiKeys.datasetId, datasetId)))
    .returning();
  if (!row) throw new AppError('analysis_api_key_not_found', [keyId]);
  await writeAudit(tx, principal, {
    module: 'analysis.datasetApiKey',
    action: 'deactivate',
    entity: 'analysis_api_key',
    entityId: keyId,
    after: { datasetId },
  });
  return toApiKey(row);
}

export async function rotateApiKey(tx: Tx, principal: Principal, datasetId: string, keyId: string): Promise<NewDatasetApiKey> {
  await revokeApiKey(tx, principal, datasetId, keyId);
  return createApiKey(tx, principal, datasetId);
}

/** The dataset's key the header holds, not revoked; else analysis_api_key_invalid (401), the same for every reason. */
export async function authenticateKey(tx: Tx, datasetId: string, header: string | undefined) {
  const m = KEY_PATTERN.exec(header?.trim() ?? '');
  if (!m) throw new AppError('analysis_api_key_invalid');
  const [row] = await tx
    .select()
    .from(analysisApiKeys)
    .where(and(eq(analysisApiKeys.id, keyIdOf(m[1])), eq(analysisApiKeys.datasetId, datasetId), isNull(analysisApiKeys.revokedAt)));
  const sent = Buffer.from(sha256(m[0]), 'hex');
  if (!row || !timingSafeEqual(sent, Buffer.from(row.keyHash, 'hex'))) throw new AppError('analysis_api_key_invalid');
  return row;
}

/**
 * The principal rows posted with the key are imported as: its creator as they are now (the key does not outlive their
 * rights). A creator deactivated (or whose role is) is refused with analysis_api_key_owner_inactive, one who no longer
 * holds a task to edit the dataset with analysis_api_key_owner_forbidden.
 */
export async function keyOwnerNow(tx: Tx, key: typeof analysisApiKeys.$inferSelect, editTasks: readonly string[]): Promise<Principal> {
  const access = await loadUserAccess(tx, key.createdBy);
  if (!access || !access.active || !access.roleActive) throw new AppError('analysis_api_key_owner_inactive');
  if (!access.isSuperAdmin && !hasAnyTask(access.tasks, editTasks)) throw new AppError('analysis_api_key_owner_forbidden');
  return { ...key.principal, roleId: access.roleId, username: access.username, isSuperAdmin: access.isSuperAdmin, tasks: access.tasks };
}

export const markKeyUsed = (tx: Tx, keyId: string) =>
  tx
    .update(analysisApiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(analysisApiKeys.id, keyId));

/**
 * The posted rows read against the dataset's columns (named by label, case aside, or by key): each cell converted to
 * its column's type. Any unknown column or cell that does not fit refuses the whole post (analysis_api_rows_invalid,
 * naming rows by their index in `rows` and the column), so nothing is half-written.
 */
export function convertRows(columns: StoredColumn[], rows: ApiRowsInput['rows']): (string | null)[][] {
  const byName = new Map<string, number>();
  columns.forEach((c, i) => {
    byName.set(c.key.toLowerCase(), i);
    byName.set(c.label.trim().toLowerCase(), i);
  });
  const raw: RawCell[][] = [];
  const bad: string[] = [];
  let badCount = 0;
  const note = (text: string) => {
    badCount++;
    if (bad.length < NAMED_BAD_CELLS) bad.push(text);
  };
  rows.forEach((row, r) => {
    const cells: RawCell[] = columns.map(() => null);
    for (const [name, value] of Object.entries(row)) {
      const i = byName.get(name.trim().toLowerCase());
      if (i === undefined) note(`rows[${r}].${name.slice(0, 40)}: ?`);
      else cells[i] = typeof value === 'boolean' ? String(value) : value;
    }
    raw.push(cells);
  });
  const styles = columns.map((_, i) => numberStyleOf(raw.map((r) => r[i])));
  const converted = raw.map((cells, r) =>
    columns.map((c, i) => {
      const out = convertCell(cells[i], c.type, styles[i]);
      if ('bad' in out) {
        note(`rows[${r}].${c.label}: "${String(cells[i]).slice(0, 40)}" (${TYPE_WORDS[c.type]})`);
        return null;
      }
      return out.value;
    }),
  );
  if (badCount) throw new AppError('analysis_api_rows_invalid', [badCount, bad.join('; ')]);
  return converted;
}

/** What an API run is asked: the rows as posted, read against the columns again when the run writes them. */
export interface ApiRowsEnvelope {
  datasetId: string;
  rows: ApiRowsInput['rows'];
}

const kindOf = (c: StoredColumn) => c.slot.replace(/_\d+$/, '') as keyof typeof SQL_TYPE;

/**
 * The run's handler: appends the rows after the dataset's last, in the run's one transaction, with the dataset
 * locked (posts to one dataset take their row numbers one after another); the row count, refresh time and the text
 * columns' known values follow.
 */
export async function appendApiRows(tx: Tx, principal: Principal, body: Readable): Promise<SheetImportReport & { datasetId: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  const meta = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ApiRowsEnvelope;
  await tx.execute(sql`SELECT 1 FROM analysis_datasets WHERE id = ${meta.datasetId} FOR UPDATE`);
  const d = await loadDataset(tx, meta.datasetId);
  const rows = convertRows(d.columns, meta.rows);
  await assertRowsFit(tx, await tenantLimits(tx), d.id, d.rowCount + rows.length);
  const last = await tx.execute<{ n: number }>(sql`SELECT coalesce(max(row_no), 0)::int AS n FROM analysis_rows WHERE dataset_id = ${d.id}`);
  const first = last.rows[0].n + 1;
  const names = d.columns.map((c) => sql.raw(c.slot));
  const arrays = d.columns.map((c, i) => sql`${sql.param(rows.map((r) => r[i]))}::${sql.raw(SQL_TYPE[kindOf(c)])}[]`);
  await tx.execute(sql`
    INSERT INTO analysis_rows (tenant_id, dataset_id, row_no${names.length ? sql`, ${sql.join(names, sql`, `)}` : sql``})
    SELECT ${principal.tenantId}::uuid, ${d.id}::uuid, r.*
      FROM unnest(${sql.param(rows.map((_, i) => first + i))}::int[]${arrays.length ? sql`, ${sql.join(arrays, sql`, `)}` : sql``}) AS r`);
  const columns = d.columns.map((c, i) => {
    if (c.type !== 'text') return c;
    const known = new Set(c.values ?? []);
    const added = rows.map((r) => r[i]).filter((v): v is string => v !== null && !known.has(v) && (known.add(v), true));
    return { ...c, values: [...(c.values ?? []), ...added].slice(0, KEPT_VALUES) };
  });
  await tx
    .update(analysisDatasets)
    .set({ columns, rowCount: sql`${analysisDatasets.rowCount} + ${rows.length}`, refreshedAt: sql`now()` })
    .where(eq(analysisDatasets.id, d.id));
  importProgress.getStore()?.({ rowsRead: rows.length });
  await writeAudit(tx, principal, {
    module: 'analysis.dataset',
    action: 'import',
    entity: 'analysis_dataset',
    entityId: d.id,
    after: { source: 'api', rows: rows.length, firstRowNo: first },
  });
  return { datasetId: d.id, rows: rows.length, created: rows.length, updated: 0, unchanged: 0, errors: [] };
}

export const bodyHashOf = (body: ApiRowsInput) => sha256(JSON.stringify(body));
