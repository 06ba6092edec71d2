import { z } from 'zod';
import { defineEndpoint, listOf, listQuery, sortBy } from '../endpoint.ts';
import type { Task } from '../tasks.ts';
import { DOCUMENT_ACTIONS, DOCUMENT_LABELS, DOCUMENT_STATUSES, DOCUMENT_SUB_STATUSES } from './documents.ts';
import { decimalString } from './warehouses.ts';
import { APPROVE_DOCUMENT_TASKS, LEDGER_DOCUMENT_TASKS } from './ledger-tasks.ts';

/**
 * The document engine's API shapes (issue 11), shared by every document type: the journal and cash modules build
 * their create/update/list endpoints from these header, line and list schemas, and every type is acted on, read and
 * traced through the generic endpoints below.
 */

const isoDate = z.iso.date();
const text = (max: number) => z.string().trim().max(max).nullable().default(null);
const unsignedAmount = decimalString.refine((v) => !v.startsWith('-'), 'not negative');

/** What a user enters as a document's header. */
export const documentHeaderInput = z.object({
  /** Blank: the next number of the type's document template; a typed number is kept and must be unique per type. */
  number: z
    .string()
    .trim()
    .max(40)
    .regex(/^[^\s]*$/, 'no spaces')
    .default(''),
  documentDate: isoDate,
  dueDate: isoDate.nullable().default(null),
  reference: text(100),
  externalNumber: text(60),
  externalDate: isoDate.nullable().default(null),
  remarks: text(500),
  /** Null: the book currency ("currency follows the book currency"). */
  currencyId: z.uuid().nullable().default(null),
  ouId: z.uuid().nullable().default(null),
  partnerId: z.uuid().nullable().default(null),
  cashBankId: z.uuid().nullable().default(null),
  taxAmount: unsignedAmount.default('0'),
});
export type DocumentHeaderInput = z.input<typeof documentHeaderInput>;

/** A line: ledger lines use coa/debit/credit; trade lines product/quantity/unit price/discount. Amounts in the document currency. */
export const documentLineInput = z.object({
  coaId: z.uuid().nullable().default(null),
  ouId: z.uuid().nullable().default(null),
  segmentId: z.uuid().nullable().default(null),
  partnerId: z.uuid().nullable().default(null),
  productId: z.uuid().nullable().default(null),
  quantity: unsignedAmount.nullable().default(null),
  unitPrice: unsignedAmount.nullable().default(null),
  discountPercent: unsignedAmount
    .refine((v) => Number(v) <= 100, 'at most 100')
    .nullable()
    .default(null),
  discountAmount: unsignedAmount.nullable().default(null),
  taxCode: text(20),
  debit: unsignedAmount.default('0'),
  credit: unsignedAmount.default('0'),
  memo: text(200),
});
export type DocumentLineInput = z.input<typeof documentLineInput>;

export const documentInput = documentHeaderInput.extend({ lines: z.array(documentLineInput).min(1).max(500) });
export type DocumentInput = z.input<typeof documentInput>;

export const documentLine = z.object({
  lineNo: z.number().int(),
  coaId: z.string().nullable(),
  /** The account's code and name, so that a reader without the COA tasks (an approver) sees what is posted. */
  coaCode: z.string().nullable(),
  coaName: z.string().nullable(),
  ouId: z.string().nullable(),
  segmentId: z.string().nullable(),
  partnerId: z.string().nullable(),
  productId: z.string().nullable(),
  quantity: z.string().nullable(),
  unitPrice: z.string().nullable(),
  discountPercent: z.string().nullable(),
  discountAmount: z.string().nullable(),
  taxCode: z.string().nullable(),
  debit: z.string(),
  credit: z.string(),
  bookDebit: z.string(),
  bookCredit: z.string(),
  memo: z.string().nullable(),
});
export type DocumentLine = z.infer<typeof documentLine>;

/** What the caller is to the document; the web derives buttons (actionsFor) and the label (documentLabel) from it. */
export const documentViewer = z.object({
  isAuthor: z.boolean(),
  isCurrentApprover: z.boolean(),
  mayRelease: z.boolean(),
  mayEdit: z.boolean(),
  lastLevelNext: z.boolean(),
});

