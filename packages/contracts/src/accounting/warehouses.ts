import { z } from 'zod';
import { defineEndpoint, listOf, listQuery, sortBy, XLSX_CONTENT_TYPE } from '../endpoint.ts';
import type { Task } from '../tasks.ts';
import { importEndpoint } from './sheet-import.ts';

/** Spec 3: activation flag Y or N. */
export const yesNo = z.enum(['Y', 'N']);

/** A master-data code: no spaces (spec 5). Blank asks the numbering service for the next code (spec 5). */
export const MASTER_CODE_PATTERN = /^[A-Za-z0-9._/-]*$/;
export const masterCode = z.string().trim().max(30).regex(MASTER_CODE_PATTERN, 'letters, digits, dot, dash, slash or underscore, no spaces');
export const masterName = z.string().trim().min(1).max(150);

/** Money, prices, quantities: decimal strings with at most 4 decimals (numeric(20,4)), never JS floats. */
export const decimalString = z
  .string()
  .trim()
  .regex(/^-?\d{1,16}(\.\d{1,4})?$/, 'a decimal number with at most 4 decimals');

type ErpScope = 'Customer' | 'Supplier' | 'Employee' | 'Warehouse' | 'Product';

/** Spec 6: read-only, create/edit and write-all variants of a scope, plus the ERP-wide "All" variants. Delete needs write-all. */
export function erpAccess<S extends ErpScope>(scope: S) {
  return {
    read: [
      `readOnlyErp${scope}`,
      `createEditErp${scope}`,
      `writeAllErp${scope}`,
      'readOnlyErpAll',
      'createEditErpAll',
      'writeAllErpAll',
    ] as const satisfies readonly Task[],
    edit: [`createEditErp${scope}`, `writeAllErp${scope}`, 'createEditErpAll', 'writeAllErpAll'] as const satisfies readonly Task[],
    remove: [`writeAllErp${scope}`, 'writeAllErpAll'] as const satisfies readonly Task[],
  };
}

/**
 * The endpoints every master record has: list (also the lazy dropdown at limit 30), get, create, edit, activate, delete,
 * xlsx export and import. The list and the export take `sort`, one of the `sort` fields (see sortBy).
 */
export function masterEndpoints<
  I extends z.ZodType,
  B extends z.ZodType,
  Q extends z.ZodRawShape,
  const Id extends string,
  const R extends readonly Task[],
  const E extends readonly Task[],
  const D extends readonly Task[],
  const S extends readonly [string, ...string[]],
>(o: { path: string; label: string; idName: Id; item: I; input: B; filters: Q; sort: S; access: { read: R; edit: E; remove: D } }) {
  const params = z.object({ [o.idName]: z.uuid() } as Record<Id, z.ZodUUID>);
  const path = `${o.path}/{${o.idName}}`;
  const sort = sortBy(o.sort);
  const query = listQuery.extend({ active: yesNo.optional(), ...o.filters, sort });
  return {
    list: defineEndpoint({
      method: 'GET',
      path: o.path,
      access: o.access.read,
      query,
      response: listOf(o.item),
      summary: `${o.label}: list with paging and keyword; limit=30 is the lazy dropdown (active records the user's OU policy allows)`,
    }),
    get: defineEndpoint({ method: 'GET', path, access: o.access.read, summary: `One ${o.label}`, params, response: o.item }),
    create: defineEndpoint({
      method: 'POST',
      path: o.path,
      access: o.access.edit,
      summary: `Create a ${o.label} (blank code: generated)`,
      body: o.input,
      response: o.item,
    }),
    update: defineEndpoint({ method: 'PUT', path, access: o.access.edit, summary: `Edit a ${o.label}`, params, body: o.input, response: o.item }),
    setActive: defineEndpoint({
      method: 'PUT',
      path: `${path}/active`,
      access: o.access.edit,
      summary: `Activate (Y) or deactivate (N) a ${o.label}`,
      params,
      body: z.object({ active: yesNo }),
      response: o.item,
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path,
      access: o.access.remove,
      summary: `Delete a ${o.label} no other record uses`,
      params,
      response: z.object({ ok: z.literal(true) }),
    }),
    export: defineEndpoint({
      method: 'GET',
      path: `${o.path}/export`,
      access: o.access.read,
      summary: `${o.label} list as an xlsx file (at most 100,000 rows)`,
      query: z.object({ keyword: listQuery.shape.keyword, active: yesNo.optional(), ...o.filters, sort, lang: z.enum(['id', 'en']).default('id') }),
      response: z.custom<Uint8Array>(),
      file: { contentType: XLSX_CONTENT_TYPE },
    }),
    import: importEndpoint(o.path, o.label, o.access.edit),
  };
}

/** Spec 3: warehouse types. */
export const WAREHOUSE_TYPES = ['LOCATION', 'PRODUCTION', 'WAREHOUSE'] as const;
export type WarehouseType = (typeof WAREHOUSE_TYPES)[number];

/** Combo fields warehouseCode, warehouseName, flgWarehouse (spec 3); flgWarehouse carries the warehouse type. */
export const warehouse = z.object({
  warehouseId: z.string(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  flgWarehouse: z.enum(WAREHOUSE_TYPES),
  address: z.string().nullable(),
  active: yesNo,
});
export type Warehouse = z.infer<typeof warehouse>;

/** The warehouse list's sort fields (its table's columns). */
export const WAREHOUSE_SORT = ['code', 'name', 'type', 'address', 'active'] as const;

export const warehouseInput = z.object({
  warehouseCode: masterCode.default(''),
  warehouseName: masterName,
  flgWarehouse: z.enum(WAREHOUSE_TYPES),
  address: z.string().trim().max(500).nullable().default(null),
});
export type WarehouseInput = z.output<typeof warehouseInput>;

const wh = masterEndpoints({
  path: '/v1/erp/warehouses',
  label: 'warehouse',
  idName: 'warehouseId',
  item: warehouse,
  input: warehouseInput,
  filters: { type: z.enum(WAREHOUSE_TYPES).optional() },
  sort: WAREHOUSE_SORT,
  access: erpAccess('Warehouse'),
});

export const warehouseEndpoints = {
  listWarehouses: wh.list,
  getWarehouse: wh.get,
  createWarehouse: wh.create,
  updateWarehouse: wh.update,
  setWarehouseActive: wh.setActive,
  deleteWarehouse: wh.remove,
  exportWarehouses: wh.export,
  importWarehouses: wh.import,
};
