import type { Readable } from 'node:stream';
import { WAREHOUSE_TYPES, warehouseInput } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { exportedCells, importRecords, sameFields, upsertRecord, validated, type SheetColumns } from '../../../platform/files/sheet-import.ts';
import { createWarehouse, findWarehouseByCode, setWarehouseActive, TYPE_NAMES, updateWarehouse, warehouseSheetColumns } from './service.ts';

/** The headings of the warehouse export, which the import reads back. */
export const WAREHOUSE_COLUMNS = {
  warehouseCode: { id: 'Kode', en: 'Code' },
  warehouseName: { id: 'Nama', en: 'Name' },
  flgWarehouse: { id: 'Tipe', en: 'Type' },
  address: { id: 'Alamat', en: 'Address' },
  active: { id: 'Aktif', en: 'Active' },
} satisfies SheetColumns<string>;

/** Warehouses from xlsx: upsert by code through the warehouse service (blank code: the numbering service's next). */
export function importWarehouses(tx: Tx, actor: Actor, file: Readable) {
  return importRecords(tx, file, {
    columns: WAREHOUSE_COLUMNS,
    required: ['warehouseCode', 'warehouseName', 'flgWarehouse'],
    keyColumn: 'warehouseCode',
    stored: async (row) => {
      const code = row.text('warehouseCode');
      const stored = code ? await findWarehouseByCode(tx, code) : undefined;
      return stored && exportedCells(WAREHOUSE_COLUMNS, warehouseSheetColumns('id'), stored);
    },
    parse: (row) => ({
      input: validated(warehouseInput, {
        warehouseCode: row.text('warehouseCode'), warehouseName: row.text('warehouseName'),
        flgWarehouse: row.choice('flgWarehouse', WAREHOUSE_TYPES, TYPE_NAMES), address: row.text('address'),
      }),
      active: row.flag('active'),
    }),
    keyOf: (v) => v.input.warehouseCode.toLowerCase(),
    save: async ({ input, active }, guard) => upsertRecord({
      guard,
      stored: input.warehouseCode ? await findWarehouseByCode(tx, input.warehouseCode) : undefined,
      active,
      same: (w) => sameFields(w, input),
      create: () => createWarehouse(tx, actor, input),
      update: (w) => updateWarehouse(tx, actor, w.warehouseId, input),
      setActive: (w, a) => setWarehouseActive(tx, actor, w.warehouseId, a),
    }),
  });
}
