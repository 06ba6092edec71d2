import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  MASTER_CODE_PATTERN,
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCT_SHEET_COLUMNS,
  PRODUCT_TYPES,
  type ErrorCode,
  type ProductImportReport,
  type ProductSheetColumn,
} from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { writeXlsx } from '../../../platform/files/xlsx.ts';
import { canonicalDecimal, DECIMAL, emptyReport, keepAbsent, leavesOut, readSheet, reportError, RowError } from '../../../platform/files/sheet-import.ts';
import { nextCode } from '../document-templates/service.ts';
import { XLSX_EXPORT_LIMIT } from '../../../platform/records/query.ts';
import { codeNamesByCode, subCategoriesByCode } from './catalog.ts';
import { codeIn, productBase, productConditions, productOrder, productRuleProblem, type ProductFilter } from './service.ts';
import { products } from './schema.ts';

/** Column headings per language; the import accepts these and the bare keys (productCode ...), any case. */
const LABELS: Record<ProductSheetColumn, { id: string; en: string }> = {
  productCode: { id: 'Kode Produk', en: 'Product Code' },
  productName: { id: 'Nama Produk', en: 'Product Name' },
  productType: { id: 'Tipe', en: 'Type' },
  baseUomCode: { id: 'Kode Satuan Dasar', en: 'Base Unit Code' },
  brandCode: { id: 'Kode Merek', en: 'Brand Code' },
  categoryCode: { id: 'Kode Kategori', en: 'Category Code' },
  subCategoryCode: { id: 'Kode Sub-kategori', en: 'Sub-category Code' },
  minQuantity: { id: 'Kuantitas Minimum', en: 'Minimum Quantity' },
  maxQuantity: { id: 'Kuantitas Maksimum', en: 'Maximum Quantity' },
  buyable: { id: 'Dapat Dibeli', en: 'Buyable' },
  sellable: { id: 'Dapat Dijual', en: 'Sellable' },
  purchasePrice: { id: 'Harga Beli', en: 'Purchase Price' },
  sellPrice: { id: 'Harga Jual', en: 'Sell Price' },
  standardPrice: { id: 'Harga Standar', en: 'Standard Price' },
  weight: { id: 'Berat (kg)', en: 'Weight (kg)' },
  length: { id: 'Panjang (cm)', en: 'Length (cm)' },
  width: { id: 'Lebar (cm)', en: 'Width (cm)' },
  height: { id: 'Tinggi (cm)', en: 'Height (cm)' },
  keywords: { id: 'Kata Kunci', en: 'Keywords' },
  warrantyMonths: { id: 'Garansi (bulan)', en: 'Warranty (months)' },
  active: { id: 'Aktif', en: 'Active' },
};

type SheetRow = Record<ProductSheetColumn, string | number | null>;
type BaseRow = Awaited<ReturnType<typeof productBase>>[number];
const canonical = canonicalDecimal;

/**
 * A product as the export writes its cells (the import reads a stored product's cells from it too). Decimals go out as
 * text: every digit survives, and the import reads them back exactly.
 */
const productCells = (r: BaseRow): SheetRow => ({
  productCode: r.code,
  productName: r.name,
  productType: r.type,
  baseUomCode: r.baseUomCode,
  brandCode: r.brandCode,
  categoryCode: r.categoryCode,
  subCategoryCode: r.subCategoryCode,
  minQuantity: canonical(r.minQuantity),
  maxQuantity: canonical(r.maxQuantity),
  buyable: r.buyable ? 'Y' : 'N',
  sellable: r.sellable ? 'Y' : 'N',
  purchasePrice: canonical(r.purchasePrice),
  sellPrice: canonical(r.sellPrice),
  standardPrice: canonical(r.standardPrice),
  weight: canonical(r.weight),
  length: canonical(r.length),
  width: canonical(r.width),
  height: canonical(r.height),
  keywords: r.keywords,
  warrantyMonths: r.warrantyMonths,
  active: r.active ? 'Y' : 'N',
});

