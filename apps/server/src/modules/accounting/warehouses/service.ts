import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { SortValue, Warehouse, WarehouseInput, WarehouseType, WAREHOUSE_SORT } from '@nusa/contracts';
import { caseless } from '../../../platform/db/list-order.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { recordKit } from '../../../platform/records/kit.ts';
import { isDropdown, yn } from '../../../platform/records/query.ts';
import { defineSheet, type ValueNames } from '../../../platform/records/sheet.ts';
import { allowedValues, policyNamesValue } from '../../configuration/policies/service.ts';
import { nextCode } from '../document-templates/service.ts';
import { warehouses } from './schema.ts';

export interface WarehouseFilter {
  keyword?: string;
  active?: 'Y' | 'N';
  type?: WarehouseType;
  sort?: SortValue<(typeof WAREHOUSE_SORT)[number]>;
}

/** Type names as the export writes them (the import reads them back). */
export const TYPE_NAMES = {
  id: { LOCATION: 'Lokasi', PRODUCTION: 'Produksi', WAREHOUSE: 'Gudang' },
  en: { LOCATION: 'Location', PRODUCTION: 'Production', WAREHOUSE: 'Warehouse' },
} as const satisfies ValueNames<WarehouseType>;

/** The warehouse sheet: the export writes it, the import reads it back. */
export const WAREHOUSE_SHEET = defineSheet<Warehouse>()({
  name: { id: 'Gudang', en: 'Warehouses' },
  fields: {
    warehouseCode: { id: 'Kode', en: 'Code', width: 16, value: (r) => r.warehouseCode },
    warehouseName: { id: 'Nama', en: 'Name', width: 32, value: (r) => r.warehouseName },
    flgWarehouse: { id: 'Tipe', en: 'Type', width: 14, value: (r, lang) => TYPE_NAMES[lang][r.flgWarehouse] },
    address: { id: 'Alamat', en: 'Address', width: 40, value: (r) => r.address },
    active: { id: 'Aktif', en: 'Active', width: 8, value: (r) => r.active },
  },
});

const kit = recordKit({
  table: warehouses,
  module: 'accounting.warehouse',
  entity: 'warehouse',
  errors: { notFound: 'warehouse_not_found', codeTaken: 'warehouse_code_already_exists' },
  filters: (f: WarehouseFilter) => [f.type ? eq(warehouses.type, f.type) : undefined],
  sort: {
    columns: {
      code: caseless(warehouses.code),
      name: caseless(warehouses.name),
      type: warehouses.type,
      address: caseless(warehouses.address),
      active: warehouses.active,
    },
    fallback: [asc(sql`lower(${warehouses.code})`)],
  },
  toRecords: (_tx, rows) =>
    rows.map((r): Warehouse => ({
      warehouseId: r.id,
      warehouseCode: r.code,
      warehouseName: r.name,
      flgWarehouse: r.type as WarehouseType,
      address: r.address,
      active: yn(r.active),
    })),
  idOf: (r) => r.warehouseId,
  codeOf: (r) => r.warehouseCode,
  nextCode: (tx, tenantId, taken) => nextCode(tx, tenantId, 'warehouse', undefined, taken),
  // Refused while an OU policy names the warehouse.
  usedBy: async (tx, r) => ((await policyNamesValue(tx, 'warehouses', r.warehouseCode)) ? 'policy-ou' : undefined),
  sheet: WAREHOUSE_SHEET,
});

/** What a user may pick: active warehouses the user's OU policy allows. */
async function pickable(tx: Tx, userId: string): Promise<SQL[]> {
  const allowed = await allowedValues(tx, userId, 'warehouses');
  return [
    eq(warehouses.active, true),
    ...(allowed
      ? [
          inArray(
            sql`lower(${warehouses.code})`,
            allowed.map((v) => v.toLowerCase()),
          ),
        ]
      : []),
  ];
}

/** The list; at the dropdown size (30) only active warehouses the user's OU policy allows. */
export async function listWarehouses(tx: Tx, userId: string, f: WarehouseFilter & { page: number; limit: number }) {
  return kit.list(tx, f, isDropdown(f.limit) ? await pickable(tx, userId) : []);
}

export const getWarehouse = (tx: Tx, id: string): Promise<Warehouse> => kit.get(tx, id);

/** For other modules (stock, orders): the warehouse of a code, or undefined. */
export const findWarehouseByCode = (tx: Tx, code: string): Promise<Warehouse | undefined> => kit.findByCode(tx, code);

const fields = (input: WarehouseInput) => ({ name: input.warehouseName, type: input.flgWarehouse, address: input.address });

export const createWarehouse = (tx: Tx, actor: Actor, input: WarehouseInput): Promise<Warehouse> => kit.create(tx, actor, input.warehouseCode, fields(input));

export const updateWarehouse = (tx: Tx, actor: Actor, id: string, input: WarehouseInput): Promise<Warehouse> =>
  kit.update(tx, actor, id, input.warehouseCode, fields(input));

export const setWarehouseActive = (tx: Tx, actor: Actor, id: string, active: 'Y' | 'N'): Promise<Warehouse> => kit.setActive(tx, actor, id, active);

/** Refused with used_by_another_table while an OU policy names the warehouse. */
export const deleteWarehouse = (tx: Tx, actor: Actor, id: string): Promise<void> => kit.remove(tx, actor, id);

export const exportWarehouses = (tx: Tx, f: WarehouseFilter, lang: 'id' | 'en'): Promise<Buffer> => kit.exportXlsx(tx, f, lang);

export async function seedWarehouses(tx: Tx, tenantId: string) {
  const rows = [
    ['GDG-JKT', 'Gudang Utama Jakarta', 'WAREHOUSE', 'Jl. Raya Cakung Cilincing Km. 3, Jakarta Timur'],
    ['GDG-SBY', 'Gudang Surabaya', 'WAREHOUSE', 'Jl. Rungkut Industri III No. 12, Surabaya'],
    ['PRD-BKS', 'Pabrik Bekasi', 'PRODUCTION', 'Kawasan Industri Jababeka, Cikarang, Bekasi'],
    ['LOK-KMG', 'Toko Kemang', 'LOCATION', 'Jl. Kemang Raya No. 8, Jakarta Selatan'],
  ] as const;
  await tx.insert(warehouses).values(rows.map(([code, name, type, address]) => ({ tenantId, id: uuidv7(), code, name, type, address })));
}
