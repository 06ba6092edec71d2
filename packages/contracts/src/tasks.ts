/** The task catalogue of spec 6. A task is a named permission; a check passes when the user holds any named task. */

const erpScopes = [
  'All',
  'Master',
  'Product',
  'Coa',
  'FixedAsset',
  'CashBank',
  'Currency',
  'Customer',
  'Supplier',
  'Employee',
  'Warehouse',
  // The general ledger (issue 11): documents, approval flows, the accountant's reports and the audit log.
  'Journal',
  'CashInOut',
  'ApprovalFlow',
  'LedgerReport',
  'AuditLog',
] as const;
const configScopes = ['ConfigUser', 'AksesHalaman', 'ConfigBusinessUnit', 'ConfigPolicy', 'ConfigRole'] as const;
const variants = ['writeAll', 'createEdit', 'readOnly'] as const;

type Variant = (typeof variants)[number];
type ErpTask = `${Variant}Erp${(typeof erpScopes)[number]}`;
type ConfigTask = `${Variant}${(typeof configScopes)[number]}`;

const featureTasks = [
  'viewManagementLeads',
  'editManagementLeads',
  'viewAiInsightsSales',
  'sendAiInsightsSales',
  'viewSavedGraph',
  'editSavedGraph',
  'viewManageDatabaseAiAnalytics',
  'addManageDatabaseAiAnalytics',
  'editManageDatabaseAiAnalytics',
  'viewDataset',
  'viewFineTuning',
  'sendChatForMe',
  'viewHistoryChat',
  'viewIntegrate',
  'editIntegrate',
  'viewIntentClassifier',
  'editIntentClassifier',
  'viewVirtualChatCS',
  'viewManageCSUser',
  'addManageCSUser',
  'editManageCSUser',
  // Issue 24: the canned replies agents insert with `/` in the inbox.
  'viewCannedReply',
  'editCannedReply',
  'viewPercantikProduk',
  'viewRiwayatGenerate',
  'viewManageVisualStyle',
  'viewHealingInnerChildProducts',
  'viewManageProductHealing',
  'addManageProductHealing',
  'editManageProductHealing',
  'viewManageUserHealing',
  'addManageUserHealing',
  'editManageUserHealing',
  'viewSessionChatPerModel',
  'viewCostUsagePerModel',
  'viewCountChat',
  'viewAccumulationNewCustomer',
  'viewDailyDurationChat',
  'viewMonthlyDurationChat',
  'viewCountUsageGenerateImage',
  'viewCostUsageGenerateImage',
  'viewChatQuotaRequest',
  'viewMonthlyDailyRequest',
  'viewConfig',
  'managePasswordPolicy',
  // Issue 11: approving a document type's documents when an approval flow names the user or their role.
  'approveErpJournal',
  'approveErpCashInOut',
] as const;

export type Task = (typeof featureTasks)[number] | ConfigTask | ErpTask;

const combine = <S extends string>(scopes: readonly S[], infix = '') => variants.flatMap((v) => scopes.map((s) => `${v}${infix}${s}`));

export const TASKS: readonly Task[] = [...featureTasks, ...(combine(configScopes) as ConfigTask[]), ...(combine(erpScopes, 'Erp') as ErpTask[])];

/**
 * The vendor's own screens (the demo requests of the public site that sells Nusa): only the vendor tenant's users
 * may hold these tasks; in every other tenant they are never effective, not even for its Super Admin.
 */
export const VENDOR_TASKS: readonly Task[] = ['viewManagementLeads', 'editManagementLeads'];

const taskSet = new Set<string>(TASKS);
export const isTask = (name: string): name is Task => taskSet.has(name);

/** Spec 6: a check passes if the user holds any of the named tasks, or none is named. */
export function hasAnyTask(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) return true;
  return required.some((t) => held.includes(t));
}

/** Spec 6: tasks may be given as a comma-separated list. */
export function parseTaskList(list: string | readonly string[]): string[] {
  const parts = typeof list === 'string' ? list.split(',') : list;
  return parts.map((t) => t.trim()).filter(Boolean);
}

export type ActionLevel = 'full' | 'edit' | 'view';
/** Spec 6: writeAll* gives full actions, createEdit* an edit button, anything else view only. */
export function actionLevel(held: readonly string[], scope: string): ActionLevel {
  if (held.includes(`writeAll${scope}`)) return 'full';
  if (held.includes(`createEdit${scope}`)) return 'edit';
  return 'view';
}