export async function exportProducts(tx: Tx, f: ProductFilter, lang: 'id' | 'en'): Promise<Buffer> {
  const rows = await productBase(tx)
    .where(await productConditions(tx, f))
    .orderBy(...productOrder(f))
    .limit(XLSX_EXPORT_LIMIT);
  const items = rows.map(productCells);
  return writeXlsx<SheetRow>(
    lang === 'id' ? 'Produk' : 'Products',
    PRODUCT_SHEET_COLUMNS.map((c) => ({
      header: LABELS[c][lang],
      width: c === 'productName' || c === 'keywords' ? 36 : 16,
      value: (r: SheetRow) => r[c],
    })),
    items,
  );
}

/* ---------------------------------------------------------------- import */

interface ProductValues {
  code: string;
  name: string;
  type: string;
  baseUomId: string;
  brandId: string | null;
  categoryId: string | null;
  subCategoryId: string | null;
  minQuantity: string | null;
  maxQuantity: string | null;
  buyable: boolean;
  sellable: boolean;
  purchasePrice: string | null;
  sellPrice: string | null;
  standardPrice: string | null;
  weight: string | null;
  length: string | null;
  width: string | null;
  height: string | null;
  keywords: string | null;
  warrantyMonths: number | null;
  active: boolean;
}
const COMPARED: (keyof ProductValues)[] = [
  'code',
  'name',
  'type',
  'baseUomId',
  'brandId',
  'categoryId',
  'subCategoryId',
  'minQuantity',
  'maxQuantity',
  'buyable',
  'sellable',
  'purchasePrice',
  'sellPrice',
  'standardPrice',
  'weight',
  'length',
  'width',
  'height',
  'keywords',
  'warrantyMonths',
  'active',
];

interface Lookups {
  uoms: Map<string, { id: string }>;
  brands: Map<string, { id: string }>;
  categories: Map<string, { id: string; code: string }>;
  subCategories: Map<string, { subCategoryId: string; subCategoryCode: string; categoryId: string }>;
}

