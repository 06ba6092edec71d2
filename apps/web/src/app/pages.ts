import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAreaTextsOf } from '../i18n/area-texts.ts';

/** The page module of every route in the contracts' route table; each is its own lazily loaded chunk. */
const PAGE_MODULES: Record<string, () => Promise<{ default: ComponentType }>> = {
  '/login': () => import('../features/auth/LoginPage.tsx'),
  // The product page itself is the static landing.html; the app's route only hands over to it.
  '/landing': () => import('../landing/StaticLandingRedirect.tsx'),
  '/forgot-password': () => import('../features/auth/recovery/ForgotPasswordPage.tsx'),
  '/reset-password': () => import('../features/auth/recovery/ResetPasswordPage.tsx'),
  '/not-found': () => import('../features/errors/NotFoundPage.tsx'),
  '/request-demo': () => import('../features/public/request-demo/RequestDemoPage.tsx'),
  '/form-request/payment': () => import('../features/public/request-demo/PaymentPage.tsx'),
  '/form-request/complete': () => import('../features/public/request-demo/CompletePage.tsx'),
  '/register': () => import('../features/public/register/RegisterPage.tsx'),
  '/dashboard': () => import('../features/dashboard/DashboardPage.tsx'),
  '/configuration/app-configuration': () => import('../features/configuration/AppConfigurationPage.tsx'),
  '/configuration/business-unit': () => import('../features/configuration/business-unit/BusinessUnitPage.tsx'),
  '/configuration/business-unit/edit-legal-info/{ouCode?}': () => import('../features/configuration/business-unit/LegalInfoPage.tsx'),
  '/configuration/policy-ou': () => import('../features/configuration/policy-ou/PolicyOuPage.tsx'),
  '/configuration/change-password': () => import('../features/configuration/profile/ChangePasswordPage.tsx'),
  '/configuration/edit-profile': () => import('../features/configuration/profile/EditProfilePage.tsx'),
  '/configuration/user-audit': () => import('../features/configuration/user-audit/UserAuditPage.tsx'),
  '/configuration/user': () => import('../features/configuration/UserPage.tsx'),
  '/configuration/role': () => import('../features/configuration/RolePage.tsx'),
  '/configuration/page-access': () => import('../features/configuration/PageAccessPage.tsx'),
  '/service/create-new-client': () => import('../features/service/wizard/CreateClientPage.tsx'),
  '/service/fine-tuning': () => import('../features/service/fine-tuning/FineTuningPage.tsx'),
  '/service/dataset': () => import('../features/service/datasets/DatasetListPage.tsx'),
  '/service/dataset/{datasetId}': () => import('../features/service/datasets/DatasetDetailPage.tsx'),
  '/service/intent-classification': () => import('../features/service/intents/IntentListPage.tsx'),
  '/service/intent-classification/{ouCode}/{intentId}': () => import('../features/service/intents/IntentDetailPage.tsx'),
  '/service/virtual-chat-cs': () => import('../features/service/virtual-chat/VirtualChatPage.tsx'),
  '/service/integration': () => import('../features/service/integration/IntegrationPage.tsx'),
  '/service/messages-for-me': () => import('../features/service/inbox/MessagesForMePage.tsx'),
  '/service/history-chat': () => import('../features/service/history/HistoryChatPage.tsx'),
  '/service/manage-cs-users': () => import('../features/service/agents/ManageCsUsersPage.tsx'),
  '/service/canned-replies': () => import('../features/service/canned-replies/CannedRepliesPage.tsx'),
  '/analysis/ai-insights': () => import('../features/analysis/ai-insights/AiInsightsPage.tsx'),
  '/analysis/saved-graphs': () => import('../features/analysis/saved-graphs/SavedGraphsPage.tsx'),
  '/analysis/database-manager': () => import('../features/analysis/database-manager/DatabaseManagerPage.tsx'),
  '/analysis/database-manager/dataset/{id}': () => import('../features/analysis/database-manager/DatasetPage.tsx'),
  '/administration/manage-leads': () => import('../features/administration/leads/ManageLeadsPage.tsx'),
  '/accounting/chart-of-accounts': () => import('../features/accounting/coa/ChartOfAccountsPage.tsx'),
  '/accounting/document-template': () => import('../features/accounting/document-templates/DocumentTemplatesPage.tsx'),
  '/accounting/journal': () => import('../features/accounting/journals/JournalPage.tsx'),
  '/accounting/cash-in': () => import('../features/accounting/cash-transactions/CashInPage.tsx'),
  '/accounting/cash-out': () => import('../features/accounting/cash-transactions/CashOutPage.tsx'),
  '/accounting/approval-flow': () => import('../features/accounting/approval-flows/ApprovalFlowPage.tsx'),
  '/accounting/approval-inbox': () => import('../features/accounting/approval-flows/ApprovalInboxPage.tsx'),
  '/accounting/cash-bank': () => import('../features/accounting/cash-bank/CashBankPage.tsx'),
  '/accounting/customer': () => import('../features/accounting/partners/CustomerPage.tsx'),
  '/accounting/supplier': () => import('../features/accounting/partners/SupplierPage.tsx'),
  '/accounting/employee': () => import('../features/accounting/employees/EmployeePage.tsx'),
  '/accounting/warehouse': () => import('../features/accounting/warehouses/WarehousePage.tsx'),
  '/accounting/product': () => import('../features/accounting/products/ProductPage.tsx'),
  '/accounting/product-setup': () => import('../features/accounting/product-setup/ProductSetupPage.tsx'),
  '/accounting/currency': () => import('../features/accounting/currencies/CurrencyPage.tsx'),
  '/accounting/country': () => import('../features/accounting/countries/CountryPage.tsx'),
  '/accounting/trial-balance': () => import('../features/accounting/reports/TrialBalancePage.tsx'),
  '/accounting/general-ledger': () => import('../features/accounting/reports/GeneralLedgerPage.tsx'),
  '/accounting/profit-loss': () => import('../features/accounting/reports/ProfitLossPage.tsx'),
  '/accounting/balance-sheet': () => import('../features/accounting/reports/BalanceSheetPage.tsx'),
  '/accounting/cash-bank-book': () => import('../features/accounting/reports/CashBankBookPage.tsx'),
  '/accounting/audit-log': () => import('../features/accounting/audit-log/AuditLogPage.tsx'),
};

/** A page's module, and its area's texts when they load with the area's pages (i18n/area-texts.ts). */
const loadPage = (path: string) => {
  const load = PAGE_MODULES[path];
  return load && Promise.all([load(), loadAreaTextsOf(path.split('/')[1])]).then(([page]) => page);
};

export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  Object.keys(PAGE_MODULES).map((path) => [path, lazy(() => loadPage(path)!)]),
);

/**
 * Starts loading a route's page chunk ahead of its rendering (the layout of a logged-in page is a chunk of its own
 * too, so both download at once instead of one after the other). The module loader keeps the one answer.
 */
export function preloadPage(path: string) {
  loadPage(path)?.catch(() => {
    // The page's own lazy load reports the failure when it renders.
  });
}