export const documentHeader = z.object({
  documentId: z.string(),
  type: z.string(),
  number: z.string(),
  documentDate: z.string(),
  dueDate: z.string().nullable(),
  reference: z.string().nullable(),
  externalNumber: z.string().nullable(),
  externalDate: z.string().nullable(),
  remarks: z.string().nullable(),
  currencyId: z.string(),
  currencyCode: z.string(),
  rate: z.string(),
  ouId: z.string().nullable(),
  partnerId: z.string().nullable(),
  cashBankId: z.string().nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  subStatus: z.enum(DOCUMENT_SUB_STATUSES).nullable(),
  /** The label the caller sees (spec 4) and the actions the caller may take now. */
  label: z.enum(DOCUMENT_LABELS),
  actions: z.array(z.enum(DOCUMENT_ACTIONS)),
  viewer: documentViewer,
  approvalFlowId: z.string().nullable(),
  approvalLevel: z.number().int().nullable(),
  taxAmount: z.string(),
  totalAmount: z.string(),
  totalBookAmount: z.string(),
  createdBy: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
});
export type DocumentHeader = z.infer<typeof documentHeader>;

export const documentDetail = documentHeader.extend({ lines: z.array(documentLine) });
export type DocumentDetail = z.infer<typeof documentDetail>;

export const DOCUMENT_SORT = ['number', 'documentDate', 'total', 'status', 'createdAt'] as const;

/** A document list's filters (every type's list endpoint takes these, plus its own). */
export const documentListQuery = listQuery.extend({
  /** Searched in number, reference and remarks (keyword). */
  status: z.enum(DOCUMENT_STATUSES).optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  ouId: z.uuid().optional(),
  partnerId: z.uuid().optional(),
  amountFrom: decimalString.optional(),
  amountTo: decimalString.optional(),
  sort: sortBy(DOCUMENT_SORT),
});
export type DocumentListQuery = z.output<typeof documentListQuery>;

export const documentHistoryItem = z.object({
  at: z.string(),
  userId: z.string(),
  userName: z.string(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  approvalLevel: z.number().int().nullable(),
  comment: z.string().nullable(),
});
export type DocumentHistoryItem = z.infer<typeof documentHistoryItem>;

/** The actions of the action endpoint (edit and delete have their own endpoints per type). */
export { APPROVE_DOCUMENT_TASKS, LEDGER_DOCUMENT_TASKS };

export const DOCUMENT_STEP_ACTIONS = ['submit', 'approve', 'reject', 'requestChanges', 'cancelApproval', 'release', 'void'] as const;
export type DocumentStepAction = (typeof DOCUMENT_STEP_ACTIONS)[number];

/** Any task that reads or acts on some document type: the generic endpoints' gate. */
export const ANY_DOCUMENT_TASK = [...new Set(Object.values(LEDGER_DOCUMENT_TASKS).flatMap((t) => [...t.read]))] as Task[];

const documentId = z.object({ documentId: z.uuid() });

export const inboxItem = documentHeader.pick({
  documentId: true,
  type: true,
  number: true,
  documentDate: true,
  reference: true,
  remarks: true,
  currencyCode: true,
  totalAmount: true,
  totalBookAmount: true,
  approvalLevel: true,
  createdBy: true,
  createdByName: true,
  submittedAt: true,
  label: true,
  actions: true,
});
export type InboxItem = z.infer<typeof inboxItem>;

export const documentEndpoints = {
  getDocument: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/documents/{documentId}',
    access: ANY_DOCUMENT_TASK,
    summary: 'One document of any type with its lines, the label the caller sees and the actions the caller may take',
    params: documentId,
    response: documentDetail,
  }),
  actOnDocument: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/documents/{documentId}/actions/{action}',
    access: ANY_DOCUMENT_TASK,
    summary: 'Submit, approve, reject, request changes, cancel approval, release or void a document (transition table of the contracts)',
    params: documentId.extend({ action: z.enum(DOCUMENT_STEP_ACTIONS) }),
    body: z.object({ comment: z.string().trim().max(500).optional() }),
    response: documentDetail,
  }),
  documentHistory: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/documents/{documentId}/history',
    access: ANY_DOCUMENT_TASK,
    summary: 'Every step of a document: who, when, what, the approval level and the comment',
    params: documentId,
    response: z.object({ items: z.array(documentHistoryItem) }),
  }),
  approvalInbox: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/approval-inbox',
    access: APPROVE_DOCUMENT_TASKS,
    summary: "Documents waiting for the caller's approval across types",
    query: listQuery.extend({ type: z.string().max(10).optional() }),
    response: listOf(inboxItem),
  }),
  approvalInboxCounts: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/approval-inbox/counts',
    access: APPROVE_DOCUMENT_TASKS,
    summary: "How many documents wait for the caller's approval, per type (the sidebar badge)",
    response: z.object({ total: z.number().int(), byType: z.record(z.string(), z.number().int()) }),
  }),
};
