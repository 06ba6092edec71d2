import { TASKS, VENDOR_TASKS, type Task } from '@nusa/contracts';

const dashboardWidgets = TASKS.filter((t) => t.startsWith('view') && /Chat|Usage|Customer|Quota|Request|Duration/.test(t) && !t.includes('Manage'));

export interface StandardRole {
  name: string;
  type: string;
  superAdmin?: boolean;
  tasks: readonly Task[];
}

/** The roles every tenant starts with (the demo's seed and a registered trial's preparation). */
export const STANDARD_ROLES: StandardRole[] = [
  { name: 'Super Admin', type: 'SUPER_ADMIN', superAdmin: true, tasks: [] },
  {
    name: 'Admin',
    type: 'ADMIN',
    tasks: [
      ...TASKS.filter((t) => t.startsWith('writeAll')),
      'viewConfig',
      'managePasswordPolicy',
      'viewManagementLeads',
      'editManagementLeads',
      'approveErpJournal',
      'approveErpCashInOut',
      ...dashboardWidgets,
      // The sales analysis and the customer service in full, so that the Admin holds every task of the Staff and CS
      // Agent roles and may hand them out (issue 9's grant rules).
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
      'viewCannedReply',
      'editCannedReply',
    ],
  },
  {
    name: 'Staff',
    type: 'USER',
    tasks: [...TASKS.filter((t) => t.startsWith('readOnly')), 'viewManagementLeads', 'viewSavedGraph', 'viewAiInsightsSales', ...dashboardWidgets],
  },
  {
    name: 'CS Agent',
    type: 'CS_AGENT',
    tasks: [
      'sendChatForMe',
      'viewHistoryChat',
      'viewVirtualChatCS',
      'viewIntentClassifier',
      'viewDataset',
      'viewCountChat',
      'viewDailyDurationChat',
      'viewCannedReply',
    ],
  },
  {
    name: 'Cashier',
    type: 'CASHIER',
    tasks: ['readOnlyErpProduct', 'readOnlyErpCustomer', 'createEditErpCustomer', 'readOnlyErpCashBank'],
  },
];

/**
 * The standard roles as a tenant gets them: outside the vendor's own tenant they hold no vendor task (Manage
 * Leads), which could never be effective there and which nobody there could grant (issue 9's grant rules).
 */
export const standardRoles = (vendor: boolean): StandardRole[] =>
  STANDARD_ROLES.map((role) => (vendor ? role : { ...role, tasks: role.tasks.filter((task) => !VENDOR_TASKS.includes(task)) }));
