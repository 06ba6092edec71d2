import { z } from 'zod';
import { XLSX_CONTENT_TYPE, defineEndpoint, listOf, listQuery, sortBy } from '../endpoint.ts';
import { AUDIT_ACTIONS, AUDIT_MODULES, type AuditAction, type AuditModule } from '../audit/names.ts';
import { auditEntry } from '../audit/endpoints.ts';

/**
 * The audit log screen (spec 1 "audit logs", issue 11): every audited business write of the tenant, filterable, with
 * its before and after side by side, and the tamper-evident chain's verification. The screen only reads: any of the AuditLog task variants opens it.
 */
const AUDIT_LOG_READ = ['readOnlyErpAuditLog', 'createEditErpAuditLog', 'writeAllErpAuditLog'] as const;

const moduleNames = Object.keys(AUDIT_MODULES) as [AuditModule, ...AuditModule[]];
const actionNames = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** The list sorts by time only: `at` oldest first, `-at` (the default) newest first. */
export const AUDIT_LOG_SORT = ['at'] as const;

export const auditLogFilter = z.object({
  userId: z.uuid().optional(),
  /** A catalogued module; rows written under its legacy name match too. */
  module: z.enum(moduleNames).optional(),
  action: z.enum(actionNames).optional(),
  /** The record: its kind (entity), its id, or text in its before or after values. */
  record: z.string().trim().max(100).optional(),
  /** Calendar dates in WIB, both included. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: sortBy(AUDIT_LOG_SORT),
});
export type AuditLogFilter = z.infer<typeof auditLogFilter>;

export const auditLogItem = auditEntry.extend({
  /** Position in the tenant's chain (gap-free from 1); null until the row is chained, a moment after its commit. */
  seq: z.number().nullable(),
  /** The full name of the user who wrote it (null: the system, or a visitor of the public site). */
  userName: z.string().nullable(),
  prevHash: z.string().nullable(),
  hash: z.string().nullable(),
});
export type AuditLogItem = z.infer<typeof auditLogItem>;

/**
 * Why a link of the chain is broken: `hash` the row's content no longer gives its hash (changed), `link` the row does
 * not point at the hash of the row before it, `gap` rows before it are missing, `missing` the newest rows are gone.
 */
export const AUDIT_CHAIN_BREAKS = ['hash', 'link', 'gap', 'missing'] as const;
export type AuditChainBreak = (typeof AUDIT_CHAIN_BREAKS)[number];

export const auditChainVerification = z.object({
  ok: z.boolean(),
  /** Rows checked, in chain order, up to the first broken link. */
  checked: z.number(),
  firstBrokenSeq: z.number().optional(),
  firstBrokenAt: z.string().optional(),
  reason: z.enum(AUDIT_CHAIN_BREAKS).optional(),
});
export type AuditChainVerification = z.infer<typeof auditChainVerification>;

export const auditLogEndpoints = {
  listAuditLog: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/audit-log',
    access: AUDIT_LOG_READ,
    summary: "The tenant's audited writes, newest first; filter by user, module, action, record and WIB dates",
    query: listQuery.omit({ keyword: true }).extend(auditLogFilter.shape),
    response: listOf(auditLogItem),
  }),
  exportAuditLog: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/audit-log/export',
    access: AUDIT_LOG_READ,
    summary: 'The same rows as an xlsx file (at most 50,000 rows)',
    query: auditLogFilter.extend({ lang: z.enum(['id', 'en']).default('id') }),
    response: z.custom<Uint8Array>(),
    file: { contentType: XLSX_CONTENT_TYPE },
  }),
  verifyAuditLog: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/audit-log/verify',
    access: AUDIT_LOG_READ,
    summary: "Walks the tenant's hash chain in order and reports the first broken link, if any",
    response: auditChainVerification,
  }),
};

/** One field of a record before and after a write; `changed` when the two values differ. */
export interface AuditFieldChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** JSON with object keys sorted, so two equal values give one text whatever their key order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_key, value: unknown) =>
    isRecord(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value,
  ) ?? 'null';

/**
 * The fields of a write side by side, in the order the record gives them (after's, then those only before had). A
 * value that is not an object (a list, a number) is one field named ''. A create has no before, a delete no after:
 * every field then counts as changed.
 */
export function auditFieldChanges(before: unknown, after: unknown): AuditFieldChange[] {
  const wrap = (v: unknown): Record<string, unknown> => (v === null || v === undefined ? {} : isRecord(v) ? v : { '': v });
  const b = wrap(before);
  const a = wrap(after);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields.map((field) => {
    const inBefore = Object.hasOwn(b, field);
    const inAfter = Object.hasOwn(a, field);
    const was = inBefore ? b[field] : undefined;
    const is = inAfter ? a[field] : undefined;
    return { field, before: was, after: is, changed: inBefore !== inAfter || canonical(was) !== canonical(is) };
  });
}