/** Turns one sheet row into product values, or throws a RowError naming the column and the catalogued reason. */
function parseRow(get: (c: ProductSheetColumn) => string, lookups: Lookups): Omit<ProductValues, 'code'> & { code: string } {
  const text = (c: ProductSheetColumn, max: number, required = false) => {
    const v = get(c);
    if (!v) {
      if (required) throw new RowError(c, 'value_cannot_null', [c]);
      return null;
    }
    if (v.length > max) throw new RowError(c, 'invalid_input_format', [c, `at most ${max} characters`]);
    return v;
  };
  const decimal = (c: ProductSheetColumn, unsigned: boolean) => {
    const v = get(c);
    if (!v) return null;
    const m = DECIMAL.exec(v);
    if (!m || (unsigned && m[1]))
      throw new RowError(c, 'invalid_input_format', [c, unsigned ? 'a number of at least 0 with at most 4 decimals' : 'a number with at most 4 decimals']);
    return canonical(v);
  };
  const flag = (c: ProductSheetColumn) => {
    const v = get(c).toUpperCase();
    if (v === '' || v === 'Y') return true;
    if (v === 'N') return false;
    throw new RowError(c, 'invalid_input_format', [c, 'Y or N']);
  };
  const ref = <T>(c: ProductSheetColumn, map: Map<string, T>, missing: ErrorCode, required = false): T | null => {
    const v = get(c);
    if (!v) {
      if (required) throw new RowError(c, 'value_cannot_null', [c]);
      return null;
    }
    const found = map.get(v.toLowerCase());
    if (!found) throw new RowError(c, missing, [v]);
    return found;
  };

  const code = get('productCode');
  if (code.length > 30 || !MASTER_CODE_PATTERN.test(code))
    throw new RowError('productCode', 'invalid_input_format', ['productCode', 'letters, digits, dot, dash, slash or underscore, no spaces']);
  const name = text('productName', 150, true)!;
  const type = (get('productType') || 'PRODUCT').toUpperCase();
  if (!(PRODUCT_TYPES as readonly string[]).includes(type))
    throw new RowError('productType', 'invalid_input_format', ['productType', PRODUCT_TYPES.join(' or ')]);
  const baseUom = ref('baseUomCode', lookups.uoms, 'uom_not_found', true)!;
  const brand = ref('brandCode', lookups.brands, 'brand_not_found');
  const category = ref('categoryCode', lookups.categories, 'product_category_not_found');
  const sub = ref('subCategoryCode', lookups.subCategories, 'product_sub_category_not_found');
  if (sub && !category) throw new RowError('categoryCode', 'product_sub_category_needs_category');
  if (sub && category && sub.categoryId !== category.id)
    throw new RowError('subCategoryCode', 'product_sub_category_not_in_category', [sub.subCategoryCode, category.code]);
  const values = {
    code,
    name,
    type,
    baseUomId: baseUom.id,
    brandId: brand?.id ?? null,
    categoryId: category?.id ?? null,
    subCategoryId: sub?.subCategoryId ?? null,
    minQuantity: decimal('minQuantity', true),
    maxQuantity: decimal('maxQuantity', true),
    buyable: flag('buyable'),
    sellable: flag('sellable'),
    purchasePrice: decimal('purchasePrice', false),
    sellPrice: decimal('sellPrice', false),
    standardPrice: decimal('standardPrice', false),
    weight: decimal('weight', true),
    length: decimal('length', true),
    width: decimal('width', true),
    height: decimal('height', true),
    keywords: text('keywords', 500),
    warrantyMonths: null as number | null,
    active: flag('active'),
  };
  const w = get('warrantyMonths');
  if (w) {
    if (!/^\d{1,4}$/.test(w) || Number(w) > 1200)
      throw new RowError('warrantyMonths', 'invalid_input_format', ['warrantyMonths', 'whole months from 0 to 1200']);
    values.warrantyMonths = Number(w);
  }
  const problem = productRuleProblem(values);
  if (problem) throw new RowError(problem.column, problem.code, problem.args);
  return values;
}

const BATCH = 1000;

interface Pending {
  row: number;
  values: ProductValues;
}
/** A row read and not yet saved: its cells in PRODUCT_SHEET_COLUMNS order (an array: a batch holds 1,000 of them). */
interface Read {
  row: number;
  cells: string[];
}
const COLUMN_AT = new Map(PRODUCT_SHEET_COLUMNS.map((c, i) => [c, i]));

/**
 * Imports products from an xlsx stream: reads row by row (ExcelJS streaming reader), validates every row against the
 * same rules as the API, and saves good rows in batches. A row is all-or-nothing (one product row); bad rows are
 * reported with row number, column and catalogued code and saved not at all. Upsert by code (case-insensitive): a
 * row equal to the stored product changes nothing, so re-importing an export is a no-op. Conversions are kept.
 */
