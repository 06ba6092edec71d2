import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../../platform/db/tenant.ts';
import { findUserByUsername } from '../../configuration/users/service.ts';
import { analysisDatasets, type StoredColumn } from './schema.ts';

const BRANCHES = ['Jakarta', 'Surabaya', 'Bandung', 'Medan', 'Makassar', 'Denpasar'];
/** Product, category and unit price (rupiah). */
const PRODUCTS: [string, string, number][] = [
  ['Kopi Susu Gula Aren', 'Minuman', 22000],
  ['Teh Melati', 'Minuman', 12000],
  ['Es Jeruk', 'Minuman', 15000],
  ['Kopi Hitam', 'Minuman', 18000],
  ['Nasi Goreng Spesial', 'Makanan', 35000],
  ['Mie Ayam', 'Makanan', 25000],
  ['Soto Ayam', 'Makanan', 28000],
  ['Bakso Urat', 'Makanan', 30000],
  ['Roti Bakar Cokelat', 'Camilan', 20000],
  ['Pisang Goreng', 'Camilan', 15000],
  ['Martabak Manis', 'Camilan', 45000],
  ['Kue Lapis', 'Camilan', 10000],
];
const SEGMENTS = ['Retail', 'Grosir', 'Online'];
const CUSTOMERS = [
  'Budi Santoso',
  'Siti Aminah',
  'Andi Wijaya',
  'Dewi Lestari',
  'Rudi Hartono',
  'Toko Makmur',
  'CV Sentosa',
  'Warung Bu Tini',
  'PT Maju Jaya',
  'Rina Kurnia',
  'Agus Salim',
  'Kafe Senja',
  'Hotel Melati',
  'Yayasan Harapan',
  'Fajar Nugroho',
  'Lina Marlina',
];
const ROWS = 6000;

/**
 * The demo tenant's sales dataset: two years up to the day it is seeded, six branches, twelve products in three
 * categories, three segments and sixteen customers; quantities and amounts vary by branch, product and season so
 * that questions have answers worth charting. Written by one INSERT … SELECT generate_series (the seed runs for every
 * test database, so it stays small and fast). Answers the dataset's id.
 */
export async function seedDemoSalesDataset(tx: Tx, tenantId: string): Promise<string | undefined> {
  const admin = await findUserByUsername(tx, 'admin');
  if (!admin) return undefined;
  const columns: StoredColumn[] = [
    { key: 'c1', label: 'Tanggal', type: 'date', slot: 'date_1' },
    { key: 'c2', label: 'Cabang', type: 'text', slot: 'text_1', values: BRANCHES },
    { key: 'c3', label: 'Produk', type: 'text', slot: 'text_2', values: PRODUCTS.map((p) => p[0]) },
    { key: 'c4', label: 'Kategori', type: 'text', slot: 'text_3', values: ['Minuman', 'Makanan', 'Camilan'] },
    { key: 'c5', label: 'Segmen', type: 'text', slot: 'text_4', values: SEGMENTS },
    { key: 'c6', label: 'Pelanggan', type: 'text', slot: 'text_5', values: CUSTOMERS },
    { key: 'c7', label: 'Qty', type: 'number', slot: 'num_1' },
    { key: 'c8', label: 'Harga', type: 'money', slot: 'num_2' },
    { key: 'c9', label: 'Penjualan', type: 'money', slot: 'num_3' },
  ];
  const id = uuidv7();
  await tx.insert(analysisDatasets).values({ tenantId, id, name: 'Penjualan Toko (demo)', columns, rowCount: ROWS, createdBy: admin.id });
  const products = sql.raw(`ARRAY[${PRODUCTS.map((p) => `'${p[0]}'`).join(', ')}]`);
  const categories = sql.raw(`ARRAY[${PRODUCTS.map((p) => `'${p[1]}'`).join(', ')}]`);
  const prices = sql.raw(`ARRAY[${PRODUCTS.map((p) => p[2]).join(', ')}]::numeric[]`);
  const branches = sql.raw(`ARRAY[${BRANCHES.map((b) => `'${b}'`).join(', ')}]`);
  const segments = sql.raw(`ARRAY[${SEGMENTS.map((s) => `'${s}'`).join(', ')}]`);
  const customers = sql.raw(`ARRAY[${CUSTOMERS.map((c) => `'${c}'`).join(', ')}]`);
  // Jakarta and Surabaya sell most; weekends and December sell more; quantities 1..12 weighted by segment.
  await tx.execute(sql`
    WITH g AS (
      SELECT i, (i::bigint * 2654435761 % 4294967296) AS h FROM generate_series(1, ${ROWS}) i
    ), r AS (
      SELECT i, h, current_date - (h % 730)::int AS day,
             (ARRAY[1, 1, 1, 2, 2, 3, 4, 5, 6])[(h / 7 % 9) + 1] AS b,
             (h / 97 % 12) + 1 AS p, (h / 13 % 3) + 1 AS s, (h / 31 % 16) + 1 AS c
        FROM g
    )
    INSERT INTO analysis_rows (tenant_id, dataset_id, row_no, date_1, text_1, text_2, text_3, text_4, text_5, num_1, num_2, num_3)
    SELECT ${tenantId}::uuid, ${id}::uuid, i, day, (${branches})[b], (${products})[p], (${categories})[p], (${segments})[s], (${customers})[c],
           q, (${prices})[p], q * (${prices})[p]
      FROM (SELECT r.*, (1 + h / 1013 % 4) * (CASE s WHEN 2 THEN 3 ELSE 1 END)
                        + (CASE WHEN extract(isodow FROM day) >= 6 THEN 1 ELSE 0 END)
                        + (CASE WHEN extract(month FROM day) = 12 THEN 2 ELSE 0 END) AS q FROM r) x`);
  return id;
}
