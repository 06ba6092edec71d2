import type { Task } from './tasks.ts';
import { LEDGER_DOCUMENT_TASKS, LEDGER_REPORT_READ } from './accounting/ledger-tasks.ts';

/**
 * The web's route and menu table (spec 2). Only areas that exist are listed; later modules add theirs.
 * `titleKey` is an i18n key; `tasks` are the tasks of which the user must hold any (empty: any logged-in user).
 */
export interface AppRoute {
  path: string;
  titleKey: string;
  /** Sidebar area this page belongs to; undefined for public pages. */
  area?: AreaKey;
  tasks: readonly Task[];
  public?: boolean;
  /** Listed in the sidebar under its area. */
  inMenu?: boolean;
}

export interface Area {
  key: string;
  path: string;
  titleKey: string;
  /** Sidebar order of spec 2. */
  order: number;
  /** Shown to everybody (dashboard) even without tasks. */
  alwaysShown?: boolean;
}

export const AREAS = [
  { key: 'dashboard', path: '/dashboard', titleKey: 'menu.dashboard', order: 1, alwaysShown: true },
  { key: 'service', path: '/service', titleKey: 'menu.service', order: 2 },
  { key: 'analysis', path: '/analysis', titleKey: 'menu.analysis', order: 5 },
  { key: 'administration', path: '/administration', titleKey: 'menu.administration', order: 6 },
  // The issue places accounting at 7, before configuration (the spec gives configuration no number).
  { key: 'accounting', path: '/accounting', titleKey: 'menu.accounting', order: 7 },
  { key: 'configuration', path: '/configuration', titleKey: 'menu.configuration', order: 8 },
] as const satisfies readonly Area[];
export type AreaKey = (typeof AREAS)[number]['key'];

export const PUBLIC_ROUTES: readonly AppRoute[] = [
  { path: '/login', titleKey: 'page.login', tasks: [], public: true },
  { path: '/not-found', titleKey: 'page.notFound', tasks: [], public: true },
  { path: '/landing', titleKey: 'page.landing', tasks: [], public: true },
  { path: '/forgot-password', titleKey: 'page.forgotPassword', tasks: [], public: true },
  { path: '/reset-password', titleKey: 'page.resetPassword', tasks: [], public: true },
  { path: '/request-demo', titleKey: 'page.requestDemo', tasks: [], public: true },
  { path: '/form-request/payment', titleKey: 'page.requestPayment', tasks: [], public: true },
  { path: '/form-request/complete', titleKey: 'page.requestComplete', tasks: [], public: true },
  // Spec 2 names no path for the free-trial registration.
  { path: '/register', titleKey: 'page.register', tasks: [], public: true },
];

/** Spec 6 variants of an ERP scope: read-only, create/edit and write-all, plus the ERP-wide "All" variants. */
const erpReaders = (scope: 'Coa' | 'CashBank' | 'Customer' | 'Supplier' | 'Employee' | 'Warehouse' | 'Product' | 'Currency' | 'Master') =>
  [
    `readOnlyErp${scope}`,
    `createEditErp${scope}`,
    `writeAllErp${scope}`,
    'readOnlyErpAll',
    'createEditErpAll',
    'writeAllErpAll',
  ] as const satisfies readonly Task[];

const service = (path: string, titleKey: string, tasks: readonly Task[], inMenu = true): AppRoute => ({
  path: `/service/${path}`,
  titleKey,
  area: 'service',
  tasks,
  inMenu,
});

