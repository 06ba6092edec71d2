import type { Readable } from 'node:stream';
import { WAREHOUSE_TYPES, warehouseInput } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { sameFields, validated } from '../../../platform/files/sheet-import.ts';
import { importSheet } from '../../../platform/records/import.ts';
import { createWarehouse, findWarehouseByCode, setWarehouseActive, TYPE_NAMES, updateWarehouse, WAREHOUSE_SHEET } from './service.ts';

/** Warehouses from xlsx: upsert by code through the warehouse service (blank code: the numbering service's next). */
export function importWarehouses(tx: Tx, actor: Actor, file: Readable) {
  return importSheet(tx, file, WAREHOUSE_SHEET, {
    required: ['warehouseCode', 'warehouseName', 'flgWarehouse'],
    keyColumn: 'warehouseCode',
    find: (code) => findWarehouseByCode(tx, code),
    parse: (row) => ({
      input: validated(warehouseInput, {
        warehouseCode: row.text('warehouseCode'),
        warehouseName: row.text('warehouseName'),
        flgWarehouse: row.choice('flgWarehouse', WAREHOUSE_TYPES, TYPE_NAMES),
        address: row.text('address'),
      }),
      active: row.flag('active'),
    }),
    codeOf: (input) => input.warehouseCode,
    same: (w, input) => sameFields(w, input),
    create: (input) => createWarehouse(tx, actor, input),
    update: (w, input) => updateWarehouse(tx, actor, w.warehouseId, input),
    setActive: (w, a) => setWarehouseActive(tx, actor, w.warehouseId, a),
  });
}
