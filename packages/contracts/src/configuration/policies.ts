import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** Spec 3 document type ids; -99 means all. */
export const DOCUMENT_TYPES = [
  { id: -99, key: 'all' },
  { id: 10001, key: 'createPolicy' },
  { id: 10002, key: 'createProcedure' },
  { id: 10003, key: 'createForm' },
  { id: 10004, key: 'managePolicy' },
  { id: 10005, key: 'manageProcedure' },
  { id: 10006, key: 'manageForm' },
  { id: 10007, key: 'voidPolicy' },
  { id: 10008, key: 'voidProcedure' },
  { id: 10009, key: 'voidForm' },
  // The general ledger's documents (LEDGER_DOCUMENT_TYPES): users may be prohibited from them like any other type.
  { id: 20001, key: 'journal' },
  { id: 20002, key: 'cashIn' },
  { id: 20003, key: 'cashOut' },
] as const;
export const ALL_DOCUMENT_TYPES = -99;
export const isDocumentTypeId = (n: number) => DOCUMENT_TYPES.some((d) => d.id === n);
const documentTypeId = z.number().int().refine(isDocumentTypeId, 'unknown document type');

/** What an OU's policy may restrict (spec 6): records users of the OU may pick and post. */
export const POLICY_KINDS = ['documentTypes', 'products', 'warehouses', 'partners', 'cashBanks', 'glActivities'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

const codes = z.array(z.string().trim().min(1).max(50)).max(5000);

export const ouPolicy = z.object({
  documentTypes: z.array(documentTypeId).max(20),
  products: codes,
  warehouses: codes,
  partners: codes,
  cashBanks: codes,
  glActivities: codes,
  /** Users who work under this OU's policy. */
  memberIds: z.array(z.uuid()).max(5000),
});
export type OuPolicy = z.infer<typeof ouPolicy>;

const POLICY_READ = ['readOnlyConfigPolicy', 'createEditConfigPolicy', 'writeAllConfigPolicy'] as const;
const POLICY_EDIT = ['createEditConfigPolicy', 'writeAllConfigPolicy'] as const;
const ouId = z.object({ ouId: z.uuid() });
const userId = z.object({ userId: z.uuid() });

export const policyEndpoints = {
  listOuPolicies: defineEndpoint({
    method: 'GET',
    path: '/v1/config/policy-ou',
    access: POLICY_READ,
    summary: 'Every OU with a policy and how many entries of each kind it holds',
    response: z.object({ items: z.array(z.object({ ouId: z.string(), counts: z.record(z.string(), z.number()), members: z.number() })) }),
  }),
  getOuPolicy: defineEndpoint({
    method: 'GET',
    path: '/v1/config/policy-ou/{ouId}',
    access: POLICY_READ,
    summary: "An OU's policy",
    params: ouId,
    response: ouPolicy,
  }),
  saveOuPolicy: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/policy-ou/{ouId}',
    access: POLICY_EDIT,
    summary: "Replace an OU's policy; at least one list must be filled",
    params: ouId,
    body: ouPolicy,
    response: ouPolicy,
  }),
  deleteOuPolicy: defineEndpoint({
    method: 'DELETE',
    path: '/v1/config/policy-ou/{ouId}',
    access: ['writeAllConfigPolicy'],
    summary: "Remove an OU's policy (its users are then unrestricted by it)",
    params: ouId,
    response: z.object({ ok: z.literal(true) }),
  }),
  getProhibitions: defineEndpoint({
    method: 'GET',
    path: '/v1/config/policy-ou/prohibitions/{userId}',
    access: POLICY_READ,
    summary: 'Document types a user may not create',
    params: userId,
    response: z.object({ documentTypeIds: z.array(z.number()) }),
  }),
  saveProhibitions: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/policy-ou/prohibitions/{userId}',
    access: POLICY_EDIT,
    summary: 'Set the document types a user may not create',
    params: userId,
    // Unknown types are refused by the server after it has checked who may change this user's prohibitions.
    body: z.object({ documentTypeIds: z.array(z.number().int()).max(20) }),
    response: z.object({ documentTypeIds: z.array(z.number()) }),
  }),
};
