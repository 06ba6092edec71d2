export * from './tasks.ts';
export * from './errors.ts';
export * from './endpoint.ts';
export * from './routes.ts';
export * from './auth/session.ts';
export * from './auth/endpoints.ts';
export * from './platform/endpoints.ts';
export * from './audit/endpoints.ts';
export * from './config/password-policy.ts';
export * from './config/users.ts';
export * from './config/roles.ts';
export * from './config/task-tree.ts';
export * from './config/app-config.ts';
export * from './config/profile.ts';
export * from './config/user-audit.ts';
export * from './config/org-units.ts';
export * from './config/policies.ts';
export * from './erp/numbering.ts';
export * from './erp/coa.ts';
export * from './erp/currencies.ts';
export * from './erp/cash-banks.ts';

import { authEndpoints } from './auth/endpoints.ts';
import { platformEndpoints } from './platform/endpoints.ts';
import { auditEndpoints } from './audit/endpoints.ts';
import { userEndpoints } from './config/users.ts';
import { pageAccessEndpoints, roleEndpoints } from './config/roles.ts';
import { appConfigEndpoints } from './config/app-config.ts';
import { profileEndpoints } from './config/profile.ts';
import { userAuditEndpoints } from './config/user-audit.ts';
import { orgUnitEndpoints } from './config/org-units.ts';
import { policyEndpoints } from './config/policies.ts';
import { documentTemplateEndpoints } from './erp/numbering.ts';
import { coaEndpoints } from './erp/coa.ts';
import { currencyEndpoints } from './erp/currencies.ts';
import { cashBankEndpoints } from './erp/cash-banks.ts';

/** Every endpoint of the API; the server registers each one and the web calls through them. */
export const endpoints = { ...authEndpoints, ...platformEndpoints, ...userEndpoints, ...roleEndpoints, ...pageAccessEndpoints, ...appConfigEndpoints, ...profileEndpoints, ...userAuditEndpoints, ...orgUnitEndpoints, ...policyEndpoints, ...auditEndpoints, ...documentTemplateEndpoints, ...coaEndpoints, ...currencyEndpoints, ...cashBankEndpoints };

export const APP_VERSION = '1.0.0';
export const DEFAULT_TENANT = 'demo';
export const PRODUCT_NAME = 'Nusa';