export async function importProducts(tx: Tx, actor: Actor, body: Readable): Promise<ProductImportReport> {
  const lookups: Lookups = {
    uoms: await codeNamesByCode(tx, 'uom'),
    brands: await codeNamesByCode(tx, 'brand'),
    categories: await codeNamesByCode(tx, 'category'),
    subCategories: await subCategoriesByCode(tx),
  };
  const report: ProductImportReport = emptyReport();
  const fail = (row: number, column: string, errorCode: ErrorCode, errorArgs: (string | number)[]) => reportError(report, row, column, errorCode, errorArgs);
  const importId = uuidv7();
  const seen = new Map<string, number>();
  // Rows are read in batches: the stored products of a batch's codes are looked up at once when the sheet leaves columns out.
  let read: Read[] = [];
  let has: (c: ProductSheetColumn) => boolean = () => true;

  const flush = async () => {
    const codes = read.map((r) => r.cells[COLUMN_AT.get('productCode')!]).filter((c) => c && c.length <= 30 && MASTER_CODE_PATTERN.test(c));
    const stored = leavesOut(LABELS, has) ? await storedCells(tx, codes) : new Map<string, SheetRow>();
    const pending: Pending[] = [];
    for (const { row, cells } of read) {
      const given = (c: ProductSheetColumn) => cells[COLUMN_AT.get(c)!];
      try {
        const parsed = parseRow(keepAbsent(given, has, stored.get(given('productCode').toLowerCase())), lookups);
        if (parsed.code) {
          const first = seen.get(parsed.code.toLowerCase());
          if (first !== undefined) throw new RowError('productCode', 'product_import_duplicate_row', [parsed.code, first]);
          seen.set(parsed.code.toLowerCase(), row);
        }
        pending.push({ row, values: parsed });
      } catch (err) {
        if (!(err instanceof RowError)) throw err;
        fail(row, err.column, err.code, err.args);
      }
    }
    read = [];
    if (pending.length) await saveBatch(tx, actor, importId, pending, report, fail);
  };

  await readSheet<ProductSheetColumn>(body, {
    columns: LABELS,
    required: ['productCode', 'productName', 'baseUomCode'],
    maxBytes: PRODUCT_IMPORT_MAX_BYTES,
    errors: { fileInvalid: 'product_import_file_invalid', columnMissing: 'product_import_column_missing' },
    onRow: async (row, get, present) => {
      report.rows++;
      has = present;
      read.push({ row, cells: PRODUCT_SHEET_COLUMNS.map(get) });
      if (read.length >= BATCH) await flush();
    },
  });
  if (read.length) await flush();
  return report;
}

/** The stored products of these codes as their export cells, by lower-cased code. */
async function storedCells(tx: Tx, codes: string[]): Promise<Map<string, SheetRow>> {
  if (!codes.length) return new Map();
  const rows = await productBase(tx).where(codeIn(codes));
  return new Map(rows.map((r) => [r.code.toLowerCase(), productCells(r)]));
}

const normalise = (r: typeof products.$inferSelect): ProductValues => ({
  code: r.code,
  name: r.name,
  type: r.type,
  baseUomId: r.baseUomId,
  brandId: r.brandId,
  categoryId: r.categoryId,
  subCategoryId: r.subCategoryId,
  minQuantity: canonical(r.minQuantity),
  maxQuantity: canonical(r.maxQuantity),
  buyable: r.buyable,
  sellable: r.sellable,
  purchasePrice: canonical(r.purchasePrice),
  sellPrice: canonical(r.sellPrice),
  standardPrice: canonical(r.standardPrice),
  weight: canonical(r.weight),
  length: canonical(r.length),
  width: canonical(r.width),
  height: canonical(r.height),
  keywords: r.keywords,
  warrantyMonths: r.warrantyMonths,
  active: r.active,
});

/**
 * Saves one batch: rows equal to the stored product are skipped, the rest go in one INSERT ... ON CONFLICT (id)
 * DO UPDATE inside a savepoint, with one audit entry (before/after per product). Should the batch fail (a code
 * taken by a concurrent writer), it is retried row by row, each in its own savepoint, and the failing rows reported.
 */
