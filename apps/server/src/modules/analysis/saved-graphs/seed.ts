import { v7 as uuidv7 } from 'uuid';
import type { QueryPlan } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { findUserByUsername } from '../../configuration/users/service.ts';
import { analysisSavedGraphs } from './schema.ts';

type Graph = [name: string, plan: Omit<QueryPlan, 'datasetId'>];
const none = { filters: [], timeRange: null, limit: null, comparison: null, share: false };
const sales: QueryPlan['measures'][number] = { column: 'c9', aggregation: 'sum', label: '' };
const byMeasure: QueryPlan['sort'] = { by: 'measure', index: 0, direction: 'desc' };

/** The demo's saved graphs over its sales dataset (columns: c1 Tanggal, c2 Cabang, c3 Produk, c4 Kategori, c7 Qty, c9 Penjualan). */
const GRAPHS: Graph[] = [
  ['Total Penjualan per Cabang', { ...none, measures: [sales], dimensions: [{ column: 'c2' }], sort: byMeasure }],
  [
    'Tren Penjualan Bulanan',
    { ...none, measures: [sales], dimensions: [{ column: 'c1', timeGrain: 'month' }], sort: { by: 'dimension', index: 0, direction: 'asc' } },
  ],
  ['Porsi Penjualan per Kategori', { ...none, measures: [sales], dimensions: [{ column: 'c4' }], sort: byMeasure, share: true }],
  [
    '5 Produk Terlaris (Qty)',
    { ...none, measures: [{ column: 'c7', aggregation: 'sum', label: '' }], dimensions: [{ column: 'c3' }], sort: byMeasure, limit: 5 },
  ],
];

/** Saves a few graphs over the demo sales dataset (seeded just before), first to last, as the demo's admin. */
export async function seedDemoSavedGraphs(tx: Tx, tenantId: string, datasetId: string): Promise<void> {
  const admin = await findUserByUsername(tx, 'admin');
  if (!admin) return;
  await tx.insert(analysisSavedGraphs).values(
    GRAPHS.map(([name, plan], i) => ({
      tenantId,
      id: uuidv7(),
      datasetId,
      name,
      plan: { datasetId, ...plan },
      language: 'id' as const,
      position: i + 1,
      createdBy: admin.id,
    })),
  );
}
