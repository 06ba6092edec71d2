import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, routerPath, type Access } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { call, urlOf, type CallInput } from '../../../test/call.ts';
import type { RouteEntry } from './route-table.ts';

let t: TestApp;
let table: RouteEntry[];
beforeAll(async () => {
  t = await createTestApp('routes');
  table = t.app.routeTable();
});
afterAll(() => t.close());

const describeAccess = (access: Access | undefined) => {
  if (access === undefined) return 'UNDECLARED';
  if (typeof access === 'string') return access;
  return access.length === 0 ? 'any logged-in user' : access.join(' | ');
};

describe('route table (architecture §4: every route declares who may call it)', () => {
  it('finds the routes of the platform, the docs and every contract endpoint', () => {
    // Guards the walk itself: a table that recorded nothing would make the checks below pass vacuously.
    const urls = new Set(table.map((r) => r.url));
    for (const url of ['/api/health', '/api/metrics', '/api/docs/json', '/api/v1/auth/login', '/api/v1/audit/entries']) {
      expect(urls).toContain(url);
    }
    expect(table.length).toBeGreaterThan(20);
  });

  it('has no route without config.access', () => {
    const undeclared = table.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('registers every contract endpoint with exactly the access its contract declares', () => {
    for (const [name, e] of Object.entries(endpoints)) {
      const url = `/api${routerPath(e.path)}`;
      const route = table.find((r) => r.method === e.method && r.url === url);
      expect(route, `${name}: ${e.method} ${url} is not registered`).toBeDefined();
      expect(route!.access, name).toEqual(e.access);
    }
  });

  it('gives each automatic HEAD route the access of its GET route', () => {
    for (const head of table.filter((r) => r.method === 'HEAD')) {
      const get = table.find((r) => r.method === 'GET' && r.url.replace(/\/$/, '') === head.url.replace(/\/$/, ''));
      expect(get, `HEAD ${head.url} has no GET`).toBeDefined();
      expect(head.access).toEqual(get!.access);
    }
  });

  // Access is settled before the body is read: a caller without the task learns 403, never which fields a route
  // expects (issue 9: 13 write routes answered 400 first).
  it('answers 403 to a caller without the task on every task route, whatever the body', async () => {
    const cashierRole = (
      await t.pools.owner.query<{ id: string }>(
        "SELECT r.id FROM roles r JOIN users u ON u.role_id = r.id AND u.tenant_id = r.tenant_id WHERE u.username = 'cashier'",
      )
    ).rows[0].id;
    await t.pools.owner.query('DELETE FROM role_tasks WHERE role_id = $1', [cashierRole]);
    const token = await t.login('cashier');
    const taskRoutes = table.filter((r) => Array.isArray(r.access) && r.access.length > 0 && r.method !== 'HEAD');
    expect(taskRoutes.length).toBeGreaterThan(50);
    const bodies = [undefined, '{"tasks": ["notATask"], "name": ""}', '{not json', '[]'];
    const answers: string[] = [];
    // Raw requests on purpose: every route of the table, with placeholder parameters and bodies outside the contracts.
    for (const route of taskRoutes) {
      const url = route.url.replace(/:[A-Za-z]+/g, 'x').replace('*', 'x');
      for (const body of route.method === 'GET' || route.method === 'DELETE' ? [undefined] : bodies) {
        const res = await t.request({
          method: route.method as 'GET',
          url: `${url}?page=-1&limit=abc`,
          token,
          ...(body === undefined ? {} : { payload: body, headers: { 'content-type': 'application/json' } }),
        });
        answers.push(`${route.method} ${route.url} ${body ?? ''} → ${res.statusCode} ${res.json().errorCode}`);
      }
    }
    expect(answers.filter((a) => !a.endsWith('→ 403 forbidden_action'))).toEqual([]);
  });

  // A change in who may call what must show in review. After a deliberate change, refresh with
  // `npx vitest run --project server -u apps/server/src/platform/http/routes.test.ts` and commit the diff.
  it('matches the reviewed METHOD path → access table', () => {
    const lines = table
      .filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method.padEnd(6)} ${r.url} → ${describeAccess(r.access)}`)
      .sort((a, b) => a.slice(7).localeCompare(b.slice(7)) || a.localeCompare(b));
    expect(`\n${lines.join('\n')}\n`).toMatchInlineSnapshot(`
      "
      GET    /api/docs → public
      GET    /api/docs/json → public
      GET    /api/docs/static/* → public
      GET    /api/docs/static/index.html → public
      GET    /api/docs/static/swagger-initializer.js → public
      GET    /api/docs/yaml → public
      GET    /api/health → public
      GET    /api/metrics → public
      GET    /api/v1/admin/leads → viewManagementLeads | editManagementLeads
      PUT    /api/v1/admin/leads/:leadId → editManagementLeads
      GET    /api/v1/admin/leads/:leadId → viewManagementLeads | editManagementLeads
      PUT    /api/v1/admin/leads/:leadId/payment/confirm → editManagementLeads
      GET    /api/v1/admin/leads/:leadId/payment/proof → viewManagementLeads | editManagementLeads
      PUT    /api/v1/admin/leads/:leadId/status → editManagementLeads
      GET    /api/v1/admin/leads/export → viewManagementLeads | editManagementLeads
      POST   /api/v1/admin/promo-codes → editManagementLeads
      GET    /api/v1/admin/promo-codes → viewManagementLeads | editManagementLeads
      DELETE /api/v1/admin/promo-codes/:promoId → editManagementLeads
      PUT    /api/v1/admin/promo-codes/:promoId → editManagementLeads
      GET    /api/v1/admin/promo-codes/:promoId → viewManagementLeads | editManagementLeads
      POST   /api/v1/analysis/ask → sendAiInsightsSales
      POST   /api/v1/analysis/datasets → addManageDatabaseAiAnalytics
      GET    /api/v1/analysis/datasets → viewManageDatabaseAiAnalytics | addManageDatabaseAiAnalytics | editManageDatabaseAiAnalytics | sendAiInsightsSales
      GET    /api/v1/analysis/datasets/:datasetId → viewManageDatabaseAiAnalytics | addManageDatabaseAiAnalytics | editManageDatabaseAiAnalytics | sendAiInsightsSales
      POST   /api/v1/analysis/datasets/:datasetId/api-keys → editManageDatabaseAiAnalytics
      DELETE /api/v1/analysis/datasets/:datasetId/api-keys/:keyId → editManageDatabaseAiAnalytics
      POST   /api/v1/analysis/datasets/:datasetId/api-keys/:keyId/rotate → editManageDatabaseAiAnalytics
      POST   /api/v1/analysis/datasets/:datasetId/api-rows → public
      GET    /api/v1/analysis/datasets/:datasetId/api-rows/:importId → public
      PATCH  /api/v1/analysis/datasets/:datasetId/columns/:key → editManageDatabaseAiAnalytics
      POST   /api/v1/analysis/datasets/:datasetId/google-sheet/refresh → editManageDatabaseAiAnalytics
      POST   /api/v1/analysis/datasets/:datasetId/rows → editManageDatabaseAiAnalytics
      GET    /api/v1/analysis/datasets/:datasetId/rows → viewManageDatabaseAiAnalytics | addManageDatabaseAiAnalytics | editManageDatabaseAiAnalytics
      PUT    /api/v1/analysis/datasets/:datasetId/rows/:rowNo → editManageDatabaseAiAnalytics
      POST   /api/v1/analysis/datasets/:datasetId/rows/delete → editManageDatabaseAiAnalytics
      GET    /api/v1/analysis/datasets/:datasetId/rows/export → viewManageDatabaseAiAnalytics | addManageDatabaseAiAnalytics | editManageDatabaseAiAnalytics
      GET    /api/v1/analysis/datasets/:datasetId/sources → viewManageDatabaseAiAnalytics | addManageDatabaseAiAnalytics | editManageDatabaseAiAnalytics
      POST   /api/v1/analysis/datasets/import → addManageDatabaseAiAnalytics
      POST   /api/v1/analysis/datasets/preview → addManageDatabaseAiAnalytics
      GET    /api/v1/analysis/google-sheets/account → addManageDatabaseAiAnalytics
      POST   /api/v1/analysis/google-sheets/check → addManageDatabaseAiAnalytics
      POST   /api/v1/analysis/google-sheets/import → addManageDatabaseAiAnalytics
      GET    /api/v1/analysis/imports/:importId → addManageDatabaseAiAnalytics
      POST   /api/v1/analysis/saved-graphs → editSavedGraph
      GET    /api/v1/analysis/saved-graphs → viewSavedGraph | editSavedGraph
      DELETE /api/v1/analysis/saved-graphs/:savedGraphId → editSavedGraph
      PUT    /api/v1/analysis/saved-graphs/:savedGraphId → editSavedGraph
      GET    /api/v1/analysis/saved-graphs/:savedGraphId/export → viewSavedGraph | editSavedGraph
      GET    /api/v1/analysis/saved-graphs/:savedGraphId/result → viewSavedGraph | editSavedGraph
      PUT    /api/v1/analysis/saved-graphs/order → editSavedGraph
      GET    /api/v1/app/config → public
      GET    /api/v1/audit/entries → readOnlyConfigUser | createEditConfigUser | writeAllConfigUser
      POST   /api/v1/auth/anonymous → prelogin
      POST   /api/v1/auth/forgot-password → prelogin
      POST   /api/v1/auth/login → prelogin
      POST   /api/v1/auth/logout → any logged-in user
      GET    /api/v1/auth/me → any logged-in user
      POST   /api/v1/auth/pre-login → public
      POST   /api/v1/auth/redirect-credentials → any logged-in user
      POST   /api/v1/auth/redirect/login → prelogin
      POST   /api/v1/auth/reset-password → prelogin
      POST   /api/v1/auth/session-key/login → prelogin
      POST   /api/v1/auth/session-keys → any logged-in user
      GET    /api/v1/auth/sessions → any logged-in user
      PUT    /api/v1/config/ai → viewConfig
      GET    /api/v1/config/ai → viewConfig | managePasswordPolicy
      POST   /api/v1/config/ai/test → viewConfig
      PUT    /api/v1/config/app → viewConfig
      GET    /api/v1/config/app → viewConfig | managePasswordPolicy
      PUT    /api/v1/config/google-service-account → viewConfig
      POST   /api/v1/config/org-units → createEditConfigBusinessUnit | writeAllConfigBusinessUnit
      GET    /api/v1/config/org-units → readOnlyConfigBusinessUnit | createEditConfigBusinessUnit | writeAllConfigBusinessUnit | readOnlyConfigPolicy | createEditConfigPolicy | writeAllConfigPolicy | readOnlyConfigUser | createEditConfigUser | writeAllConfigUser | createEditErpCashBank | writeAllErpCashBank | createEditErpAll | writeAllErpAll
      PUT    /api/v1/config/org-units/:ouId → createEditConfigBusinessUnit | writeAllConfigBusinessUnit
      GET    /api/v1/config/org-units/:ouId → readOnlyConfigBusinessUnit | createEditConfigBusinessUnit | writeAllConfigBusinessUnit | readOnlyConfigPolicy | createEditConfigPolicy | writeAllConfigPolicy | readOnlyConfigUser | createEditConfigUser | writeAllConfigUser | createEditErpCashBank | writeAllErpCashBank | createEditErpAll | writeAllErpAll
      DELETE /api/v1/config/org-units/:ouId → writeAllConfigBusinessUnit
      PUT    /api/v1/config/org-units/:ouId/active → createEditConfigBusinessUnit | writeAllConfigBusinessUnit
      PUT    /api/v1/config/org-units/:ouId/legal → createEditConfigBusinessUnit | writeAllConfigBusinessUnit
      PUT    /api/v1/config/org-units/:ouId/logo → createEditConfigBusinessUnit | writeAllConfigBusinessUnit
      GET    /api/v1/config/org-units/:ouId/logo → readOnlyConfigBusinessUnit | createEditConfigBusinessUnit | writeAllConfigBusinessUnit | readOnlyConfigPolicy | createEditConfigPolicy | writeAllConfigPolicy | readOnlyConfigUser | createEditConfigUser | writeAllConfigUser
      PUT    /api/v1/config/page-access/:kind/:id → createEditAksesHalaman | writeAllAksesHalaman
      GET    /api/v1/config/page-access/:kind/:id → readOnlyAksesHalaman | createEditAksesHalaman | writeAllAksesHalaman
      DELETE /api/v1/config/page-access/:kind/:id → writeAllAksesHalaman
      PUT    /api/v1/config/password-policy → managePasswordPolicy
      GET    /api/v1/config/policy-ou → readOnlyConfigPolicy | createEditConfigPolicy | writeAllConfigPolicy
      PUT    /api/v1/config/policy-ou/:ouId → createEditConfigPolicy | writeAllConfigPolicy
      GET    /api/v1/config/policy-ou/:ouId → readOnlyConfigPolicy | createEditConfigPolicy | writeAllConfigPolicy
      DELETE /api/v1/config/policy-ou/:ouId → writeAllConfigPolicy
      PUT    /api/v1/config/policy-ou/prohibitions/:userId → createEditConfigPolicy | writeAllConfigPolicy
      GET    /api/v1/config/policy-ou/prohibitions/:userId → readOnlyConfigPolicy | createEditConfigPolicy | writeAllConfigPolicy
      POST   /api/v1/config/roles → createEditConfigRole | writeAllConfigRole
      GET    /api/v1/config/roles → readOnlyConfigRole | createEditConfigRole | writeAllConfigRole | readOnlyConfigUser | createEditConfigUser | writeAllConfigUser | readOnlyAksesHalaman | createEditAksesHalaman | writeAllAksesHalaman
      PUT    /api/v1/config/roles/:roleId → createEditConfigRole | writeAllConfigRole
      GET    /api/v1/config/roles/:roleId → readOnlyConfigRole | createEditConfigRole | writeAllConfigRole
      DELETE /api/v1/config/roles/:roleId → writeAllConfigRole
      GET    /api/v1/config/user-audit → readOnlyConfigUser | createEditConfigUser | writeAllConfigUser
      GET    /api/v1/config/user-audit/export → readOnlyConfigUser | createEditConfigUser | writeAllConfigUser
      POST   /api/v1/config/users → createEditConfigUser | writeAllConfigUser
      GET    /api/v1/config/users → readOnlyConfigUser | createEditConfigUser | writeAllConfigUser
      PUT    /api/v1/config/users/:userId → createEditConfigUser | writeAllConfigUser
      GET    /api/v1/config/users/:userId → readOnlyConfigUser | createEditConfigUser | writeAllConfigUser
      DELETE /api/v1/config/users/:userId → writeAllConfigUser
      PUT    /api/v1/config/users/:userId/active → createEditConfigUser | writeAllConfigUser
      POST   /api/v1/config/users/:userId/reset-password → writeAllConfigUser
      GET    /api/v1/config/users/:userId/tasks → readOnlyConfigUser | createEditConfigUser | writeAllConfigUser
      GET    /api/v1/dashboard/service-response-times → viewHistoryChat | viewCountChat
      GET    /api/v1/dashboard/usage → any logged-in user
      POST   /api/v1/erp/approval-flows → createEditErpApprovalFlow | writeAllErpApprovalFlow
      GET    /api/v1/erp/approval-flows → readOnlyErpApprovalFlow | createEditErpApprovalFlow | writeAllErpApprovalFlow
      PUT    /api/v1/erp/approval-flows/:flowId → createEditErpApprovalFlow | writeAllErpApprovalFlow
      GET    /api/v1/erp/approval-flows/:flowId → readOnlyErpApprovalFlow | createEditErpApprovalFlow | writeAllErpApprovalFlow
      DELETE /api/v1/erp/approval-flows/:flowId → writeAllErpApprovalFlow
      GET    /api/v1/erp/approval-inbox → approveErpJournal | approveErpCashInOut
      GET    /api/v1/erp/approval-inbox/counts → approveErpJournal | approveErpCashInOut
      GET    /api/v1/erp/audit-log → readOnlyErpAuditLog | createEditErpAuditLog | writeAllErpAuditLog
      GET    /api/v1/erp/audit-log/export → readOnlyErpAuditLog | createEditErpAuditLog | writeAllErpAuditLog
      POST   /api/v1/erp/audit-log/verify → readOnlyErpAuditLog | createEditErpAuditLog | writeAllErpAuditLog
      POST   /api/v1/erp/brands → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/brands → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/brands/:brandId → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/brands/:brandId → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      DELETE /api/v1/erp/brands/:brandId → writeAllErpProduct | writeAllErpAll
      PUT    /api/v1/erp/brands/:brandId/active → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/brands/export → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/brands/import → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/cash-banks → createEditErpCashBank | writeAllErpCashBank | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/cash-banks → readOnlyErpCashBank | createEditErpCashBank | writeAllErpCashBank | readOnlyErpAll | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/cash-banks/:cashBankId → createEditErpCashBank | writeAllErpCashBank | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/cash-banks/:cashBankId → readOnlyErpCashBank | createEditErpCashBank | writeAllErpCashBank | readOnlyErpAll | createEditErpAll | writeAllErpAll
      DELETE /api/v1/erp/cash-banks/:cashBankId → writeAllErpCashBank | writeAllErpAll
      PUT    /api/v1/erp/cash-banks/:cashBankId/active → createEditErpCashBank | writeAllErpCashBank | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/cash-banks/export → readOnlyErpCashBank | createEditErpCashBank | writeAllErpCashBank | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/cash-banks/import → createEditErpCashBank | writeAllErpCashBank | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/cash-in → createEditErpCashInOut | writeAllErpCashInOut
      GET    /api/v1/erp/cash-in → readOnlyErpCashInOut | createEditErpCashInOut | writeAllErpCashInOut | approveErpCashInOut
      DELETE /api/v1/erp/cash-in/:documentId → createEditErpCashInOut | writeAllErpCashInOut
      PUT    /api/v1/erp/cash-in/:documentId → createEditErpCashInOut | writeAllErpCashInOut
      GET    /api/v1/erp/cash-in/:documentId → readOnlyErpCashInOut | createEditErpCashInOut | writeAllErpCashInOut | approveErpCashInOut
      GET    /api/v1/erp/cash-in/:documentId/pdf → readOnlyErpCashInOut | createEditErpCashInOut | writeAllErpCashInOut | approveErpCashInOut
      GET    /api/v1/erp/cash-in/export → readOnlyErpCashInOut | createEditErpCashInOut | writeAllErpCashInOut | approveErpCashInOut
      POST   /api/v1/erp/cash-out → createEditErpCashInOut | writeAllErpCashInOut
      GET    /api/v1/erp/cash-out → readOnlyErpCashInOut | createEditErpCashInOut | writeAllErpCashInOut | approveErpCashInOut
      DELETE /api/v1/erp/cash-out/:documentId → createEditErpCashInOut | writeAllErpCashInOut
      PUT    /api/v1/erp/cash-out/:documentId → createEditErpCashInOut | writeAllErpCashInOut
      GET    /api/v1/erp/cash-out/:documentId → readOnlyErpCashInOut | createEditErpCashInOut | writeAllErpCashInOut | approveErpCashInOut
      GET    /api/v1/erp/cash-out/:documentId/pdf → readOnlyErpCashInOut | createEditErpCashInOut | writeAllErpCashInOut | approveErpCashInOut
      GET    /api/v1/erp/cash-out/export → readOnlyErpCashInOut | createEditErpCashInOut | writeAllErpCashInOut | approveErpCashInOut
      POST   /api/v1/erp/coa → createEditErpCoa | writeAllErpCoa | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/coa → readOnlyErpCoa | createEditErpCoa | writeAllErpCoa | readOnlyErpAll | createEditErpAll | writeAllErpAll | createEditErpCashBank | writeAllErpCashBank
      POST   /api/v1/erp/coa-groups → createEditErpCoa | writeAllErpCoa | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/coa-groups → readOnlyErpCoa | createEditErpCoa | writeAllErpCoa | readOnlyErpAll | createEditErpAll | writeAllErpAll | createEditErpCashBank | writeAllErpCashBank
      PUT    /api/v1/erp/coa-groups/:groupId → createEditErpCoa | writeAllErpCoa | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/coa-groups/:groupId → readOnlyErpCoa | createEditErpCoa | writeAllErpCoa | readOnlyErpAll | createEditErpAll | writeAllErpAll | createEditErpCashBank | writeAllErpCashBank
      DELETE /api/v1/erp/coa-groups/:groupId → writeAllErpCoa | writeAllErpAll
      PUT    /api/v1/erp/coa-groups/:groupId/active → createEditErpCoa | writeAllErpCoa | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/coa-groups/export → readOnlyErpCoa | createEditErpCoa | writeAllErpCoa | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/coa-groups/import → createEditErpCoa | writeAllErpCoa | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/coa/:coaId → createEditErpCoa | writeAllErpCoa | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/coa/:coaId → readOnlyErpCoa | createEditErpCoa | writeAllErpCoa | readOnlyErpAll | createEditErpAll | writeAllErpAll | createEditErpCashBank | writeAllErpCashBank
      DELETE /api/v1/erp/coa/:coaId → writeAllErpCoa | writeAllErpAll
      PUT    /api/v1/erp/coa/:coaId/active → createEditErpCoa | writeAllErpCoa | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/coa/export → readOnlyErpCoa | createEditErpCoa | writeAllErpCoa | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/coa/import → createEditErpCoa | writeAllErpCoa | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/coa/tree → readOnlyErpCoa | createEditErpCoa | writeAllErpCoa | readOnlyErpAll | createEditErpAll | writeAllErpAll | createEditErpCashBank | writeAllErpCashBank
      POST   /api/v1/erp/countries → createEditErpMaster | writeAllErpMaster | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/countries → readOnlyErpMaster | createEditErpMaster | writeAllErpMaster | readOnlyErpAll | createEditErpAll | writeAllErpAll | readOnlyErpCurrency | createEditErpCurrency | writeAllErpCurrency | readOnlyErpAll | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/countries/:countryId → createEditErpMaster | writeAllErpMaster | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/countries/:countryId → readOnlyErpMaster | createEditErpMaster | writeAllErpMaster | readOnlyErpAll | createEditErpAll | writeAllErpAll | readOnlyErpCurrency | createEditErpCurrency | writeAllErpCurrency | readOnlyErpAll | createEditErpAll | writeAllErpAll
      DELETE /api/v1/erp/countries/:countryId → writeAllErpMaster | writeAllErpAll
      PUT    /api/v1/erp/countries/:countryId/active → createEditErpMaster | writeAllErpMaster | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/countries/export → readOnlyErpMaster | createEditErpMaster | writeAllErpMaster | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/countries/import → createEditErpMaster | writeAllErpMaster | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/currencies → createEditErpCurrency | writeAllErpCurrency | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/currencies → readOnlyErpCurrency | createEditErpCurrency | writeAllErpCurrency | readOnlyErpAll | createEditErpAll | writeAllErpAll | createEditErpCashBank | writeAllErpCashBank | createEditErpMaster | writeAllErpMaster
      PUT    /api/v1/erp/currencies/:currencyId → createEditErpCurrency | writeAllErpCurrency | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/currencies/:currencyId → readOnlyErpCurrency | createEditErpCurrency | writeAllErpCurrency | readOnlyErpAll | createEditErpAll | writeAllErpAll | createEditErpCashBank | writeAllErpCashBank | createEditErpMaster | writeAllErpMaster
      DELETE /api/v1/erp/currencies/:currencyId → writeAllErpCurrency | writeAllErpAll
      PUT    /api/v1/erp/currencies/:currencyId/active → createEditErpCurrency | writeAllErpCurrency | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/currencies/:currencyId/book → writeAllErpCurrency | writeAllErpAll
      GET    /api/v1/erp/currencies/export → readOnlyErpCurrency | createEditErpCurrency | writeAllErpCurrency | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/currencies/import → createEditErpCurrency | writeAllErpCurrency | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/customers → createEditErpCustomer | writeAllErpCustomer | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/customers → readOnlyErpCustomer | createEditErpCustomer | writeAllErpCustomer | readOnlyErpAll | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/customers/:partnerId → createEditErpCustomer | writeAllErpCustomer | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/customers/:partnerId → readOnlyErpCustomer | createEditErpCustomer | writeAllErpCustomer | readOnlyErpAll | createEditErpAll | writeAllErpAll
      DELETE /api/v1/erp/customers/:partnerId → writeAllErpCustomer | writeAllErpAll
      PUT    /api/v1/erp/customers/:partnerId/active → createEditErpCustomer | writeAllErpCustomer | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/customers/export → readOnlyErpCustomer | createEditErpCustomer | writeAllErpCustomer | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/customers/import → createEditErpCustomer | writeAllErpCustomer | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/document-templates → createEditErpMaster | writeAllErpMaster | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/document-templates → readOnlyErpMaster | createEditErpMaster | writeAllErpMaster | readOnlyErpAll | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/document-templates/:templateId → createEditErpMaster | writeAllErpMaster | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/document-templates/:templateId → readOnlyErpMaster | createEditErpMaster | writeAllErpMaster | readOnlyErpAll | createEditErpAll | writeAllErpAll
      DELETE /api/v1/erp/document-templates/:templateId → writeAllErpMaster | writeAllErpAll
      PUT    /api/v1/erp/document-templates/:templateId/active → createEditErpMaster | writeAllErpMaster | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/document-templates/:templateId/preview → readOnlyErpMaster | createEditErpMaster | writeAllErpMaster | readOnlyErpAll | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/document-templates/export → readOnlyErpMaster | createEditErpMaster | writeAllErpMaster | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/document-templates/import → createEditErpMaster | writeAllErpMaster | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/document-templates/next → readOnlyErpMaster | createEditErpMaster | writeAllErpMaster | readOnlyErpAll | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/documents/:documentId → readOnlyErpJournal | createEditErpJournal | writeAllErpJournal | approveErpJournal | readOnlyErpCashInOut | createEditErpCashInOut | writeAllErpCashInOut | approveErpCashInOut
      POST   /api/v1/erp/documents/:documentId/actions/:action → readOnlyErpJournal | createEditErpJournal | writeAllErpJournal | approveErpJournal | readOnlyErpCashInOut | createEditErpCashInOut | writeAllErpCashInOut | approveErpCashInOut
      GET    /api/v1/erp/documents/:documentId/history → readOnlyErpJournal | createEditErpJournal | writeAllErpJournal | approveErpJournal | readOnlyErpCashInOut | createEditErpCashInOut | writeAllErpCashInOut | approveErpCashInOut
      POST   /api/v1/erp/employees → createEditErpEmployee | writeAllErpEmployee | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/employees → readOnlyErpEmployee | createEditErpEmployee | writeAllErpEmployee | readOnlyErpAll | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/employees/:employeeId → createEditErpEmployee | writeAllErpEmployee | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/employees/:employeeId → readOnlyErpEmployee | createEditErpEmployee | writeAllErpEmployee | readOnlyErpAll | createEditErpAll | writeAllErpAll
      DELETE /api/v1/erp/employees/:employeeId → writeAllErpEmployee | writeAllErpAll
      PUT    /api/v1/erp/employees/:employeeId/active → createEditErpEmployee | writeAllErpEmployee | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/employees/export → readOnlyErpEmployee | createEditErpEmployee | writeAllErpEmployee | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/employees/import → createEditErpEmployee | writeAllErpEmployee | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/exchange-rates → createEditErpCurrency | writeAllErpCurrency | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/exchange-rates → readOnlyErpCurrency | createEditErpCurrency | writeAllErpCurrency | readOnlyErpAll | createEditErpAll | writeAllErpAll | createEditErpCashBank | writeAllErpCashBank | createEditErpMaster | writeAllErpMaster
      PUT    /api/v1/erp/exchange-rates/:rateId → createEditErpCurrency | writeAllErpCurrency | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/exchange-rates/:rateId → readOnlyErpCurrency | createEditErpCurrency | writeAllErpCurrency | readOnlyErpAll | createEditErpAll | writeAllErpAll | createEditErpCashBank | writeAllErpCashBank | createEditErpMaster | writeAllErpMaster
      DELETE /api/v1/erp/exchange-rates/:rateId → writeAllErpCurrency | writeAllErpAll
      PUT    /api/v1/erp/exchange-rates/:rateId/active → createEditErpCurrency | writeAllErpCurrency | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/exchange-rates/export → readOnlyErpCurrency | createEditErpCurrency | writeAllErpCurrency | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/exchange-rates/import → createEditErpCurrency | writeAllErpCurrency | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/exchange-rates/lookup → readOnlyErpCurrency | createEditErpCurrency | writeAllErpCurrency | readOnlyErpAll | createEditErpAll | writeAllErpAll | createEditErpCashBank | writeAllErpCashBank | createEditErpMaster | writeAllErpMaster
      GET    /api/v1/erp/imports/:importId → createEditErpAll | writeAllErpAll | createEditErpCoa | writeAllErpCoa | createEditErpCashBank | writeAllErpCashBank | createEditErpCurrency | writeAllErpCurrency | createEditErpMaster | writeAllErpMaster | createEditErpCustomer | writeAllErpCustomer | createEditErpSupplier | writeAllErpSupplier | createEditErpEmployee | writeAllErpEmployee | createEditErpWarehouse | writeAllErpWarehouse | createEditErpProduct | writeAllErpProduct
      POST   /api/v1/erp/journals → createEditErpJournal | writeAllErpJournal
      GET    /api/v1/erp/journals → readOnlyErpJournal | createEditErpJournal | writeAllErpJournal | approveErpJournal
      DELETE /api/v1/erp/journals/:documentId → createEditErpJournal | writeAllErpJournal
      PUT    /api/v1/erp/journals/:documentId → createEditErpJournal | writeAllErpJournal
      GET    /api/v1/erp/journals/:documentId → readOnlyErpJournal | createEditErpJournal | writeAllErpJournal | approveErpJournal
      GET    /api/v1/erp/journals/:documentId/pdf → readOnlyErpJournal | createEditErpJournal | writeAllErpJournal | approveErpJournal
      GET    /api/v1/erp/journals/export → readOnlyErpJournal | createEditErpJournal | writeAllErpJournal | approveErpJournal
      POST   /api/v1/erp/journals/submit → createEditErpJournal | writeAllErpJournal
      POST   /api/v1/erp/product-categories → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/product-categories → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/product-categories/:categoryId → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/product-categories/:categoryId → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      DELETE /api/v1/erp/product-categories/:categoryId → writeAllErpProduct | writeAllErpAll
      PUT    /api/v1/erp/product-categories/:categoryId/active → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/product-categories/export → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/product-categories/import → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/product-sub-categories → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/product-sub-categories → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/product-sub-categories/:subCategoryId → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/product-sub-categories/:subCategoryId → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      DELETE /api/v1/erp/product-sub-categories/:subCategoryId → writeAllErpProduct | writeAllErpAll
      PUT    /api/v1/erp/product-sub-categories/:subCategoryId/active → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/product-sub-categories/export → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/product-sub-categories/import → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/products → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/products → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/products/:productId → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/products/:productId → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      DELETE /api/v1/erp/products/:productId → writeAllErpProduct | writeAllErpAll
      PUT    /api/v1/erp/products/:productId/active → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/products/export → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/products/import → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/reports/:report/pdf → readOnlyErpLedgerReport | createEditErpLedgerReport | writeAllErpLedgerReport | readOnlyErpAll | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/reports/:report/xlsx → readOnlyErpLedgerReport | createEditErpLedgerReport | writeAllErpLedgerReport | readOnlyErpAll | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/reports/balance-sheet → readOnlyErpLedgerReport | createEditErpLedgerReport | writeAllErpLedgerReport | readOnlyErpAll | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/reports/cash-bank-book → readOnlyErpLedgerReport | createEditErpLedgerReport | writeAllErpLedgerReport | readOnlyErpAll | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/reports/general-ledger → readOnlyErpLedgerReport | createEditErpLedgerReport | writeAllErpLedgerReport | readOnlyErpAll | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/reports/profit-loss → readOnlyErpLedgerReport | createEditErpLedgerReport | writeAllErpLedgerReport | readOnlyErpAll | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/reports/trial-balance → readOnlyErpLedgerReport | createEditErpLedgerReport | writeAllErpLedgerReport | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/segment-groups → createEditErpCoa | writeAllErpCoa | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/segment-groups → readOnlyErpCoa | createEditErpCoa | writeAllErpCoa | readOnlyErpAll | createEditErpAll | writeAllErpAll | createEditErpCashBank | writeAllErpCashBank
      PUT    /api/v1/erp/segment-groups/:segmentId → createEditErpCoa | writeAllErpCoa | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/segment-groups/:segmentId → readOnlyErpCoa | createEditErpCoa | writeAllErpCoa | readOnlyErpAll | createEditErpAll | writeAllErpAll | createEditErpCashBank | writeAllErpCashBank
      DELETE /api/v1/erp/segment-groups/:segmentId → writeAllErpCoa | writeAllErpAll
      PUT    /api/v1/erp/segment-groups/:segmentId/active → createEditErpCoa | writeAllErpCoa | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/segment-groups/export → readOnlyErpCoa | createEditErpCoa | writeAllErpCoa | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/segment-groups/import → createEditErpCoa | writeAllErpCoa | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/suppliers → createEditErpSupplier | writeAllErpSupplier | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/suppliers → readOnlyErpSupplier | createEditErpSupplier | writeAllErpSupplier | readOnlyErpAll | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/suppliers/:partnerId → createEditErpSupplier | writeAllErpSupplier | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/suppliers/:partnerId → readOnlyErpSupplier | createEditErpSupplier | writeAllErpSupplier | readOnlyErpAll | createEditErpAll | writeAllErpAll
      DELETE /api/v1/erp/suppliers/:partnerId → writeAllErpSupplier | writeAllErpAll
      PUT    /api/v1/erp/suppliers/:partnerId/active → createEditErpSupplier | writeAllErpSupplier | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/suppliers/export → readOnlyErpSupplier | createEditErpSupplier | writeAllErpSupplier | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/suppliers/import → createEditErpSupplier | writeAllErpSupplier | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/uoms → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/uoms → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/uoms/:uomId → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/uoms/:uomId → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      DELETE /api/v1/erp/uoms/:uomId → writeAllErpProduct | writeAllErpAll
      PUT    /api/v1/erp/uoms/:uomId/active → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/uoms/export → readOnlyErpProduct | createEditErpProduct | writeAllErpProduct | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/uoms/import → createEditErpProduct | writeAllErpProduct | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/warehouses → createEditErpWarehouse | writeAllErpWarehouse | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/warehouses → readOnlyErpWarehouse | createEditErpWarehouse | writeAllErpWarehouse | readOnlyErpAll | createEditErpAll | writeAllErpAll
      PUT    /api/v1/erp/warehouses/:warehouseId → createEditErpWarehouse | writeAllErpWarehouse | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/warehouses/:warehouseId → readOnlyErpWarehouse | createEditErpWarehouse | writeAllErpWarehouse | readOnlyErpAll | createEditErpAll | writeAllErpAll
      DELETE /api/v1/erp/warehouses/:warehouseId → writeAllErpWarehouse | writeAllErpAll
      PUT    /api/v1/erp/warehouses/:warehouseId/active → createEditErpWarehouse | writeAllErpWarehouse | createEditErpAll | writeAllErpAll
      GET    /api/v1/erp/warehouses/export → readOnlyErpWarehouse | createEditErpWarehouse | writeAllErpWarehouse | readOnlyErpAll | createEditErpAll | writeAllErpAll
      POST   /api/v1/erp/warehouses/import → createEditErpWarehouse | writeAllErpWarehouse | createEditErpAll | writeAllErpAll
      GET    /api/v1/onboarding/free-transactions → any logged-in user
      GET    /api/v1/profile → any logged-in user
      PUT    /api/v1/profile → any logged-in user
      POST   /api/v1/profile/change-password → any logged-in user
      POST   /api/v1/public/demo-requests → anonymous
      GET    /api/v1/public/demo-requests/:requestId → anonymous
      POST   /api/v1/public/demo-requests/:requestId/payment → anonymous
      PUT    /api/v1/public/demo-requests/:requestId/payment/proof → anonymous
      GET    /api/v1/public/payment-options → anonymous
      POST   /api/v1/public/payments/notification → public
      POST   /api/v1/public/promo-codes/check → anonymous
      POST   /api/v1/public/registrations → anonymous
      GET    /api/v1/public/registrations/progress → public
      GET    /api/v1/service/agents → viewManageCSUser | addManageCSUser | editManageCSUser
      POST   /api/v1/service/canned-replies → editCannedReply
      GET    /api/v1/service/canned-replies → viewCannedReply | editCannedReply
      DELETE /api/v1/service/canned-replies/:id → editCannedReply
      PUT    /api/v1/service/canned-replies/:id → editCannedReply
      POST   /api/v1/service/clients → viewDataset
      GET    /api/v1/service/clients → viewDataset | viewFineTuning | sendChatForMe | viewHistoryChat | viewIntegrate | editIntegrate | viewIntentClassifier | editIntentClassifier | viewVirtualChatCS | viewManageCSUser | addManageCSUser | editManageCSUser
      DELETE /api/v1/service/clients/:clientCode → viewDataset
      PATCH  /api/v1/service/clients/:clientCode → viewDataset
      GET    /api/v1/service/clients/:clientCode → viewDataset | viewFineTuning | sendChatForMe | viewHistoryChat | viewIntegrate | editIntegrate | viewIntentClassifier | editIntentClassifier | viewVirtualChatCS | viewManageCSUser | addManageCSUser | editManageCSUser
      POST   /api/v1/service/clients/:clientCode/agents → addManageCSUser
      PATCH  /api/v1/service/clients/:clientCode/agents/:userId → editManageCSUser
      GET    /api/v1/service/clients/:clientCode/channels → viewIntegrate | editIntegrate
      PUT    /api/v1/service/clients/:clientCode/channels/:kind → editIntegrate
      POST   /api/v1/service/clients/:clientCode/channels/:kind/active → editIntegrate
      POST   /api/v1/service/clients/:clientCode/classify → viewIntentClassifier | editIntentClassifier | viewVirtualChatCS
      POST   /api/v1/service/clients/:clientCode/classify-batch → viewIntentClassifier | editIntentClassifier | viewVirtualChatCS
      POST   /api/v1/service/clients/:clientCode/datasets → viewDataset
      GET    /api/v1/service/clients/:clientCode/datasets → viewDataset | viewFineTuning | sendChatForMe | viewHistoryChat | viewIntegrate | editIntegrate | viewIntentClassifier | editIntentClassifier | viewVirtualChatCS | viewManageCSUser | addManageCSUser | editManageCSUser
      GET    /api/v1/service/clients/:clientCode/fine-tuning/runs → viewFineTuning
      POST   /api/v1/service/clients/:clientCode/fine-tuning/runs → viewFineTuning
      GET    /api/v1/service/clients/:clientCode/fine-tuning/training-set → viewFineTuning
      GET    /api/v1/service/clients/:clientCode/fine-tuning/training-set.jsonl → viewFineTuning
      POST   /api/v1/service/clients/:clientCode/intents → editIntentClassifier
      GET    /api/v1/service/clients/:clientCode/intents → viewIntentClassifier | editIntentClassifier | viewFineTuning
      GET    /api/v1/service/clients/:clientCode/intents/export → viewIntentClassifier | editIntentClassifier | viewFineTuning
      POST   /api/v1/service/clients/:clientCode/intents/import → editIntentClassifier
      GET    /api/v1/service/clients/:clientCode/readiness → viewDataset | viewFineTuning | sendChatForMe | viewHistoryChat | viewIntegrate | editIntegrate | viewIntentClassifier | editIntentClassifier | viewVirtualChatCS | viewManageCSUser | addManageCSUser | editManageCSUser
      POST   /api/v1/service/clients/:clientCode/setup → viewDataset
      GET    /api/v1/service/clients/:clientCode/setup → viewDataset | viewFineTuning | sendChatForMe | viewHistoryChat | viewIntegrate | editIntegrate | viewIntentClassifier | editIntentClassifier | viewVirtualChatCS | viewManageCSUser | addManageCSUser | editManageCSUser
      POST   /api/v1/service/clients/:clientCode/train → editIntentClassifier | viewFineTuning
      GET    /api/v1/service/clients/:clientCode/training → viewIntentClassifier | editIntentClassifier | viewFineTuning
      POST   /api/v1/service/clients/:clientCode/virtual-chat → viewVirtualChatCS
      DELETE /api/v1/service/datasets/:datasetId → viewDataset
      PUT    /api/v1/service/datasets/:datasetId → viewDataset
      GET    /api/v1/service/datasets/:datasetId → viewDataset | viewFineTuning | sendChatForMe | viewHistoryChat | viewIntegrate | editIntegrate | viewIntentClassifier | editIntentClassifier | viewVirtualChatCS | viewManageCSUser | addManageCSUser | editManageCSUser
      POST   /api/v1/service/datasets/:datasetId/items → viewDataset
      GET    /api/v1/service/datasets/:datasetId/items → viewDataset | viewFineTuning | sendChatForMe | viewHistoryChat | viewIntegrate | editIntegrate | viewIntentClassifier | editIntentClassifier | viewVirtualChatCS | viewManageCSUser | addManageCSUser | editManageCSUser
      DELETE /api/v1/service/datasets/:datasetId/items/:itemId → viewDataset
      PUT    /api/v1/service/datasets/:datasetId/items/:itemId → viewDataset
      GET    /api/v1/service/datasets/:datasetId/items/export → viewDataset | viewFineTuning | sendChatForMe | viewHistoryChat | viewIntegrate | editIntegrate | viewIntentClassifier | editIntentClassifier | viewVirtualChatCS | viewManageCSUser | addManageCSUser | editManageCSUser
      POST   /api/v1/service/datasets/:datasetId/items/import → viewDataset
      GET    /api/v1/service/fine-tuning/runs/:runId → viewFineTuning
      POST   /api/v1/service/fine-tuning/runs/:runId/cancel → viewFineTuning
      GET    /api/v1/service/history → viewHistoryChat
      GET    /api/v1/service/history/:conversationId → viewHistoryChat
      GET    /api/v1/service/history/export → viewHistoryChat
      GET    /api/v1/service/imports/:importId → viewDataset | editIntentClassifier
      GET    /api/v1/service/inbox → sendChatForMe
      GET    /api/v1/service/inbox/:conversationId → sendChatForMe
      GET    /api/v1/service/inbox/:conversationId/canned-replies → sendChatForMe
      POST   /api/v1/service/inbox/:conversationId/claim → sendChatForMe
      POST   /api/v1/service/inbox/:conversationId/close → sendChatForMe
      GET    /api/v1/service/inbox/:conversationId/colleagues → sendChatForMe
      PUT    /api/v1/service/inbox/:conversationId/labels → sendChatForMe
      POST   /api/v1/service/inbox/:conversationId/note → sendChatForMe
      POST   /api/v1/service/inbox/:conversationId/reply → sendChatForMe
      POST   /api/v1/service/inbox/:conversationId/send-back → sendChatForMe
      POST   /api/v1/service/inbox/:conversationId/transfer → sendChatForMe
      GET    /api/v1/service/inbox/search → sendChatForMe
      GET    /api/v1/service/inbox/socket → public
      PUT    /api/v1/service/inbox/status → sendChatForMe
      DELETE /api/v1/service/intents/:intentId → editIntentClassifier
      PUT    /api/v1/service/intents/:intentId → editIntentClassifier
      GET    /api/v1/service/intents/:intentId → viewIntentClassifier | editIntentClassifier
      POST   /api/v1/service/intents/:intentId/phrases → editIntentClassifier
      DELETE /api/v1/service/intents/:intentId/phrases/:phraseId → editIntentClassifier
      GET    /api/v1/service/intents/import-template → editIntentClassifier
      POST   /api/v1/service/labels → editManageCSUser
      GET    /api/v1/service/labels → sendChatForMe | viewHistoryChat | editManageCSUser
      DELETE /api/v1/service/labels/:labelId → editManageCSUser
      PUT    /api/v1/service/labels/:labelId → editManageCSUser
      POST   /api/v1/service/telegram/:tenant/:channelId → public
      GET    /api/v1/service/whatsapp/:tenant/:channelId → public
      POST   /api/v1/service/whatsapp/:tenant/:channelId → public
      GET    /api/v1/service/widget/:tenant/:clientCode/socket → public
      GET    /api/v1/service/widget/:tenant/:file → public
      "
    `);
  });
});

describe('access checks on a task-protected endpoint (GET /api/v1/audit/entries)', () => {
  const path = urlOf(endpoints.listAuditEntries);
  const list = (input: CallInput<typeof endpoints.listAuditEntries>) => call(t, endpoints.listAuditEntries, input);

  it('lets a user holding one of the tasks in (staff has readOnlyConfigUser)', async () => {
    const res = await list({ token: await t.login('staff') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: expect.any(Array), total: expect.any(Number) });
  });

  it('refuses a user lacking every task with 403 forbidden_action naming the path', async () => {
    const res = await list({ query: { page: 1, keyword: 'x' }, token: await t.login('agent') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errorCode: 'forbidden_action', errorArgs: [path] });
  });

  it('lets a Super Admin in without holding the task by name', async () => {
    const res = await list({ token: await t.login('superadmin') });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 without a token and 403 for a token that is not a user (anonymous)', async () => {
    const none = await list({});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ errorCode: 'Unauthorized', errorArgs: [] });

    const anon = (await call(t, endpoints.anonymous, { token: await t.preLoginToken(), tenant: 'demo' })).json().token;
    const res = await list({ query: { keyword: 'secret' }, token: anon });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errorCode: 'forbidden_action', errorArgs: [path] });
  });

  it('settles who calls before the request is validated: a bad query or body without the right token is 401/403, not 400', async () => {
    // Raw requests on purpose: the query and body are outside the contract.
    expect((await t.request({ method: 'GET', url: `${path}?page=-1&limit=7` })).statusCode).toBe(401);
    const anon = (await call(t, endpoints.anonymous, { token: await t.preLoginToken(), tenant: 'demo' })).json().token;
    expect((await t.request({ method: 'GET', url: `${path}?page=-1`, token: anon })).statusCode).toBe(403);
    const create = { method: 'POST' as const, url: '/api/v1/config/users', payload: { username: 1 } };
    expect((await t.request(create)).json()).toEqual({ errorCode: 'Unauthorized', errorArgs: [] });
    expect((await t.request({ ...create, token: 'not-a-token' })).statusCode).toBe(401);
    // With the right token the same bad body is a 400 naming the problem.
    expect((await t.request({ ...create, token: await t.login('admin') })).statusCode).toBe(400);
  });
});