async function saveBatch(
  tx: Tx,
  actor: Actor,
  importId: string,
  batch: Pending[],
  report: ProductImportReport,
  fail: (row: number, column: string, code: ErrorCode, args: (string | number)[]) => void,
) {
  for (const p of batch) {
    if (!p.values.code)
      p.values.code = await nextCode(
        tx,
        actor.tenantId,
        'product',
        undefined,
        async (c) =>
          (
            await tx
              .select({ id: products.id })
              .from(products)
              .where(codeIn([c]))
          ).length > 0,
      );
  }
  const existing = await tx
    .select()
    .from(products)
    .where(codeIn(batch.map((p) => p.values.code)));
  const byCode = new Map(existing.map((r) => [r.code.toLowerCase(), r]));
  const writes: { row: number; id: string; isNew: boolean; before?: ProductValues; values: ProductValues }[] = [];
  for (const p of batch) {
    const stored = byCode.get(p.values.code.toLowerCase());
    if (!stored) {
      writes.push({ row: p.row, id: uuidv7(), isNew: true, values: p.values });
      continue;
    }
    const before = normalise(stored);
    if (COMPARED.every((k) => before[k] === p.values[k])) report.unchanged++;
    else writes.push({ row: p.row, id: stored.id, isNew: false, before, values: p.values });
  }
  if (!writes.length) return;

  const write = async (ws: typeof writes) => {
    await tx.execute(upsertProducts(actor.tenantId, ws));
    await writeAudit(tx, actor, {
      module: 'accounting.product',
      action: 'import',
      entity: 'product-import',
      entityId: importId,
      before: Object.fromEntries(ws.filter((w) => !w.isNew).map((w) => [w.values.code, w.before])),
      after: Object.fromEntries(ws.map((w) => [w.values.code, w.values])),
    });
  };
  const count = (ws: typeof writes) => {
    for (const w of ws) {
      if (w.isNew) report.created++;
      else report.updated++;
    }
  };

  await tx.execute(sql`SAVEPOINT product_import_batch`);
  try {
    await write(writes);
    await tx.execute(sql`RELEASE SAVEPOINT product_import_batch`);
    count(writes);
    return;
  } catch {
    await tx.execute(sql`ROLLBACK TO SAVEPOINT product_import_batch`);
  }
  for (const w of writes) {
    await tx.execute(sql`SAVEPOINT product_import_row`);
    try {
      await write([w]);
      await tx.execute(sql`RELEASE SAVEPOINT product_import_row`);
      count([w]);
    } catch (err) {
      await tx.execute(sql`ROLLBACK TO SAVEPOINT product_import_row`);
      const unique = (err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';
      fail(w.row, 'productCode', unique ? 'product_code_already_exists' : 'processing_error', unique ? [w.values.code] : []);
    }
  }
}

const toColumn = (k: keyof ProductValues) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Each compared column's SQL type, for its array parameter. */
const ARRAY_TYPES: Record<keyof ProductValues, string> = {
  code: 'text',
  name: 'text',
  type: 'text',
  baseUomId: 'uuid',
  brandId: 'uuid',
  categoryId: 'uuid',
  subCategoryId: 'uuid',
  minQuantity: 'numeric',
  maxQuantity: 'numeric',
  buyable: 'boolean',
  sellable: 'boolean',
  purchasePrice: 'numeric',
  sellPrice: 'numeric',
  standardPrice: 'numeric',
  weight: 'numeric',
  length: 'numeric',
  width: 'numeric',
  height: 'numeric',
  keywords: 'text',
  warrantyMonths: 'integer',
  active: 'boolean',
};

/**
 * One INSERT ... ON CONFLICT (id) DO UPDATE of a batch, with one array parameter per column (unnest): 23 parameters
 * whatever the batch size. Drizzle's multi-row values() built a parameter object and SQL chunks per cell (22,000 for a
 * batch of 1,000); kept alive while the statement was built, they were promoted to the old heap and raised the
 * 50,000-row import's peak memory by about 80 MiB.
 */
function upsertProducts(tenantId: string, ws: { id: string; values: ProductValues }[]): SQL {
  const columns = sql.raw(COMPARED.map(toColumn).join(', '));
  const arrays = sql.join(
    COMPARED.map((k) => sql`${sql.param(ws.map((w) => w.values[k]))}::${sql.raw(ARRAY_TYPES[k])}[]`),
    sql`, `,
  );
  const set = sql.raw([...COMPARED.map((k) => `${toColumn(k)} = excluded.${toColumn(k)}`), 'updated_at = now()'].join(', '));
  return sql`INSERT INTO products (tenant_id, id, ${columns})
    SELECT ${tenantId}::uuid, * FROM unnest(${sql.param(ws.map((w) => w.id))}::uuid[], ${arrays})
    ON CONFLICT (tenant_id, id) DO UPDATE SET ${set}`;
}
