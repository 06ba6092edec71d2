import type { Task } from '../tasks.ts';
import type { LEDGER_DOCUMENT_TYPES } from './documents.ts';

/*
 * The ledger's task lists, in a module without schemas: the route table (in every page's first load) needs them,
 * and importing them from documents-api.ts or reports.ts brought those modules' zod schemas along.
 */

/** Tasks of the ledger's document types, for the generic endpoints (the engine checks the document's own type's tasks). */
export const LEDGER_DOCUMENT_TASKS = {
  JV: {
    read: ['readOnlyErpJournal', 'createEditErpJournal', 'writeAllErpJournal', 'approveErpJournal'],
    edit: ['createEditErpJournal', 'writeAllErpJournal'],
    release: ['writeAllErpJournal'],
    approve: ['approveErpJournal'],
  },
  CI: {
    read: ['readOnlyErpCashInOut', 'createEditErpCashInOut', 'writeAllErpCashInOut', 'approveErpCashInOut'],
    edit: ['createEditErpCashInOut', 'writeAllErpCashInOut'],
    release: ['writeAllErpCashInOut'],
    approve: ['approveErpCashInOut'],
  },
  CO: {
    read: ['readOnlyErpCashInOut', 'createEditErpCashInOut', 'writeAllErpCashInOut', 'approveErpCashInOut'],
    edit: ['createEditErpCashInOut', 'writeAllErpCashInOut'],
    release: ['writeAllErpCashInOut'],
    approve: ['approveErpCashInOut'],
  },
} as const satisfies Record<(typeof LEDGER_DOCUMENT_TYPES)[number]['code'], Record<'read' | 'edit' | 'release' | 'approve', readonly Task[]>>;

/** Tasks of an approver of some document type (the approval inbox). */
export const APPROVE_DOCUMENT_TASKS = ['approveErpJournal', 'approveErpCashInOut'] as const satisfies readonly Task[];

/** Tasks that read the accountant's reports. */
export const LEDGER_REPORT_READ = [
  'readOnlyErpLedgerReport',
  'createEditErpLedgerReport',
  'writeAllErpLedgerReport',
  'readOnlyErpAll',
  'createEditErpAll',
  'writeAllErpAll',
] as const;
