import type { Task } from '../tasks.ts';

/**
 * The page-access tree of spec 6, grouped by area: menu → page → its task variants (view/add/edit/send,
 * or writeAll/createEdit/readOnly). Every task of the catalogue appears exactly once (a unit test checks).
 */
export interface TaskTreePage {
  key: string;
  tasks: readonly Task[];
}
export interface TaskTreeArea {
  key: string;
  pages: readonly TaskTreePage[];
}

const variants = <S extends string>(scope: S) => [`writeAll${scope}`, `createEdit${scope}`, `readOnly${scope}`] as const;

/** `as const`: the area and page keys stay literal, so the web's t(`taskTree.area.${key}`) is checked for each one. */
export const TASK_TREE = [
  {
    key: 'dashboard',
    pages: [
      {
        key: 'chatUsage',
        tasks: [
          'viewSessionChatPerModel',
          'viewCostUsagePerModel',
          'viewCountChat',
          'viewAccumulationNewCustomer',
          'viewDailyDurationChat',
          'viewMonthlyDurationChat',
          'viewChatQuotaRequest',
          'viewMonthlyDailyRequest',
        ],
      },
      { key: 'imageUsage', tasks: ['viewCountUsageGenerateImage', 'viewCostUsageGenerateImage'] },
    ],
  },
  {
    key: 'service',
    pages: [
      { key: 'createClient', tasks: ['viewDataset'] },
      { key: 'fineTuning', tasks: ['viewFineTuning'] },
      { key: 'messagesForMe', tasks: ['sendChatForMe'] },
      { key: 'historyChat', tasks: ['viewHistoryChat'] },
      { key: 'integration', tasks: ['viewIntegrate', 'editIntegrate'] },
      { key: 'intentClassification', tasks: ['viewIntentClassifier', 'editIntentClassifier'] },
      { key: 'virtualChat', tasks: ['viewVirtualChatCS'] },
      { key: 'manageCsUsers', tasks: ['viewManageCSUser', 'addManageCSUser', 'editManageCSUser'] },
      { key: 'cannedReplies', tasks: ['viewCannedReply', 'editCannedReply'] },
    ],
  },
  {
    key: 'healing',
    pages: [
      { key: 'healingProducts', tasks: ['viewHealingInnerChildProducts'] },
      { key: 'manageHealingProducts', tasks: ['viewManageProductHealing', 'addManageProductHealing', 'editManageProductHealing'] },
      { key: 'manageHealingUsers', tasks: ['viewManageUserHealing', 'addManageUserHealing', 'editManageUserHealing'] },
    ],
  },
  {
    key: 'product',
    pages: [
      { key: 'beautifyProducts', tasks: ['viewPercantikProduk'] },
      { key: 'generationHistory', tasks: ['viewRiwayatGenerate'] },
      { key: 'manageStyle', tasks: ['viewManageVisualStyle'] },
    ],
  },
  {
    key: 'analysis',
    pages: [
      { key: 'aiInsights', tasks: ['viewAiInsightsSales', 'sendAiInsightsSales'] },
      { key: 'savedGraphs', tasks: ['viewSavedGraph', 'editSavedGraph'] },
      { key: 'databaseManager', tasks: ['viewManageDatabaseAiAnalytics', 'addManageDatabaseAiAnalytics', 'editManageDatabaseAiAnalytics'] },
    ],
  },
  { key: 'administration', pages: [{ key: 'manageLeads', tasks: ['viewManagementLeads', 'editManagementLeads'] }] },
  {
    key: 'accounting',
    pages: [
      { key: 'erpAll', tasks: variants('ErpAll') },
      { key: 'erpMaster', tasks: variants('ErpMaster') },
      { key: 'erpCoa', tasks: variants('ErpCoa') },
      { key: 'erpCashBank', tasks: variants('ErpCashBank') },
      { key: 'erpCurrency', tasks: variants('ErpCurrency') },
      { key: 'erpCustomer', tasks: variants('ErpCustomer') },
      { key: 'erpSupplier', tasks: variants('ErpSupplier') },
      { key: 'erpEmployee', tasks: variants('ErpEmployee') },
      { key: 'erpWarehouse', tasks: variants('ErpWarehouse') },
      { key: 'erpProduct', tasks: variants('ErpProduct') },
      { key: 'erpFixedAsset', tasks: variants('ErpFixedAsset') },
      { key: 'erpJournal', tasks: [...variants('ErpJournal'), 'approveErpJournal'] },
      { key: 'erpCashInOut', tasks: [...variants('ErpCashInOut'), 'approveErpCashInOut'] },
      { key: 'erpApprovalFlow', tasks: variants('ErpApprovalFlow') },
      { key: 'erpLedgerReport', tasks: variants('ErpLedgerReport') },
      { key: 'erpAuditLog', tasks: variants('ErpAuditLog') },
    ],
  },
  {
    key: 'configuration',
    pages: [
      { key: 'user', tasks: variants('ConfigUser') },
      { key: 'role', tasks: variants('ConfigRole') },
      { key: 'pageAccess', tasks: variants('AksesHalaman') },
      { key: 'businessUnit', tasks: variants('ConfigBusinessUnit') },
      { key: 'policyOu', tasks: variants('ConfigPolicy') },
      { key: 'appConfiguration', tasks: ['viewConfig', 'managePasswordPolicy'] },
    ],
  },
] as const satisfies readonly TaskTreeArea[];
