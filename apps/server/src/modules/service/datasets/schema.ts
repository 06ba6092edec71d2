import { sql } from 'drizzle-orm';
import { customType, foreignKey, index, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';
import { retrievalSearchExpression } from '../../../platform/ai/local/retrieval.ts';
import { serviceClients } from '../clients/index.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export type AttributeType = 'ANY' | 'TEXT' | 'NUMBER';
export interface DatasetAttribute {
  name: string;
  type: AttributeType;
}
/** An item's values by attribute name: a NUMBER attribute holds a decimal string (money-safe), others text. */
export type ItemValues = Record<string, string | null>;

/** What the bot answers from (products, prices, opening hours, FAQ ...): a client's datasets of typed items. */
export const serviceDatasets = pgTable(
  'service_datasets',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    clientId: uuid('client_id').notNull(),
    name: text('name').notNull(),
    attributes: jsonb('attributes').$type<DatasetAttribute[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.clientId], foreignColumns: [serviceClients.tenantId, serviceClients.id] }).onDelete('cascade'),
    uniqueIndex('service_datasets_name_key').on(t.tenantId, t.clientId, sql`lower(${t.name})`),
    tenantPolicy('service_datasets'),
  ],
);

/**
 * Dataset items. `text` is the item as one searchable line ("Nama: Kain Batik Parang; Harga: 350000"), written with
 * the values; `search` and the two GIN indexes are platform/ai/local/retrieval.ts's recipe. `embedding` is the
 * engine's vector of `text` (hashed 512 dimensions on the local engine), null until computed.
 */
export const serviceDatasetItems = pgTable(
  'service_dataset_items',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    datasetId: uuid('dataset_id').notNull(),
    /** The dataset's client, so that retrieval narrows to a client with one index. */
    clientId: uuid('client_id').notNull(),
    values: jsonb('values').$type<ItemValues>().notNull(),
    text: text('text').notNull(),
    search: tsvector('search').generatedAlwaysAs(retrievalSearchExpression(sql`text`)),
    embedding: real('embedding').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.datasetId], foreignColumns: [serviceDatasets.tenantId, serviceDatasets.id] }).onDelete('cascade'),
    index('service_dataset_items_dataset_idx').on(t.tenantId, t.datasetId, t.createdAt),
    index('service_dataset_items_client_idx').on(t.tenantId, t.clientId),
    index('service_dataset_items_search').using('gin', t.search),
    index('service_dataset_items_text_trgm').using('gin', t.text.op('gin_trgm_ops')),
    tenantPolicy('service_dataset_items'),
  ],
);
