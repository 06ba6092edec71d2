import { authEndpoints } from './auth/endpoints.ts';
import { platformEndpoints } from './platform/endpoints.ts';
import { auditEndpoints } from './audit/endpoints.ts';
import { userEndpoints } from './configuration/users.ts';
import { pageAccessEndpoints, roleEndpoints } from './configuration/roles.ts';
import { appConfigEndpoints } from './configuration/app-config.ts';
import { profileEndpoints } from './configuration/profile.ts';
import { userAuditEndpoints } from './configuration/user-audit.ts';
import { orgUnitEndpoints } from './configuration/org-units.ts';
import { policyEndpoints } from './configuration/policies.ts';
import { warehouseEndpoints } from './accounting/warehouses.ts';
import { partnerEndpoints } from './accounting/partners.ts';
import { employeeEndpoints } from './accounting/employees.ts';
import { productEndpoints } from './accounting/products.ts';
import { demoRequestEndpoints } from './public/demo-requests.ts';
import { registrationEndpoints } from './public/registration.ts';
import { passwordResetEndpoints } from './public/password-reset.ts';
import { leadEndpoints } from './administration/leads.ts';
import { documentTemplateEndpoints } from './accounting/numbering.ts';
import { coaEndpoints } from './accounting/coa.ts';
import { currencyEndpoints } from './accounting/currencies.ts';
import { cashBankEndpoints } from './accounting/cash-banks.ts';
import { importRunEndpoints } from './accounting/sheet-import.ts';
import { auditLogEndpoints } from './accounting/audit-log.ts';
import { usageDashboardEndpoints } from './dashboard/usage.ts';
import { analysisEndpoints } from './analysis/datasets.ts';

/** Every endpoint of the API; the server registers each one and the web calls through them. */
export const endpoints = { ...authEndpoints, ...platformEndpoints, ...userEndpoints, ...roleEndpoints, ...pageAccessEndpoints, ...appConfigEndpoints, ...profileEndpoints, ...userAuditEndpoints, ...orgUnitEndpoints, ...policyEndpoints, ...auditEndpoints, ...partnerEndpoints, ...employeeEndpoints, ...warehouseEndpoints, ...productEndpoints, ...documentTemplateEndpoints, ...coaEndpoints, ...currencyEndpoints, ...cashBankEndpoints, ...importRunEndpoints, ...auditLogEndpoints, ...demoRequestEndpoints, ...registrationEndpoints, ...passwordResetEndpoints, ...leadEndpoints, ...usageDashboardEndpoints, ...analysisEndpoints };
