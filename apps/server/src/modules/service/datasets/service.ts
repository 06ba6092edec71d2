import { and, asc, count, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DatasetItem, ServiceDataset, ServiceDatasetInput } from '@nusa/contracts';
import { hashedEmbedding } from '../../../platform/ai/local/index.ts';
import { buildRetrievalQuery } from '../../../platform/ai/local/retrieval.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { tenantLimits } from '../../../platform/limits/limits.ts';
import { lockCaselessKey } from '../../../platform/numbering/lock.ts';
import { writeXlsx } from '../../../platform/files/xlsx.ts';
import { containsPattern, XLSX_EXPORT_LIMIT } from '../../../platform/records/query.ts';
import type { RetrievedFact } from '../../../platform/ai/engine.ts';
import { clientCodesByIds, clientRowByCode, type ClientRow } from '../clients/service.ts';
import { displayText, factFields, itemText, typedValues } from './items.ts';
import { assertMayCreateServiceDataset, itemLimitReached, itemRoom } from './quota.ts';
import { serviceDatasetItems, serviceDatasets, type DatasetAttribute, type ItemValues } from './schema.ts';

type DatasetRow = typeof serviceDatasets.$inferSelect;
type ItemRow = typeof serviceDatasetItems.$inferSelect;

const audit = (
  tx: Tx,
  actor: Actor,
  entity: 'service-dataset' | 'service-dataset-item',
  action: 'create' | 'update' | 'delete' | 'import',
  id: string,
  before?: unknown,
  after?: unknown,
) => writeAudit(tx, actor, { module: entity === 'service-dataset' ? 'service.dataset' : 'service.dataset-item', action, entity, entityId: id, before, after });

