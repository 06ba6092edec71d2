import { describe, expect, it } from 'vitest';
import { TASKS, actionLevel, hasAnyTask, isTask, parseTaskList } from './tasks.ts';

/** Every task name spec 6 lists by name, area by area. */
const SPEC_6_TASKS = [
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
];
/** Spec 6: configuration user, page access (Akses Halaman), business unit, policy and role have three variants each. */
const CONFIG_SCOPES = ['ConfigUser', 'AksesHalaman', 'ConfigBusinessUnit', 'ConfigPolicy', 'ConfigRole'];
/** Spec 6: ERP master-data tasks for all, master, product, COA, fixed asset, cash bank, currency, customer, supplier, employee, warehouse. */
const ERP_SCOPES = ['All', 'Master', 'Product', 'Coa', 'FixedAsset', 'CashBank', 'Currency', 'Customer', 'Supplier', 'Employee', 'Warehouse'];
const VARIANTS = ['writeAll', 'createEdit', 'readOnly'];
/** Issue 11: the general ledger's scopes (same three variants) and its approve tasks (the "plus approve"). */
const LEDGER_SCOPES = ['Journal', 'CashInOut', 'ApprovalFlow', 'LedgerReport', 'AuditLog'];
const APPROVE_TASKS = ['approveErpJournal', 'approveErpCashInOut'];
/** Issue 24: the canned replies of the agents' inbox. */
const CANNED_REPLY_TASKS = ['viewCannedReply', 'editCannedReply'];

describe('TASKS (spec 6 catalogue)', () => {
  it('has no duplicates', () => {
    expect(new Set(TASKS).size).toBe(TASKS.length);
  });

  it('includes every task named in spec 6', () => {
    expect(TASKS).toEqual(expect.arrayContaining(SPEC_6_TASKS));
  });

  it('includes the three variants of every configuration and ERP scope', () => {
    const scopes = [...ERP_SCOPES, ...LEDGER_SCOPES];
    const expected = VARIANTS.flatMap((v) => [...CONFIG_SCOPES.map((s) => `${v}${s}`), ...scopes.map((s) => `${v}Erp${s}`)]);
    expect(TASKS).toEqual(expect.arrayContaining([...expected, ...APPROVE_TASKS, ...CANNED_REPLY_TASKS]));
    expect(TASKS).toHaveLength(SPEC_6_TASKS.length + APPROVE_TASKS.length + CANNED_REPLY_TASKS.length + expected.length);
  });

  it('follows the name patterns of spec 6', () => {
    for (const t of TASKS) expect(t).toMatch(/^(view|add|edit|send|writeAll|readOnly|createEdit|manage|approve)[A-Z]/);
  });

  it('knows its own names and nothing else', () => {
    expect(isTask('viewConfig')).toBe(true);
    expect(isTask('viewconfig')).toBe(false);
    expect(isTask('toString')).toBe(false);
    expect(isTask('')).toBe(false);
  });
});

describe('hasAnyTask (spec 6: any of the named tasks, or none named)', () => {
  it('passes when no task is required, even for a user holding none', () => {
    expect(hasAnyTask([], [])).toBe(true);
    expect(hasAnyTask(['viewConfig'], [])).toBe(true);
  });

  it('passes when the user holds any one of the tasks', () => {
    expect(hasAnyTask(['viewCountChat', 'readOnlyConfigUser'], ['writeAllConfigUser', 'readOnlyConfigUser'])).toBe(true);
  });

  it('fails when the user holds none of them', () => {
    expect(hasAnyTask([], ['viewConfig'])).toBe(false);
    expect(hasAnyTask(['viewConfigX', 'viewconfig'], ['viewConfig'])).toBe(false);
  });
});

describe('parseTaskList (spec 6: a comma-separated list is accepted)', () => {
  it('splits, trims and drops empty parts', () => {
    expect(parseTaskList('viewConfig, managePasswordPolicy ,,viewCountChat,')).toEqual(['viewConfig', 'managePasswordPolicy', 'viewCountChat']);
    expect(parseTaskList('')).toEqual([]);
    expect(parseTaskList(' viewConfig ')).toEqual(['viewConfig']);
  });

  it('accepts an array as well', () => {
    expect(parseTaskList([' viewConfig', '', 'viewCountChat '])).toEqual(['viewConfig', 'viewCountChat']);
  });

  it('feeds hasAnyTask', () => {
    expect(hasAnyTask(['viewCountChat'], parseTaskList('viewConfig,viewCountChat'))).toBe(true);
    expect(hasAnyTask(['viewCountChat'], parseTaskList(' , '))).toBe(true);
  });
});

describe('actionLevel (spec 6 menu buttons)', () => {
  it('gives full actions for writeAll, edit for createEdit, else view', () => {
    expect(actionLevel(['writeAllConfigUser'], 'ConfigUser')).toBe('full');
    expect(actionLevel(['createEditConfigUser'], 'ConfigUser')).toBe('edit');
    expect(actionLevel(['readOnlyConfigUser'], 'ConfigUser')).toBe('view');
    expect(actionLevel([], 'ConfigUser')).toBe('view');
  });

  it('takes the strongest variant held and looks only at the asked scope', () => {
    expect(actionLevel(['readOnlyConfigUser', 'createEditConfigUser', 'writeAllConfigUser'], 'ConfigUser')).toBe('full');
    expect(actionLevel(['readOnlyConfigUser', 'createEditConfigUser'], 'ConfigUser')).toBe('edit');
    expect(actionLevel(['writeAllConfigRole'], 'ConfigUser')).toBe('view');
  });
});
