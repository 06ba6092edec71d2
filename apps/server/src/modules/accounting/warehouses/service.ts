import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { SortValue, Warehouse, WarehouseInput, WarehouseType, WAREHOUSE_SORT } from '@nusa/contracts';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { writeXlsx, type XlsxColumn } from '../../../platform/files/xlsx.ts';
import { allowedValues, policyNamesValue } from '../../configuration/policies/service.ts';
import { assertCodeFree, codeOrNameLike, codeOrNext, isDropdown, XLSX_EXPORT_LIMIT, yn } from './master-helpers.ts';
import { warehouses } from './schema.ts';

const MODULE = 'erp.warehouse';

type Row = typeof warehouses.$inferSelect;
const toWarehouse = (r: Row): Warehouse => ({
  warehouseId: r.id, warehouseCode: r.code, warehouseName: r.name, flgWarehouse: r.type as WarehouseType, address: r.address, active: yn(r.active),
});

export interface WarehouseFilter { keyword?: string; active?: 'Y' | 'N'; type?: WarehouseType; sort?: SortValue<(typeof WAREHOUSE_SORT)[number]> }

const SORT_COLUMNS = { code: caseless(warehouses.code), name: caseless(warehouses.name), type: warehouses.type, address: caseless(warehouses.address), active: warehouses.active };
const order = (f: WarehouseFilter) => listOrder(f.sort, SORT_COLUMNS, [asc(sql`lower(${warehouses.code})`)], warehouses.id);

async function conditions(tx: Tx, f: WarehouseFilter, pick?: { userId: string }): Promise<SQL | undefined> {
  const where: SQL[] = [];
  if (f.keyword) where.push(codeOrNameLike(warehouses.code, warehouses.name, f.keyword));
  if (f.active) where.push(eq(warehouses.active, f.active === 'Y'));
  if (f.type) where.push(eq(warehouses.type, f.type));
  if (pick) {
    where.push(eq(warehouses.active, true));
    const allowed = await allowedValues(tx, pick.userId, 'warehouses');
    if (allowed) where.push(inArray(sql`lower(${warehouses.code})`, allowed.map((v) => v.toLowerCase())));
  }
  return where.length ? and(...where) : undefined;
}

/** The list; at the dropdown size (30) only active warehouses the user's OU policy allows. */
export async function listWarehouses(tx: Tx, userId: string, f: WarehouseFilter & { page: number; limit: number }) {
  const condition = await conditions(tx, f, isDropdown(f.limit) ? { userId } : undefined);
  const rows = await tx.select().from(warehouses).where(condition).orderBy(...order(f)).limit(f.limit).offset((f.page - 1) * f.limit);
  const total = await tx.select({ n: sql<number>`count(*)::int` }).from(warehouses).where(condition);
  return { items: rows.map(toWarehouse), total: total[0].n };
}

export async function getWarehouse(tx: Tx, id: string): Promise<Warehouse> {
  const rows = await tx.select().from(warehouses).where(eq(warehouses.id, id));
  if (!rows[0]) throw new AppError('warehouse_not_found', [id]);
  return toWarehouse(rows[0]);
}

/** For other modules (stock, orders): the warehouse of a code, or undefined. */
export async function findWarehouseByCode(tx: Tx, code: string): Promise<Warehouse | undefined> {
  const rows = await tx.select().from(warehouses).where(sql`lower(${warehouses.code}) = lower(${code})`);
  return rows[0] ? toWarehouse(rows[0]) : undefined;
}

const codeTaken = (tx: Tx) => async (code: string) => (await tx.select({ id: warehouses.id }).from(warehouses).where(sql`lower(${warehouses.code}) = lower(${code})`)).length > 0;

export async function createWarehouse(tx: Tx, actor: Actor, input: WarehouseInput): Promise<Warehouse> {
  const code = await codeOrNext(tx, actor.tenantId, 'warehouse', input.warehouseCode, codeTaken(tx));
  await assertCodeFree(tx, 'warehouses', 'code', 'id', code, undefined, 'warehouse_code_already_exists');
  const id = uuidv7();
  await tx.insert(warehouses).values({ tenantId: actor.tenantId, id, code, name: input.warehouseName, type: input.flgWarehouse, address: input.address });
  const after = await getWarehouse(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'warehouse', entityId: id, after });
  return after;
}