const accounting = (path: string, titleKey: string, tasks: readonly Task[]): AppRoute => ({
  path: `/accounting/${path}`,
  titleKey,
  area: 'accounting',
  tasks,
  inMenu: true,
});

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/dashboard', titleKey: 'menu.dashboard', area: 'dashboard', tasks: [], inMenu: true },
  {
    path: '/administration/manage-leads',
    titleKey: 'page.manageLeads',
    area: 'administration',
    tasks: ['viewManagementLeads', 'editManagementLeads'],
    inMenu: true,
  },
  service('create-new-client', 'service.title.createClient', ['viewDataset']),
  service('fine-tuning', 'serviceFineTuning.title', ['viewFineTuning']),
  service('dataset', 'service.title.dataset', ['viewDataset']),
  service('dataset/{datasetId}', 'service.title.datasetDetail', ['viewDataset'], false),
  service('messages-for-me', 'serviceInbox.title', ['sendChatForMe']),
  service('history-chat', 'serviceInbox.history.title', ['viewHistoryChat']),
  service('manage-cs-users', 'serviceInbox.agents.title', ['viewManageCSUser', 'addManageCSUser', 'editManageCSUser']),
  service('canned-replies', 'cannedReplies.title', ['viewCannedReply', 'editCannedReply']),
  service('intent-classification', 'service.title.intentClassification', ['viewIntentClassifier', 'editIntentClassifier']),
  service('intent-classification/{ouCode}/{intentId}', 'service.title.intentDetail', ['viewIntentClassifier', 'editIntentClassifier'], false),
  service('virtual-chat-cs', 'service.title.virtualChat', ['viewVirtualChatCS']),
  service('integration', 'serviceChannels.title', ['viewIntegrate', 'editIntegrate']),
  {
    path: '/analysis/ai-insights',
    titleKey: 'analysis.title.aiInsights',
    area: 'analysis',
    tasks: ['viewAiInsightsSales', 'sendAiInsightsSales'],
    inMenu: true,
  },
  {
    path: '/analysis/saved-graphs',
    titleKey: 'analysis.title.savedGraphs',
    area: 'analysis',
    tasks: ['viewSavedGraph', 'editSavedGraph'],
    inMenu: true,
  },
  {
    path: '/analysis/database-manager',
    titleKey: 'analysis.title.databaseManager',
    area: 'analysis',
    tasks: ['viewManageDatabaseAiAnalytics', 'addManageDatabaseAiAnalytics', 'editManageDatabaseAiAnalytics'],
    inMenu: true,
  },
  {
    path: '/analysis/database-manager/dataset/{id}',
    titleKey: 'analysis.title.dataset',
    area: 'analysis',
    tasks: ['viewManageDatabaseAiAnalytics', 'addManageDatabaseAiAnalytics', 'editManageDatabaseAiAnalytics'],
  },
  accounting('chart-of-accounts', 'page.chartOfAccounts', erpReaders('Coa')),
  accounting('cash-bank', 'page.cashBank', erpReaders('CashBank')),
  accounting('customer', 'page.customer', erpReaders('Customer')),
  accounting('supplier', 'page.supplier', erpReaders('Supplier')),
  accounting('employee', 'page.employee', erpReaders('Employee')),
  accounting('warehouse', 'page.warehouse', erpReaders('Warehouse')),
  accounting('product', 'page.product', erpReaders('Product')),
  accounting('product-setup', 'page.productSetup', erpReaders('Product')),
  accounting('currency', 'page.currency', erpReaders('Currency')),
  accounting('country', 'page.country', erpReaders('Master')),
  accounting('document-template', 'page.documentTemplate', erpReaders('Master')),
  accounting('journal', 'page.journal', LEDGER_DOCUMENT_TASKS.JV.read),
  accounting('cash-in', 'page.cashIn', LEDGER_DOCUMENT_TASKS.CI.read),
  accounting('cash-out', 'page.cashOut', LEDGER_DOCUMENT_TASKS.CO.read),
  accounting('approval-flow', 'page.approvalFlow', ['readOnlyErpApprovalFlow', 'createEditErpApprovalFlow', 'writeAllErpApprovalFlow']),
  accounting('approval-inbox', 'page.approvalInbox', ['approveErpJournal', 'approveErpCashInOut']),
  accounting('trial-balance', 'page.trialBalance', LEDGER_REPORT_READ),
  accounting('general-ledger', 'page.generalLedger', LEDGER_REPORT_READ),
  accounting('profit-loss', 'page.profitLoss', LEDGER_REPORT_READ),
  accounting('balance-sheet', 'page.balanceSheet', LEDGER_REPORT_READ),
  accounting('cash-bank-book', 'page.cashBankBook', LEDGER_REPORT_READ),
  accounting('audit-log', 'page.auditLog', ['readOnlyErpAuditLog', 'createEditErpAuditLog', 'writeAllErpAuditLog']),
  {
    path: '/configuration/user',
    titleKey: 'page.configUser',
    area: 'configuration',
    tasks: ['readOnlyConfigUser', 'createEditConfigUser', 'writeAllConfigUser'],
    inMenu: true,
  },
  {
    path: '/configuration/business-unit',
    titleKey: 'businessUnit.title',
    area: 'configuration',
    tasks: ['readOnlyConfigBusinessUnit', 'createEditConfigBusinessUnit', 'writeAllConfigBusinessUnit'],
    inMenu: true,
  },
  {
    path: '/configuration/business-unit/edit-legal-info/{ouCode?}',
    titleKey: 'legalInfo.title',
    area: 'configuration',
    tasks: ['readOnlyConfigBusinessUnit', 'createEditConfigBusinessUnit', 'writeAllConfigBusinessUnit'],
  },
  {
    path: '/configuration/policy-ou',
    titleKey: 'policyOu.title',
    area: 'configuration',
    tasks: ['readOnlyConfigPolicy', 'createEditConfigPolicy', 'writeAllConfigPolicy'],
    inMenu: true,
  },
  {
    path: '/configuration/role',
    titleKey: 'page.configRole',
    area: 'configuration',
    tasks: ['readOnlyConfigRole', 'createEditConfigRole', 'writeAllConfigRole'],
    inMenu: true,
  },
  {
    path: '/configuration/page-access',
    titleKey: 'page.pageAccess',
    area: 'configuration',
    tasks: ['readOnlyAksesHalaman', 'createEditAksesHalaman', 'writeAllAksesHalaman'],
    inMenu: true,
  },
  {
    path: '/configuration/app-configuration',
    titleKey: 'page.appConfiguration',
    area: 'configuration',
    tasks: ['viewConfig', 'managePasswordPolicy'],
    inMenu: true,
  },
  { path: '/configuration/change-password', titleKey: 'changePassword.title', area: 'configuration', tasks: [], inMenu: false },
  { path: '/configuration/edit-profile', titleKey: 'profile.title', area: 'configuration', tasks: [], inMenu: false },
  {
    path: '/configuration/user-audit',
    titleKey: 'userAudit.title',
    area: 'configuration',
    tasks: ['readOnlyConfigUser', 'createEditConfigUser', 'writeAllConfigUser'],
    inMenu: false,
  },
];

export const HOME_ROUTE = '/dashboard';
export const LANDING_ROUTE = '/landing';
export const LOGIN_ROUTE = '/login';
export const NOT_FOUND_ROUTE = '/not-found';
