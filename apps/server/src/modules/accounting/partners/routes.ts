import type { FastifyInstance } from 'fastify';
import { partnerEndpoints as e, type PartnerType } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { registerSheetImports } from '../../../platform/files/sheet-route.ts';
import { sendXlsx } from '../../../platform/records/xlsx-reply.ts';
import { importPartners } from './import.ts';
import * as svc from './service.ts';

/** Customers and suppliers: the same service under two paths, each guarded by its own tasks. */
export function partnerRoutes(app: FastifyInstance) {
  const sides = [
    ['CUSTOMER', 'customers', e.listCustomers, e.getCustomer, e.createCustomer, e.updateCustomer, e.setCustomerActive, e.deleteCustomer, e.exportCustomers],
    ['SUPPLIER', 'suppliers', e.listSuppliers, e.getSupplier, e.createSupplier, e.updateSupplier, e.setSupplierActive, e.deleteSupplier, e.exportSuppliers],
  ] as const;
  for (const [type, file, list, get, create, update, setActive, remove, exportFile] of sides) {
    const t: PartnerType = type;
    registerEndpoint(app, list, ({ tx, principal, query }) => svc.listPartners(tx, t, principal.userId, query));
    registerEndpoint(app, get, ({ tx, params }) => svc.getPartner(tx, t, params.partnerId));
    registerEndpoint(app, create, ({ tx, principal, body }) => svc.createPartner(tx, principal, t, body));
    registerEndpoint(app, update, ({ tx, principal, params, body }) => svc.updatePartner(tx, principal, t, params.partnerId, body));
    registerEndpoint(app, setActive, ({ tx, principal, params, body }) => svc.setPartnerActive(tx, principal, t, params.partnerId, body.active));
    registerEndpoint(app, remove, async ({ tx, principal, params }) => {
      await svc.deletePartner(tx, principal, t, params.partnerId);
      return { ok: true as const };
    });
    registerEndpoint(app, exportFile, async ({ tx, query, reply }) => sendXlsx(reply, file, await svc.exportPartners(tx, t, query, query.lang)));
  }
  registerSheetImports(app, [
    [e.importCustomers, (tx, principal, file) => importPartners(tx, principal, 'CUSTOMER', file)],
    [e.importSuppliers, (tx, principal, file) => importPartners(tx, principal, 'SUPPLIER', file)],
  ]);
}