export async function updateWarehouse(tx: Tx, actor: Actor, id: string, input: WarehouseInput): Promise<Warehouse> {
  const before = await getWarehouse(tx, id);
  const code = input.warehouseCode || before.warehouseCode;
  await assertCodeFree(tx, 'warehouses', 'code', 'id', code, id, 'warehouse_code_already_exists');
  await tx.update(warehouses).set({ code, name: input.warehouseName, type: input.flgWarehouse, address: input.address }).where(eq(warehouses.id, id));
  const after = await getWarehouse(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'warehouse', entityId: id, before, after });
  return after;
}

export async function setWarehouseActive(tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<Warehouse> {
  const before = await getWarehouse(tx, id);
  await tx.update(warehouses).set({ active: active === 'Y' }).where(eq(warehouses.id, id));
  const after = await getWarehouse(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: active === 'Y' ? 'activate' : 'deactivate', entity: 'warehouse', entityId: id, before, after });
  return after;
}

/** Refused with used_by_another_table while an OU policy names the warehouse. */
export async function deleteWarehouse(tx: Tx, actor: Actor, id: string) {
  const before = await getWarehouse(tx, id);
  if (await policyNamesValue(tx, 'warehouses', before.warehouseCode)) throw new AppError('used_by_another_table', ['policy-ou']);
  await tx.delete(warehouses).where(eq(warehouses.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'warehouse', entityId: id, before });
}

/** Type names as the export writes them (the import reads them back). */
export const TYPE_NAMES = {
  id: { LOCATION: 'Lokasi', PRODUCTION: 'Produksi', WAREHOUSE: 'Gudang' },
  en: { LOCATION: 'Location', PRODUCTION: 'Production', WAREHOUSE: 'Warehouse' },
} as const;

/** The export's columns; the import reads a stored warehouse's cells from them too. */
export function warehouseSheetColumns(lang: 'id' | 'en'): XlsxColumn<Warehouse>[] {
  const h = lang === 'id' ? ['Kode', 'Nama', 'Tipe', 'Alamat', 'Aktif'] : ['Code', 'Name', 'Type', 'Address', 'Active'];
  return [
    { header: h[0], width: 16, value: (r) => r.warehouseCode },
    { header: h[1], width: 32, value: (r) => r.warehouseName },
    { header: h[2], width: 14, value: (r) => TYPE_NAMES[lang][r.flgWarehouse] },
    { header: h[3], width: 40, value: (r) => r.address },
    { header: h[4], width: 8, value: (r) => r.active },
  ];
}

export async function exportWarehouses(tx: Tx, f: WarehouseFilter, lang: 'id' | 'en'): Promise<Buffer> {
  const rows = (await tx.select().from(warehouses).where(await conditions(tx, f)).orderBy(...order(f)).limit(XLSX_EXPORT_LIMIT)).map(toWarehouse);
  return writeXlsx<Warehouse>(lang === 'id' ? 'Gudang' : 'Warehouses', warehouseSheetColumns(lang), rows);
}

export async function seedWarehouses(tx: Tx, tenantId: string) {
  const rows = [
    ['GDG-JKT', 'Gudang Utama Jakarta', 'WAREHOUSE', 'Jl. Raya Cakung Cilincing Km. 3, Jakarta Timur'],
    ['GDG-SBY', 'Gudang Surabaya', 'WAREHOUSE', 'Jl. Rungkut Industri III No. 12, Surabaya'],
    ['PRD-BKS', 'Pabrik Bekasi', 'PRODUCTION', 'Kawasan Industri Jababeka, Cikarang, Bekasi'],
    ['LOK-KMG', 'Toko Kemang', 'LOCATION', 'Jl. Kemang Raya No. 8, Jakarta Selatan'],
  ] as const;
  await tx.insert(warehouses).values(rows.map(([code, name, type, address]) => ({ tenantId, id: uuidv7(), code, name, type, address })));
}
