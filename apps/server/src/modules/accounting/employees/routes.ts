import type { FastifyInstance } from 'fastify';
import { employeeEndpoints as e } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { registerSheetImports } from '../../../platform/files/sheet-route.ts';
import { sendXlsx } from '../../../platform/records/xlsx-reply.ts';
import { importEmployees } from './import.ts';
import * as svc from './service.ts';

export function employeeRoutes(app: FastifyInstance) {
  registerEndpoint(app, e.listEmployees, ({ tx, query }) => svc.listEmployees(tx, query));
  registerEndpoint(app, e.getEmployee, ({ tx, params }) => svc.getEmployee(tx, params.employeeId));
  registerEndpoint(app, e.createEmployee, ({ tx, principal, body }) => svc.createEmployee(tx, principal, body));
  registerEndpoint(app, e.updateEmployee, ({ tx, principal, params, body }) => svc.updateEmployee(tx, principal, params.employeeId, body));
  registerEndpoint(app, e.setEmployeeActive, ({ tx, principal, params, body }) => svc.setEmployeeActive(tx, principal, params.employeeId, body.active));
  registerEndpoint(app, e.deleteEmployee, async ({ tx, principal, params }) => {
    await svc.deleteEmployee(tx, principal, params.employeeId);
    return { ok: true as const };
  });
  registerEndpoint(app, e.exportEmployees, async ({ tx, query, reply }) => sendXlsx(reply, 'employees', await svc.exportEmployees(tx, query, query.lang)));
  registerSheetImports(app, [[e.importEmployees, importEmployees]]);
}
