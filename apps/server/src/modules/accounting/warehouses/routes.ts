import type { FastifyInstance } from 'fastify';
import { warehouseEndpoints as e } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { registerSheetImports } from '../../../platform/files/sheet-route.ts';
import { sendXlsx } from '../../../platform/records/xlsx-reply.ts';
import { importWarehouses } from './import.ts';
import * as svc from './service.ts';

export function warehouseRoutes(app: FastifyInstance) {
  registerEndpoint(app, e.listWarehouses, ({ tx, principal, query }) => svc.listWarehouses(tx, principal.userId, query));
  registerEndpoint(app, e.getWarehouse, ({ tx, params }) => svc.getWarehouse(tx, params.warehouseId));
  registerEndpoint(app, e.createWarehouse, ({ tx, principal, body }) => svc.createWarehouse(tx, principal, body));
  registerEndpoint(app, e.updateWarehouse, ({ tx, principal, params, body }) => svc.updateWarehouse(tx, principal, params.warehouseId, body));
  registerEndpoint(app, e.setWarehouseActive, ({ tx, principal, params, body }) => svc.setWarehouseActive(tx, principal, params.warehouseId, body.active));
  registerEndpoint(app, e.deleteWarehouse, async ({ tx, principal, params }) => {
    await svc.deleteWarehouse(tx, principal, params.warehouseId);
    return { ok: true as const };
  });
  registerEndpoint(app, e.exportWarehouses, async ({ tx, query, reply }) => sendXlsx(reply, 'warehouses', await svc.exportWarehouses(tx, query, query.lang)));
  registerSheetImports(app, [[e.importWarehouses, importWarehouses]]);
}
