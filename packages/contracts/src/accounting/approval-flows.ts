import { z } from 'zod';
import { defineEndpoint, listOf, listQuery, sortBy } from '../endpoint.ts';
import { LEDGER_DOCUMENT_TYPES } from './documents.ts';
import { decimalString } from './warehouses.ts';

/**
 * Approval flows (spec 1, issue 11): per document type and OU (null: every OU), ordered levels; each level names
 * approving roles and/or users, a mode (any: one approval moves on; all: every named approver) and an amount band on
 * the document's total in the book currency. The levels a document goes through are those whose band holds its total;
 * a document with none (or of a type without a flow) is released on submit.
 */

export const APPROVAL_MODES = ['any', 'all'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** Document types a flow may be for (later trade documents add theirs). */
export const APPROVAL_DOCUMENT_TYPES = LEDGER_DOCUMENT_TYPES;
const documentTypeId = z
  .number()
  .int()
  .refine((n) => APPROVAL_DOCUMENT_TYPES.some((d) => d.id === n), 'unknown document type');

const READ = ['readOnlyErpApprovalFlow', 'createEditErpApprovalFlow', 'writeAllErpApprovalFlow'] as const;
const EDIT = ['createEditErpApprovalFlow', 'writeAllErpApprovalFlow'] as const;
const FULL = ['writeAllErpApprovalFlow'] as const;

const band = decimalString
  .refine((v) => !v.startsWith('-'), 'not negative')
  .nullable()
  .default(null);

export const approvalLevelInput = z.object({
  mode: z.enum(APPROVAL_MODES).default('any'),
  /** The level applies when the total is above this (null: from zero) … */
  amountAbove: band,
  /** … and at most this (null: no limit). */
  amountUpTo: band,
  roleIds: z.array(z.uuid()).max(50).default([]),
  userIds: z.array(z.uuid()).max(200).default([]),
});
export type ApprovalLevelInput = z.input<typeof approvalLevelInput>;

export const approvalFlowInput = z.object({
  name: z.string().trim().min(1).max(100),
  documentTypeId,
  ouId: z.uuid().nullable().default(null),
  active: z.enum(['Y', 'N']).default('Y'),
  /** In order: level 1 first. */
  levels: z.array(approvalLevelInput).min(1).max(10),
});
export type ApprovalFlowInput = z.input<typeof approvalFlowInput>;

const named = z.object({ id: z.string(), name: z.string() });

export const approvalLevel = z.object({
  levelNo: z.number().int(),
  mode: z.enum(APPROVAL_MODES),
  amountAbove: z.string().nullable(),
  amountUpTo: z.string().nullable(),
  roles: z.array(named),
  users: z.array(named),
});
export type ApprovalLevel = z.infer<typeof approvalLevel>;

export const approvalFlow = z.object({
  flowId: z.string(),
  name: z.string(),
  documentTypeId: z.number().int(),
  ouId: z.string().nullable(),
  ouCode: z.string().nullable(),
  ouName: z.string().nullable(),
  active: z.enum(['Y', 'N']),
  levels: z.array(approvalLevel),
});
export type ApprovalFlow = z.infer<typeof approvalFlow>;

export const APPROVAL_FLOW_SORT = ['name', 'documentType'] as const;
const flowId = z.object({ flowId: z.uuid() });

export const approvalFlowEndpoints = {
  listApprovalFlows: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/approval-flows',
    access: READ,
    summary: 'Approval flows; filter by document type',
    query: listQuery.extend({ documentTypeId: z.coerce.number().int().optional(), sort: sortBy(APPROVAL_FLOW_SORT) }),
    response: listOf(approvalFlow),
  }),
  getApprovalFlow: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/approval-flows/{flowId}',
    access: READ,
    summary: 'One approval flow with its levels',
    params: flowId,
    response: approvalFlow,
  }),
  createApprovalFlow: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/approval-flows',
    access: EDIT,
    summary: 'Create an approval flow (one per document type and OU)',
    body: approvalFlowInput,
    response: approvalFlow,
  }),
  updateApprovalFlow: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/approval-flows/{flowId}',
    access: EDIT,
    summary: 'Replace an approval flow and its levels',
    params: flowId,
    body: approvalFlowInput,
    response: approvalFlow,
  }),
  deleteApprovalFlow: defineEndpoint({
    method: 'DELETE',
    path: '/v1/erp/approval-flows/{flowId}',
    access: FULL,
    summary: 'Delete an approval flow no document is waiting under',
    params: flowId,
    response: z.object({ ok: z.literal(true) }),
  }),
};