async function present(tx: Tx, rows: DatasetRow[]): Promise<ServiceDataset[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await tx
    .select({ datasetId: serviceDatasetItems.datasetId, n: count() })
    .from(serviceDatasetItems)
    .where(sql`${serviceDatasetItems.datasetId} = ANY(${sql.param(ids)}::uuid[])`)
    .groupBy(serviceDatasetItems.datasetId);
  const code = await clientCodesByIds(
    tx,
    rows.map((r) => r.clientId),
  );
  const n = new Map(counts.map((c) => [c.datasetId, c.n]));
  return rows.map((r) => ({
    datasetId: r.id,
    clientId: r.clientId,
    clientCode: code.get(r.clientId) ?? '',
    name: r.name,
    attributes: r.attributes,
    itemCount: n.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function datasetRow(tx: Tx, id: string): Promise<DatasetRow> {
  const [row] = await tx.select().from(serviceDatasets).where(eq(serviceDatasets.id, id));
  if (!row) throw new AppError('service_dataset_not_found', [id]);
  return row;
}

export const getDataset = async (tx: Tx, id: string) => (await present(tx, [await datasetRow(tx, id)]))[0];

export async function listDatasets(tx: Tx, clientCode: string, f: { keyword?: string; page: number; limit: number }) {
  const client = await clientRowByCode(tx, clientCode);
  const where = and(eq(serviceDatasets.clientId, client.id), f.keyword ? sql`${serviceDatasets.name} ILIKE ${containsPattern(f.keyword)}` : undefined);
  const rows = await tx
    .select()
    .from(serviceDatasets)
    .where(where)
    .orderBy(asc(sql`lower(${serviceDatasets.name})`), asc(serviceDatasets.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const [total] = await tx.select({ n: count() }).from(serviceDatasets).where(where);
  return { items: await present(tx, rows), total: total.n };
}

function checkAttributes(attributes: DatasetAttribute[]) {
  const seen = new Set<string>();
  for (const a of attributes) {
    const key = a.name.toLowerCase();
    if (seen.has(key)) throw new AppError('service_dataset_attribute_duplicate', [a.name]);
    seen.add(key);
  }
}

async function assertNameFree(tx: Tx, clientId: string, name: string, exceptId?: string) {
  await lockCaselessKey(tx, `service-dataset:${clientId}`, name);
  const found = await tx
    .select({ id: serviceDatasets.id })
    .from(serviceDatasets)
    .where(and(eq(serviceDatasets.clientId, clientId), sql`lower(${serviceDatasets.name}) = lower(${name})`));
  if (found.some((r) => r.id !== exceptId)) throw new AppError('service_dataset_name_already_exists', [name]);
}

export async function createDatasetFor(tx: Tx, actor: Actor, client: ClientRow, input: ServiceDatasetInput): Promise<ServiceDataset> {
  checkAttributes(input.attributes);
  await assertMayCreateServiceDataset(tx, await tenantLimits(tx));
  await assertNameFree(tx, client.id, input.name);
  const id = uuidv7();
  await tx.insert(serviceDatasets).values({ tenantId: actor.tenantId, id, clientId: client.id, name: input.name, attributes: input.attributes });
  const after = await getDataset(tx, id);
  await audit(tx, actor, 'service-dataset', 'create', id, undefined, after);
  return after;
}

export const createDataset = async (tx: Tx, actor: Actor, clientCode: string, input: ServiceDatasetInput) =>
  createDatasetFor(tx, actor, await clientRowByCode(tx, clientCode), input);

/**
 * New name or attributes. Each item keeps the values of the attributes still there (a renamed attribute's values go
 * with the old name); a NUMBER attribute must hold a number in every item, else the whole change is refused.
 */
export async function updateDataset(tx: Tx, actor: Actor, id: string, input: ServiceDatasetInput): Promise<ServiceDataset> {
  const before = await getDataset(tx, id);
  checkAttributes(input.attributes);
  await assertNameFree(tx, before.clientId, input.name, id);
  await tx.update(serviceDatasets).set({ name: input.name, attributes: input.attributes, updatedAt: new Date() }).where(eq(serviceDatasets.id, id));
  const items = await tx.select().from(serviceDatasetItems).where(eq(serviceDatasetItems.datasetId, id));
  for (const item of items) {
    const kept = Object.fromEntries(Object.entries(item.values).filter(([name]) => input.attributes.some((a) => a.name.toLowerCase() === name.toLowerCase())));
    const { values, problems } = typedValues(input.attributes, kept);
    const bad = problems.find((p) => p.code === 'service_item_value_not_number');
    if (bad && bad.code === 'service_item_value_not_number') throw new AppError(bad.code, [bad.attribute, bad.value]);
    await writeItemValues(tx, item.id, input.attributes, values);
  }
  const after = await getDataset(tx, id);
  await audit(tx, actor, 'service-dataset', 'update', id, before, after);
  return after;
}

export async function deleteDataset(tx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await getDataset(tx, id);
  await tx.delete(serviceDatasets).where(eq(serviceDatasets.id, id));
  await audit(tx, actor, 'service-dataset', 'delete', id, before);
}

const toItem = (r: ItemRow): DatasetItem => ({
  itemId: r.id,
  datasetId: r.datasetId,
  values: r.values,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const ITEM_FIELDS = {
  id: serviceDatasetItems.id,
  datasetId: serviceDatasetItems.datasetId,
  clientId: serviceDatasetItems.clientId,
  values: serviceDatasetItems.values,
  text: serviceDatasetItems.text,
  createdAt: serviceDatasetItems.createdAt,
  updatedAt: serviceDatasetItems.updatedAt,
};

/** Items of a dataset a page at a time: in their order, or with a keyword ranked as the bot's retrieval ranks them. */
export async function listItems(
  tx: Tx,
  datasetId: string,
  f: { keyword?: string; page: number; limit: number },
): Promise<{ items: DatasetItem[]; total: number }> {
  await datasetRow(tx, datasetId);
  if (!f.keyword) {
    const rows = await tx
      .select(ITEM_FIELDS)
      .from(serviceDatasetItems)
      .where(eq(serviceDatasetItems.datasetId, datasetId))
      .orderBy(asc(serviceDatasetItems.createdAt), asc(serviceDatasetItems.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit);
    const [total] = await tx.select({ n: count() }).from(serviceDatasetItems).where(eq(serviceDatasetItems.datasetId, datasetId));
    return { items: rows.map((r) => toItem(r as ItemRow)), total: total.n };
  }
  // The ranked query (retrieval.ts) narrowed to the dataset, joined by a plain "contains" match (any part of a word) and a
  // word-trigram match (a misspelt name in a long item text, which the whole-text similarity misses).
  const ranked = buildRetrievalQuery(
    { table: 'service_dataset_items', idColumn: 'id', textColumn: 'text', searchColumn: 'search', where: sql`r.dataset_id = ${datasetId}::uuid` },
    f.keyword,
    { limit: 1000, candidates: 1000 },
  );
  const contains = containsPattern(f.keyword);
  const found = await tx.execute<{ id: string }>(sql`
    SELECT id FROM (
      SELECT id::uuid AS id, score FROM (${ranked}) ranked
      UNION ALL
      SELECT id, 0 FROM service_dataset_items WHERE dataset_id = ${datasetId}::uuid AND text ILIKE ${contains}
      UNION ALL
      SELECT id, word_similarity(${f.keyword}, text) * 0.4 FROM service_dataset_items WHERE dataset_id = ${datasetId}::uuid AND ${f.keyword} <% text
    ) hits GROUP BY id ORDER BY max(score) DESC, id LIMIT 1000`);
  const ids = found.rows.map((r) => r.id);
  const page = ids.slice((f.page - 1) * f.limit, f.page * f.limit);
  const rows = page.length
    ? await tx
        .select(ITEM_FIELDS)
        .from(serviceDatasetItems)
        .where(sql`${serviceDatasetItems.id} = ANY(${sql.param(page)}::uuid[])`)
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { items: page.map((id) => toItem(byId.get(id) as ItemRow)), total: ids.length };
}

async function itemRow(tx: Tx, datasetId: string, itemId: string): Promise<ItemRow> {
  const [row] = await tx
    .select()
    .from(serviceDatasetItems)
    .where(and(eq(serviceDatasetItems.id, itemId), eq(serviceDatasetItems.datasetId, datasetId)));
  if (!row) throw new AppError('service_item_not_found', [itemId]);
  return row;
}

/** The values checked against the dataset's attributes; the first problem is the catalogued error. */
export function checkedValues(attributes: DatasetAttribute[], input: Record<string, string | number | null>): ItemValues {
  const { values, problems } = typedValues(attributes, input);
  const p = problems[0];
  if (p) throw new AppError(p.code, p.code === 'service_item_value_not_number' ? [p.attribute, p.value] : [p.attribute]);
  if (Object.keys(values).length === 0) throw new AppError('service_item_empty');
  return values;
}

async function writeItemValues(tx: Tx, itemId: string, attributes: DatasetAttribute[], values: ItemValues) {
  const text = itemText(attributes, values);
  await tx
    .update(serviceDatasetItems)
    .set({ values, text, embedding: Array.from(hashedEmbedding(text)), updatedAt: new Date() })
    .where(eq(serviceDatasetItems.id, itemId));
}

/** Inserts items (already checked) of one dataset in one statement; answers their ids. */
export async function insertItems(
  tx: Tx,
  tenantId: string,
  dataset: Pick<DatasetRow, 'id' | 'clientId' | 'attributes'>,
  items: ItemValues[],
): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = items.map((values) => {
    const text = itemText(dataset.attributes, values);
    return { tenantId, id: uuidv7(), datasetId: dataset.id, clientId: dataset.clientId, values, text, embedding: Array.from(hashedEmbedding(text)) };
  });
  await tx.insert(serviceDatasetItems).values(rows);
  return rows.map((r) => r.id);
}

export async function createItem(tx: Tx, actor: Actor, datasetId: string, input: Record<string, string | number | null>): Promise<DatasetItem> {
  const dataset = await datasetRow(tx, datasetId);
  const limits = await tenantLimits(tx);
  if ((await itemRoom(tx, limits, dataset.id)) < 1) throw itemLimitReached(limits);
  const [id] = await insertItems(tx, actor.tenantId, dataset, [checkedValues(dataset.attributes, input)]);
  const after = toItem(await itemRow(tx, datasetId, id));
  await audit(tx, actor, 'service-dataset-item', 'create', id, undefined, after);
  return after;
}

export async function updateItem(tx: Tx, actor: Actor, datasetId: string, itemId: string, input: Record<string, string | number | null>): Promise<DatasetItem> {
  const dataset = await datasetRow(tx, datasetId);
  const before = toItem(await itemRow(tx, datasetId, itemId));
  await writeItemValues(tx, itemId, dataset.attributes, checkedValues(dataset.attributes, input));
  const after = toItem(await itemRow(tx, datasetId, itemId));
  await audit(tx, actor, 'service-dataset-item', 'update', itemId, before, after);
  return after;
}

export async function updateItemValues(tx: Tx, dataset: Pick<DatasetRow, 'attributes'>, itemId: string, values: ItemValues) {
  await writeItemValues(tx, itemId, dataset.attributes, values);
}

export async function deleteItem(tx: Tx, actor: Actor, datasetId: string, itemId: string): Promise<void> {
  const before = toItem(await itemRow(tx, datasetId, itemId));
  await tx.delete(serviceDatasetItems).where(eq(serviceDatasetItems.id, itemId));
  await audit(tx, actor, 'service-dataset-item', 'delete', itemId, before);
}

/** The export's heading of the item id column: the import updates the item of a row that has one. */
export const ITEM_ID_HEADING = 'ID';

export async function exportItems(tx: Tx, datasetId: string, keyword: string | undefined): Promise<{ name: string; file: Buffer }> {
  const dataset = await datasetRow(tx, datasetId);
  const { items } = await listItems(tx, datasetId, { keyword, page: 1, limit: XLSX_EXPORT_LIMIT });
  const columns = [
    ...dataset.attributes.map((a) => ({
      header: a.name,
      width: 24,
      value: (i: DatasetItem) => {
        const v = i.values[a.name];
        return v == null ? null : a.type === 'NUMBER' ? Number(v) : v;
      },
    })),
    { header: ITEM_ID_HEADING, width: 38, value: (i: DatasetItem) => i.itemId },
  ];
  return { name: dataset.name, file: await writeXlsx(dataset.name, columns, items) };
}

/** Ids of a dataset's items (the import checks the ID column against them). */
export async function itemIdsOf(tx: Tx, datasetId: string): Promise<Set<string>> {
  const rows = await tx.select({ id: serviceDatasetItems.id }).from(serviceDatasetItems).where(eq(serviceDatasetItems.datasetId, datasetId));
  return new Set(rows.map((r) => r.id));
}

/**
 * Dataset items of the client that match the question (retrieval.ts's ranking), as facts: the text read out to the
 * customer and every attribute as a field (search-only ones too, so the chat matches them).
 */
export async function retrieveFacts(tx: Tx, clientId: string, question: string, limit = 5): Promise<RetrievedFact[]> {
  const ranked = await tx.execute<{ id: string; text: string; score: number }>(
    buildRetrievalQuery(
      { table: 'service_dataset_items', idColumn: 'id', textColumn: 'text', searchColumn: 'search', where: sql`r.client_id = ${clientId}::uuid` },
      question,
      { limit },
    ),
  );
  if (ranked.rows.length === 0) return [];
  const rows = await tx
    .select({ id: serviceDatasetItems.id, values: serviceDatasetItems.values, attributes: serviceDatasets.attributes })
    .from(serviceDatasetItems)
    .innerJoin(serviceDatasets, eq(serviceDatasets.id, serviceDatasetItems.datasetId))
    .where(sql`${serviceDatasetItems.id} = ANY(${sql.param(ranked.rows.map((r) => r.id))}::uuid[])`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ranked.rows
    .filter((r) => byId.has(r.id))
    .map((r) => {
      const item = byId.get(r.id)!;
      return { id: r.id, text: displayText(item.attributes, item.values), fields: factFields(item.attributes, item.values), score: Number(r.score) };
    });
}

export { audit as auditDataset };
